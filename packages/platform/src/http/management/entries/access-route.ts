import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../../delivery/errors.js';
import { readEntryAccess, writeEntryAccess } from '../../../management/entries/access.js';
import type { ApiDeps } from '../../api-deps.js';
import { objectBody } from '../common.js';
import { entryOperationContext, publishEvents } from './request.js';

type EntryRequest = FastifyRequest<{ Params: { projectId: string; entryId: string } }>;

const PATH = '/api/management/projects/:projectId/entries/:entryId/access';

function entryIdOf(request: EntryRequest): string {
  const id = request.params.entryId;
  if (id.length > 200) throw badRequest('The entry id is too long');
  return id;
}

/**
 * Canopy's addition to the management API (contract §7.7): who the delivery API serves an
 * entry to. `GET` (scope `Entry_Read`, permission to view the entry) and `PUT` with
 * `{ "requireLogin": false | true | [group ids or names] }` (scope `Entry_Write`, permission
 * to update it).
 */
export function registerEntryAccessRoutes(server: FastifyInstance, deps: ApiDeps): void {
  server.get(PATH, async (request: EntryRequest) =>
    readEntryAccess(entryOperationContext(deps, request, 'read'), entryIdOf(request)),
  );
  server.put(PATH, async (request: EntryRequest) => {
    const context = entryOperationContext(deps, request, 'update');
    const result = writeEntryAccess(
      context,
      entryIdOf(request),
      objectBody(request, 'a JSON object { "requireLogin": false | true | [group ids or names] }'),
    );
    publishEvents(deps, result.events);
    return result.access;
  });
}
