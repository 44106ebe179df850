import type { FastifyInstance } from 'fastify';
import { HttpError } from '../delivery/errors.js';

/**
 * JSON body parsing for every API. The contract's clients send `Content-Type:
 * application/json` on every request, GET and DELETE included, usually with no body: an empty
 * body therefore parses as "no body" rather than a 400. Non-empty bodies go through Fastify's
 * own parser, which refuses `__proto__` and `constructor.prototype` keys. Merge-patch and
 * JSON-patch bodies (user and entry PATCH) are JSON too.
 */
export function installBodyParsers(server: FastifyInstance): void {
  const strictJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser(
    ['application/json', 'application/merge-patch+json', 'application/json-patch+json'],
    { parseAs: 'string' },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      strictJson(request, text, (error, value) => {
        if (error) done(new HttpError(400, 'The request body is not valid JSON'), undefined);
        else done(null, value);
      });
    },
  );
}

/**
 * Parses `application/x-www-form-urlencoded` bodies into a null-prototype object of strings
 * (first value wins). Only the token endpoint takes forms: install it inside that route's
 * encapsulated plugin, so every other endpoint keeps answering forms with 415.
 */
export function installFormParser(server: FastifyInstance): void {
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      // Object.create(null): a field named __proto__ stays a plain field.
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(text)) {
        if (!(key in fields)) fields[key] = value;
      }
      done(null, fields);
    },
  );
}
