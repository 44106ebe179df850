import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runGrant, type TokenForm } from '../../auth/grants.js';
import { addressKey, type SignInThrottle } from '../../auth/throttle.js';
import { type GrantOutcome, oauthError, TokenMessages } from '../../auth/token-response.js';
import { HttpError } from '../../delivery/errors.js';
import type { ApiDeps } from '../api-deps.js';
import { installFormParser } from '../body-parsers.js';
import { handleError } from '../errors.js';

/** Path of the OAuth token endpoint (contract §3.1). */
export const TOKEN_PATH = '/authenticate/connect/token';

/** Header carrying the legacy CMS session token on classic-grant responses (contract §3.2). */
export const CLASSIC_TOKEN_HEADER = 'x-contensis-classic-token';

/** A token request is a few short fields; anything near this size is not one. */
const TOKEN_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * `POST /authenticate/connect/token` (contract §3.1–3.4). The form parser is installed in an
 * encapsulated plugin so that only this route accepts forms; every failure, parse errors
 * included, answers with an OAuth error body rather than the API error body, and no response
 * may be cached.
 */
export function registerTokenRoute(server: FastifyInstance, deps: ApiDeps, throttle: SignInThrottle): void {
  server.register(async (scope) => {
    installFormParser(scope);
    scope.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const status = error instanceof HttpError ? error.status : error.statusCode;
      if (typeof status !== 'number' || status < 400 || status >= 500)
        return handleError(error, request, reply);
      return sendOutcome(reply, oauthError('invalid_request', TokenMessages.malformedBody));
    });
    scope.post(TOKEN_PATH, { bodyLimit: TOKEN_BODY_LIMIT_BYTES }, async (request, reply) => {
      const form = formOf(request);
      if (!form) return sendOutcome(reply, oauthError('invalid_request', TokenMessages.notAForm));
      const outcome = await runGrant(form, {
        db: deps.db,
        now: deps.now,
        lifetimes: deps.tokenLifetimes,
        throttle,
        address: addressKey(request.ip),
        sleep: deps.sleep,
      });
      return sendOutcome(reply, outcome);
    });
  });
}

/** The parsed form, or undefined when the body is not a form (JSON, text, nothing). */
function formOf(request: FastifyRequest): TokenForm | undefined {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return undefined;
  // An empty form body never reaches the parser.
  const body = request.body ?? {};
  return typeof body === 'object' && body !== null ? (body as TokenForm) : undefined;
}

function sendOutcome(reply: FastifyReply, outcome: GrantOutcome): FastifyReply {
  // Tokens and errors alike must not be stored by any cache (RFC 6749 §5.1).
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  reply.type('application/json; charset=utf-8');
  if (outcome.ok) {
    if (outcome.classicToken) reply.header(CLASSIC_TOKEN_HEADER, outcome.classicToken);
    return reply.code(200).send(outcome.body);
  }
  if (outcome.retryAfterSeconds !== undefined) reply.header('retry-after', String(outcome.retryAfterSeconds));
  return reply.code(outcome.status).send(outcome.body);
}
