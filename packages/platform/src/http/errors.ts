import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../contract.js';
import { HttpError, ValidationError } from '../delivery/errors.js';
import { SearchAccessError, SearchBusyError, SearchError } from '../search/index.js';

/**
 * The contract's error body (§1.12) with a fresh `logId` that also goes to the log, so a
 * user's report can be matched to the server's record.
 */
export function errorBody(message: string, data: unknown = null, logId: string = randomUUID()): ErrorBody {
  return { logId, message, data, type: 'error' };
}

/** Sends an error response with the contract's body. */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  data: unknown = null,
): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(message, data));
}

/** Messages for Fastify's own client errors, in the platform's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; a JSON document was expected',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json)',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
  FST_ERR_BAD_URL: 'The request URL is malformed',
};

/**
 * Maps any error to a response. Client errors (the platform's {@link HttpError}, search
 * errors, Fastify's parse/size/media-type errors) answer 4xx with their message. Anything
 * else is a real fault: it is logged with a `logId`, and the client gets a 500 with that
 * `logId` and a generic message — never a stack or internal detail.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ValidationError) {
    return reply
      .code(422)
      .type('application/json; charset=utf-8')
      .send({ ...errorBody(error.message, error.problems), type: 'Validation' });
  }
  if (error instanceof HttpError) return sendError(reply, error.status, error.message, error.data);
  if (error instanceof SearchAccessError) return sendError(reply, 403, error.message);
  if (error instanceof SearchBusyError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    return sendError(reply, 503, error.message);
  }
  if (error instanceof SearchError) return sendError(reply, 400, error.message);
  const fastifyError = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      (fastifyError.code && FRAMEWORK_MESSAGES[fastifyError.code]) ??
      (error instanceof SyntaxError ? 'The request body is not valid JSON' : undefined) ??
      fastifyError.message ??
      'Bad request';
    return sendError(reply, status, message);
  }
  const logId = randomUUID();
  request.log.error({ err: error, logId }, 'Unhandled error while answering a request');
  return reply
    .code(500)
    .type('application/json; charset=utf-8')
    .send(errorBody('An unexpected error occurred. Quote the logId when reporting it.', null, logId));
}

/** Installs the error handler and a 404 handler that answers with the contract's body. */
export function installErrorHandling(server: FastifyInstance): void {
  server.setErrorHandler((error, request, reply) => handleError(error, request, reply));
  server.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'The requested resource could not be found', {
      method: request.method,
      path: request.url.split('?')[0],
    }),
  );
}
