import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../../../auth/scopes.js';
import type { PlatformEvent } from '../../../events/bus.js';
import type { EntryOperationContext } from '../../../management/entries/context.js';
import { EntryValidationError } from '../../../management/entries/errors.js';
import type { ApiDeps } from '../../api-deps.js';
import { errorBody } from '../../errors.js';
import { type ManagementRequest, managementRequest, requirePermission } from '../common.js';

/**
 * Authenticates a management entry request (401), checks its scope (403) and loads the project
 * (404), and returns the context the entry operations run with; they check the caller's
 * permissions themselves once they know the content type and language (403).
 */
export function entryOperationContext(
  deps: ApiDeps,
  request: FastifyRequest,
  scope: Scope,
): EntryOperationContext & { request: ManagementRequest } {
  const managed = managementRequest(deps, request, { scope });
  const { caller, project } = managed;
  return {
    request: managed,
    db: deps.db,
    project,
    actor: caller.name,
    now: deps.now,
    authorize: (target, action) =>
      requirePermission(
        deps,
        caller,
        project.id,
        {
          resourceType: target.resourceType,
          ...(target.id !== undefined ? { id: target.id } : {}),
          ...(target.language !== undefined ? { language: target.language } : {}),
        },
        action,
      ),
  };
}

/** Publishes the events of a committed write. */
export function publishEvents(deps: ApiDeps, events: readonly PlatformEvent[]): void {
  for (const event of events) deps.events.publish(event);
}

/**
 * Wraps a route handler so that an {@link EntryValidationError} is answered with the
 * contract's validation body (`type: "Validation"`, `data` = the problems, §1.12); every other
 * error goes to the server's error handler.
 */
export function withValidationBody<R extends FastifyRequest>(
  handler: (request: R, reply: FastifyReply) => Promise<unknown>,
): (request: R, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (!(error instanceof EntryValidationError)) throw error;
      return reply
        .code(422)
        .type('application/json; charset=utf-8')
        .send({ ...errorBody(error.message, error.problems), type: 'Validation' });
    }
  };
}
