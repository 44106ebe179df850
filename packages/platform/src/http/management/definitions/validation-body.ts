import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../../../management/definitions/problems.js';
import { errorBody } from '../../errors.js';

/** A route handler of the definition routes. */
export type DefinitionHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Wraps a handler so that a {@link ValidationError} is answered with the contract's validation
 * body (422, `type: "Validation"`, `data` = the list of `{ field, message }`, §1.12), as the
 * entry and security routes do; every other error goes to the server's error handler.
 *
 * @example
 * server.post(path, answering(async (request, reply) => …));
 */
export function answering(handler: DefinitionHandler): DefinitionHandler {
  return async (request, reply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return reply
        .code(422)
        .type('application/json; charset=utf-8')
        .send({ ...errorBody(error.message, error.problems), type: 'Validation' });
    }
  };
}
