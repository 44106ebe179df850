import { ApiError } from '@canopy/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  confirmedValues,
  type EntryFormDefinition,
  entryFormAt,
  entryFormPaths,
  FORM_PROBLEM,
  linkedEntryProblem,
  readEntryForm,
} from '../../forms/entry-form.js';
import { splitUrl } from '../../routing/trailing-slash.js';
import { parseFormBody, UndecodableTextError, undecodableField } from '../accounts/account-input.js';
import type { RequestSession, SiteSessions } from '../accounts/site-sessions.js';
import { RateLimiter } from '../rate-limit.js';
import { type EntryFormPlatform, NoApiClientError } from './entry-form-platform.js';

/** Largest entry form body accepted (a booking is a few hundred bytes). */
export const ENTRY_FORM_BODY_LIMIT = 16 * 1024;

/** Submissions one address may send to one form, unless the form says otherwise. */
export const DEFAULT_ENTRY_FORM_RATE = Object.freeze({ perMinute: 10, burst: 10 });

/** A body that is not an HTML form post. */
const NOT_A_FORM = Symbol('not a form');

/** What the entry form routes need from the site server. */
export interface EntryFormRouteDeps {
  sessions: SiteSessions;
  /** The site's entry forms (from its renderer: read per request, as in development it can change). */
  forms: () => Promise<readonly EntryFormDefinition[]>;
  platform: EntryFormPlatform;
  /** The clock of the rate limits (tests). */
  now?: () => number;
}

/**
 * `POST` to an entry form's page (see `defineEntryForm`): the visitor's CSRF token first (403
 * without), then a rate limit per address and form, then the fields and the linked entries
 * they name; a submission that passes becomes an entry created with the site's API client.
 * Every outcome is a redirect (303, post/redirect/get, so it works without JavaScript and a
 * reload sends nothing twice): to the confirmation page, or back to the form with the messages
 * and values kept in the session for that one page. Posts to any other address get the
 * server's 405.
 */
export async function registerEntryFormRoutes(app: FastifyInstance, deps: EntryFormRouteDeps): Promise<void> {
  const limiters = new Map<string, RateLimiter>();
  const limiterOf = (form: EntryFormDefinition): RateLimiter => {
    let limiter = limiters.get(form.id);
    if (!limiter) {
      limiter = new RateLimiter({
        ...(form.rateLimit ?? DEFAULT_ENTRY_FORM_RATE),
        ...(deps.now ? { now: deps.now } : {}),
      });
      limiters.set(form.id, limiter);
    }
    return limiter;
  };
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ENTRY_FORM_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, parseFormBody(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ENTRY_FORM_BODY_LIMIT }, (_r, _b, done) =>
      done(null, NOT_A_FORM),
    );
    // It answers the forms' paths alone (every other POST goes on to the not-found handler's
    // 405), so the Allow header of other paths must not name POST: `allowElsewhere: false`.
    const config = { allowElsewhere: false };
    scope.post('/*', { bodyLimit: ENTRY_FORM_BODY_LIMIT, config }, async (request, reply) => {
      const match = entryFormAt(await deps.forms(), splitUrl(request.url).pathname);
      if (!match) return reply.callNotFound();
      return submit(request, reply, deps, match.form, match.params, limiterOf(match.form));
    });
  });
}

async function submit(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: EntryFormRouteDeps,
  form: EntryFormDefinition,
  params: Record<string, string>,
  limiter: RateLimiter,
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store');
  const paths = entryFormPaths(form, params);
  const text = (status: number, message: string) =>
    reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(message);
  if (request.body === NOT_A_FORM || typeof request.body !== 'object' || request.body === null) {
    return text(415, 'Send the form as an HTML form post (application/x-www-form-urlencoded)');
  }
  const body = request.body as Record<string, unknown>;
  const current = await deps.sessions.read(request);
  if (!deps.sessions.verifyCsrf(current, body._csrf)) return refuseCsrf(reply, paths.page);
  if (undecodableField(body) !== null)
    throw new UndecodableTextError('The form holds text that is not valid.');

  const reading = readEntryForm(form, body);
  const back = (fieldErrors: Record<string, string>) =>
    answer(request, reply, deps.sessions, current, paths.page, {
      form: form.id,
      fieldErrors,
      values: reading.values,
    });

  const wait = limiter.take(request.ip);
  if (wait > 0) {
    request.log.info({ form: form.id, ip: request.ip }, 'Entry form rate limit reached');
    reply.header('retry-after', String(wait));
    return back({ [FORM_PROBLEM]: form.messages.tooMany.replace('{minutes}', String(Math.ceil(wait / 60))) });
  }
  if (Object.keys(reading.fieldErrors).length > 0) return back(reading.fieldErrors);

  try {
    const problems = await linkProblems(deps.platform, form, reading.links, (deps.now ?? Date.now)());
    if (Object.keys(problems).length > 0) return back(problems);
    const id = await deps.platform.createEntry(form.contentTypeId, form.language, reading.fields);
    request.log.info({ form: form.id, entryId: id }, 'Entry form submission taken');
  } catch (error) {
    logFailure(request, form, error);
    return back({ [FORM_PROBLEM]: form.messages.unavailable });
  }
  return answer(request, reply, deps.sessions, current, paths.confirmation, {
    form: form.id,
    fieldErrors: {},
    values: confirmedValues(form, reading.values),
  });
}

/** A message per link field whose entry is missing or does not meet the form's conditions. */
async function linkProblems(
  platform: EntryFormPlatform,
  form: EntryFormDefinition,
  links: Record<string, string>,
  now: number,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const field of form.fields) {
    if (field.kind !== 'entry' || links[field.name] === undefined) continue;
    const entry = await platform.readEntry(links[field.name] as string, form.language);
    const problem = linkedEntryProblem(field, entry, now);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** Leaves the outcome for the next page and sends the visitor there (303). */
async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SiteSessions,
  current: RequestSession,
  location: string,
  form: { form: string; fieldErrors: Record<string, string>; values: Record<string, string> },
): Promise<FastifyReply> {
  sessions.setFeedback(current, { outcome: null, form });
  await sessions.commit(request, reply, current);
  return reply.code(303).header('location', location).send();
}

function logFailure(request: FastifyRequest, form: EntryFormDefinition, error: unknown): void {
  if (error instanceof NoApiClientError) {
    request.log.error({ form: form.id }, error.message);
    return;
  }
  const details =
    error instanceof ApiError
      ? { status: error.status, message: error.message }
      : { message: error instanceof Error ? error.message : String(error) };
  request.log.warn({ form: form.id, ...details }, 'Entry form submission failed on the platform');
}

/** A post without the visitor's token: from another site, or a form left open too long. */
function refuseCsrf(reply: FastifyReply, page: string): FastifyReply {
  const href = page.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return reply
    .code(403)
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Form expired</title><main><h1>This form has expired</h1><p>Nothing was sent. Open the form again and send it from there.</p><p><a href="${href}">Open the form again</a></p></main></html>`,
    );
}
