import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/open.js';
import type { DeliveryContext } from '../../delivery/context.js';
import {
  getEntry,
  listEntries,
  searchEntriesFromBody,
  searchEntriesFromQuery,
} from '../../delivery/entries.js';
import { badRequest, notFound } from '../../delivery/errors.js';
import { classifyNodePath } from '../../delivery/node-route.js';
import {
  getNodeAncestorAtLevel,
  getNodeAncestors,
  getNodeById,
  getNodeByPath,
  getNodeChildren,
  getNodeParent,
  getNodeSiblings,
  getNodesForEntry,
  getRoot,
  nodeExists,
} from '../../delivery/nodes.js';
import type { SearchPool } from '../../delivery/search-pool.js';
import { getTaxonomyByKey, getTaxonomyByPath } from '../../delivery/taxonomy.js';
import type { DeliveryAuthenticator } from '../auth.js';
import { answer, deliveryGuard, queryOf } from './request-context.js';

/** Options of {@link registerDeliveryRoutes}. */
export interface DeliveryRoutesOptions {
  db: Db;
  authenticators: readonly DeliveryAuthenticator[];
  /** The clock, ms since epoch (default `Date.now`): when visitors' tokens expire, what `now()` in a search means. */
  now?: () => number;
  /** Worker threads for searches (see `SearchPool`); without one, searches run in-process. */
  searchPool?: SearchPool;
}

const PREFIX = '/api/delivery/projects/:projectId';

/**
 * The delivery API (contract §1.3, D1–D18) under `/api/delivery/projects/{projectId}`. Route
 * matching ignores letter case and a trailing slash (server options); every route needs a
 * delivery credential (see `deliveryGuard`).
 */
export function registerDeliveryRoutes(server: FastifyInstance, options: DeliveryRoutesOptions): void {
  const guard = deliveryGuard(options.db, options.authenticators, options.now);
  const get = (path: string, handler: ReturnType<typeof answer>) =>
    server.get(`${PREFIX}${path}`, { preHandler: guard }, handler);
  // Routes that may search hand the pool to their context.
  const searching = <T>(handler: (context: DeliveryContext, request: FastifyRequest) => T) =>
    answer((context, request) => {
      context.searchPool = options.searchPool;
      return handler(context, request);
    });

  // D1
  get(
    '',
    answer((context) => context.project),
  );

  // D2
  get(
    '/contentTypes/:contentTypeId',
    answer((context, request) => {
      const { contentTypeId } = request.params as { contentTypeId: string };
      const contentType = context.contentType(contentTypeId);
      if (!contentType) {
        throw notFound('The content type could not be found', {
          contentTypeId,
          projectId: context.project.id,
        });
      }
      context.keys.contentType(contentTypeId);
      return contentType;
    }),
  );

  // D5
  get(
    '/contentTypes/:contentTypeId/entries',
    answer((context, request) =>
      listEntries(context, queryOf(request), (request.params as { contentTypeId: string }).contentTypeId),
    ),
  );

  // D4 (and ZenQL search)
  get(
    '/entries',
    searching((context, request) => listEntries(context, queryOf(request))),
  );

  // D6
  get(
    '/entries/search',
    searching((context, request) => searchEntriesFromQuery(context, queryOf(request))),
  );

  // D7
  server.post(
    `${PREFIX}/entries/search`,
    { preHandler: guard },
    searching((context, request) => searchEntriesFromBody(context, queryOf(request), request.body)),
  );

  // D3
  get(
    '/entries/:entryId',
    answer((context, request) =>
      getEntry(context, (request.params as { entryId: string }).entryId, queryOf(request)),
    ),
  );

  // D11 (`/nodes/?entryId=`); `/nodes?path=` is accepted as another spelling of D10.
  get(
    '/nodes',
    answer((context, request) => {
      const query = queryOf(request);
      if (query.entryid !== undefined) return getNodesForEntry(context, query);
      if (query.path !== undefined) return getNodeByPath(context, query.path, query);
      throw badRequest('Name a node: /nodes/root, /nodes/{id}, /nodes/{path} or /nodes?entryId={entryId}');
    }),
  );

  // D8, D9, D10, D12–D15, D18
  get(
    '/nodes/*',
    answer((context, request) => {
      const query = queryOf(request);
      const route = classifyNodePath(rawRest(request, 'nodes'), (id) => nodeExists(context, id));
      switch (route.kind) {
        case 'root':
          return getRoot(context, query);
        case 'byId':
          return getNodeById(context, route.nodeId, query);
        case 'byPath':
          return getNodeByPath(context, route.path, query);
        case 'relation':
          switch (route.relation) {
            case 'children':
              return getNodeChildren(context, route.nodeId, query);
            case 'parent':
              return getNodeParent(context, route.nodeId, query);
            case 'ancestors':
              return getNodeAncestors(context, route.nodeId, query);
            case 'siblings':
              return getNodeSiblings(context, route.nodeId, query);
            case 'ancestor':
              return getNodeAncestorAtLevel(context, route.nodeId, query);
          }
      }
    }),
  );

  // D17
  get(
    '/taxonomy/nodes',
    answer((context, request) => getTaxonomyByPath(context, queryOf(request))),
  );

  // D16 (the key's slashes arrive raw: /taxonomy/nodes/0/1/2)
  get(
    '/taxonomy/nodes/*',
    answer((context, request) => {
      const key = rawRest(request, 'taxonomy/nodes').replace(/^\/+|\/+$/g, '');
      return getTaxonomyByKey(context, key, queryOf(request));
    }),
  );
}

/**
 * The part of the request path after `/api/delivery/projects/{id}/{segment}`, taken from the
 * raw URL and percent-decoded exactly once (the router's own decoding is not relied on, so
 * `%2F` and friends mean the same on every route). A malformed escape is a 400.
 */
function rawRest(request: FastifyRequest, segment: string): string {
  const path = request.raw.url?.split('?')[0] ?? '';
  const pattern = new RegExp(`^/api/delivery/projects/[^/]+/${segment}(/.*)?$`, 'i');
  const rest = pattern.exec(path)?.[1] ?? '/';
  try {
    return decodeURIComponent(rest);
  } catch {
    throw badRequest('The request path contains a malformed percent-encoding');
  }
}
