import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/open.js';
import { getProject } from '../../db/projects.js';
import { DeliveryContext } from '../../delivery/context.js';
import { HttpError } from '../../delivery/errors.js';
import type { QueryParams } from '../../delivery/params.js';
import { authenticate, type DeliveryAuthenticator, presentedCredentials } from '../auth.js';
import { deliveryVisitor } from './visitor.js';

const contexts = new WeakMap<FastifyRequest, DeliveryContext>();

/**
 * A pre-handler that authenticates a delivery request and finds its project, in this order:
 * no credential or no valid credential → 401; unknown project → 404; a credential for another
 * project → 403. On success the request's {@link DeliveryContext} is available to handlers;
 * the visitor it reads for (forwarded sign-in cookies or a user's bearer token) is looked up
 * only if restricted content is met.
 */
export function deliveryGuard(
  db: Db,
  authenticators: readonly DeliveryAuthenticator[],
  now: () => number = Date.now,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const credentials = presentedCredentials(request);
    if (credentials.length === 0) {
      throw new HttpError(
        401,
        'An access token is required: send it in the accessToken header, the accessToken parameter or the Authorization header',
      );
    }
    const caller = await authenticate(credentials, authenticators);
    if (!caller) throw new HttpError(401, 'The access token is not valid');
    const projectId = (request.params as { projectId?: string }).projectId ?? '';
    const project = getProject(db, projectId);
    if (!project) throw new HttpError(404, 'The project could not be found', { projectId });
    if (caller.projects !== '*' && !caller.projects.includes(project.id)) {
      throw new HttpError(403, 'The access token does not grant access to this project', { projectId });
    }
    contexts.set(
      request,
      new DeliveryContext(
        db,
        project,
        caller.principalFor?.(project.id) ?? caller.principal,
        () => deliveryVisitor(db, request, now()),
        now,
      ),
    );
  };
}

/** The context {@link deliveryGuard} established for a request. */
export function deliveryContext(request: FastifyRequest): DeliveryContext {
  const context = contexts.get(request);
  if (!context) throw new Error('deliveryContext() called on a route without deliveryGuard');
  return context;
}

/** The request's query parameters (names lower-cased by the server's query-string parser). */
export function queryOf(request: FastifyRequest): QueryParams {
  return request.query as QueryParams;
}

/**
 * Wraps a delivery handler: runs it with the request's context and, when the caller sent
 * `x-require-surrogate-key: true` (contract §7.4), adds the `surrogate-key` header listing
 * what the response was built from. An answer that depended on who the visitor is (restricted
 * content, §7.7) is marked `Cache-Control: private, no-store` with `Vary: Cookie, Authorization`.
 */
export function answer<T>(handler: (context: DeliveryContext, request: FastifyRequest) => T) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Awaited<T>> => {
    const context = deliveryContext(request);
    let body: Awaited<T>;
    try {
      // Awaited inside the try: a search answered by a worker shapes its hits afterwards.
      body = await handler(context, request);
    } finally {
      // Restricted content was met: what this caller got (or was refused) is theirs alone.
      if (context.access.dependsOnVisitor) {
        reply.header('cache-control', 'private, no-store').header('vary', 'Cookie, Authorization');
      }
    }
    const wanted = request.headers['x-require-surrogate-key'];
    if ((Array.isArray(wanted) ? wanted[0] : wanted)?.trim().toLowerCase() === 'true') {
      reply.header('surrogate-key', context.keys.header());
    }
    return body;
  };
}
