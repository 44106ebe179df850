import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../delivery/errors.js';
import { findUnstorableText } from './text-hygiene.js';

/** Media types read as JSON. */
const JSON_TYPES = ['application/json', 'application/merge-patch+json', 'application/json-patch+json'];

/**
 * JSON body parsing for every API. The contract's clients send `Content-Type:
 * application/json` on every request, GET and DELETE included, usually with no body: an empty
 * body therefore parses as "no body" rather than a 400. Non-empty bodies go through Fastify's
 * own parser, which refuses `__proto__` and `constructor.prototype` keys. Merge-patch and
 * JSON-patch bodies (user and entry PATCH) are JSON too.
 *
 * JSON is read as UTF-8 only: a body declared in another charset (`charset=utf-16`, …) is a
 * 415 before it is read. A parsed body holding text that cannot be stored faithfully — a NUL
 * character or an unpaired UTF-16 surrogate (from `\u0000`, `\ud800` escapes), in a value or
 * a key — is a 422 naming where.
 */
export function installBodyParsers(server: FastifyInstance): void {
  const strictJson = server.getDefaultJsonParser('error', 'error');
  server.addHook('preParsing', async (request, _reply, payload) => {
    refuseForeignCharset(request);
    return payload;
  });
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    strictJson(request, text, (error, value) => {
      if (error) {
        done(new HttpError(400, 'The request body is not valid JSON'), undefined);
        return;
      }
      const found = findUnstorableText(value);
      if (found) {
        const where = found.path === '' ? 'the body' : found.path;
        done(
          new ValidationError(`The request body contains ${found.problem} at ${where}`, [
            { field: found.path, message: `Text must not contain ${found.problem}` },
          ]),
          undefined,
        );
        return;
      }
      done(null, value);
    });
  });
}

/**
 * A 415 for a JSON body declared in a charset other than UTF-8 (absent means UTF-8). Requests
 * without a body are let through whatever they declare: clients send the header on GETs too.
 */
function refuseForeignCharset(request: FastifyRequest): void {
  const header = request.headers['content-type'];
  if (!header || !hasBody(request)) return;
  const [type = '', ...params] = header.split(';');
  if (!JSON_TYPES.includes(type.trim().toLowerCase())) return;
  for (const param of params) {
    const [name = '', raw = ''] = param.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = raw
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') {
      throw new HttpError(
        415,
        `JSON bodies must be UTF-8; charset=${charset.slice(0, 40)} is not supported`,
        { charset: charset.slice(0, 40) },
      );
    }
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Parses `application/x-www-form-urlencoded` bodies into a null-prototype object of strings
 * (first value wins). Only the token endpoint takes forms: install it inside that route's
 * encapsulated plugin, so every other endpoint keeps answering forms with 415.
 *
 * Percent-encoding that is not UTF-8 (`%FF`, overlong or surrogate sequences, which
 * `URLSearchParams` would quietly turn into U+FFFD) and NUL characters are a 400, as the same
 * text is in JSON bodies: a password or user name must arrive exactly as typed, or not at all.
 */
export function installFormParser(server: FastifyInstance): void {
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (!isUtf8FormText(text)) {
        done(new HttpError(400, 'The form body is not valid UTF-8 text'), undefined);
        return;
      }
      // Object.create(null): a field named __proto__ stays a plain field.
      const fields: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(text)) {
        if (!(key in fields)) fields[key] = value;
      }
      const found = findUnstorableText(fields);
      if (found) {
        done(new HttpError(400, `The form body contains ${found.problem} in ${found.path}`), undefined);
        return;
      }
      done(null, fields);
    },
  );
}

/** Whether every percent-escape of a form body decodes as UTF-8. */
function isUtf8FormText(text: string): boolean {
  for (const part of text.split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return false;
    }
  }
  return true;
}
