import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { callerFromAuthorization } from '../../../auth/caller.js';
import { isAuthorized } from '../../../auth/permissions.js';
import { getProject } from '../../../db/projects.js';
import { HttpError, notFound } from '../../../delivery/errors.js';
import type { PlatformEvent } from '../../../events/bus.js';
import { EventStream } from '../../../events/stream.js';
import { parseSubscription, SubscriptionError } from '../../../events/subscription.js';
import { type ApiDeps, callerOf } from '../../api-deps.js';
import { requirePermission } from '../common.js';

const STREAM_PATH = '/api/management/projects/:projectId/events/sse/stream';

/** Resource types whose events carry content a caller needs `view` permission on. */
const CONTENT_PERMISSIONS: Record<string, string> = { entry: 'entries', asset: 'assets' };

/**
 * `POST P/events/sse/stream` (contract §4.2 "Event stream"): a bearer token (401), the
 * `eventStreams` `connect` permission (403) and a subscription with at least one topic (400
 * malformed, 422 empty) open a `text/event-stream` response that stays open. Every
 * {@link PlatformEvent} of the project that matches a topic — and, for entries and assets, that
 * the caller may view — arrives as `id: <subscription id>`, `event: message` and the default
 * JSON or the subscription's template as data; a comment heartbeat every 15 s keeps proxies
 * from timing the connection out. The stream ends when the client disconnects, the server
 * closes or the caller's token stops being valid (checked at each heartbeat).
 */
export function registerEventStreamRoute(server: FastifyInstance, deps: ApiDeps): void {
  const open = new Set<EventStream>();
  // Open streams would otherwise hold `server.close()` until every client went away.
  server.addHook('preClose', (done) => {
    for (const stream of [...open]) stream.close();
    done();
  });

  server.post(STREAM_PATH, async (request, reply) => {
    let caller = callerOf(deps, request);
    const projectId = (request.params as { projectId: string }).projectId;
    // Permission first: a caller who may not connect learns nothing about which projects exist.
    requirePermission(deps, caller, projectId, { resourceType: 'eventStreams' }, 'connect');
    const project = getProject(deps.db, projectId);
    if (!project) throw notFound(`The project '${projectId}' could not be found`, { projectId });
    let subscription: ReturnType<typeof parseSubscription>;
    try {
      subscription = parseSubscription(request.body);
    } catch (error) {
      if (error instanceof SubscriptionError) throw new HttpError(error.status, error.message);
      throw error;
    }

    const authorization = request.headers.authorization;
    const visible = new Map<string, boolean>();
    const canSee = (event: PlatformEvent): boolean => {
      const resourceType = CONTENT_PERMISSIONS[event.resourceType];
      if (!resourceType) return true;
      const key = `${resourceType}|${event.contentTypeId ?? ''}|${event.language ?? ''}`;
      let allowed = visible.get(key);
      if (allowed === undefined) {
        allowed = isAuthorized(
          deps.db,
          caller,
          project.id,
          {
            resourceType,
            ...(event.contentTypeId !== undefined ? { id: event.contentTypeId } : {}),
            ...(event.language !== undefined ? { language: event.language } : {}),
          },
          'view',
        );
        visible.set(key, allowed);
      }
      return allowed;
    };
    const stillAuthorized = (): boolean => {
      try {
        caller = callerFromAuthorization(deps.db, authorization, deps.now());
        requirePermission(deps, caller, project.id, { resourceType: 'eventStreams' }, 'connect');
        visible.clear();
        return true;
      } catch {
        return false;
      }
    };

    reply.hijack();
    const response = reply.raw;
    // CORS and any other headers hooks set on the reply (e.g. @fastify/cors' Access-Control-*)
    // would be lost with the hijack; carry them over.
    const headers: OutgoingHttpHeaders = {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    };
    response.writeHead(200, headers);
    const id = randomUUID();
    const stream = new EventStream({
      id,
      projectId: project.id,
      subscription,
      bus: deps.events,
      sink: {
        write: (chunk) => response.write(chunk),
        end: () => response.end(),
        bufferedBytes: () => response.writableLength,
      },
      canSee,
      stillAuthorized,
      onClose: () => open.delete(stream),
    });
    open.add(stream);
    response.on('close', () => stream.close());
    stream.comment(`subscribed ${id}`);
  });
}
