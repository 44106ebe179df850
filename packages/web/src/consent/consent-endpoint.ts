import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsentServerSettings } from './consent-config.js';
import { consentFromForm } from './consent-form.js';
import { CONSENT_PATH } from './consent-paths.js';
import { consentCookie, readConsent } from './consent-record.js';
import { withdrawalWrites } from './cookie-clearing.js';

/** Largest form accepted (a consent form is a few dozen bytes). */
const BODY_LIMIT = 4096;

/**
 * Whether a post comes from the site's own pages: another site must not be able to record
 * consent for a visitor with a form of its own. Browsers send `Sec-Fetch-Site` and `Origin`
 * with form posts; a client that sends neither is not a browser page of another site.
 */
export function sameOriginPost(headers: FastifyRequest['headers'], host: string | undefined): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return origin === undefined;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * `POST /__consent__`: the consent forms' target when JavaScript does not run (popup buttons,
 * the panel's buttons, a placeholder's Allow button). It writes the consent cookie, deletes the
 * cookies of any category switched off (expired `Set-Cookie`s on the site's domain and the
 * paths of the page) and sends the visitor back (303) to the page they came from. Bad input gets a 400 with a message
 * and changes nothing; posts from other sites get a 403; a site without consent has no such
 * endpoint (404).
 */
export async function registerConsentEndpoint(
  app: FastifyInstance,
  settings: () => Promise<ConsentServerSettings | null>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    scope.post(CONSENT_PATH, (request, reply) => handleConsentPost(request, reply, settings));
  });
}

async function handleConsentPost(
  request: FastifyRequest,
  reply: FastifyReply,
  settingsOf: () => Promise<ConsentServerSettings | null>,
): Promise<FastifyReply> {
  const text = (status: number, message: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('content-type', 'text/plain; charset=utf-8')
      .send(message);
  const settings = await settingsOf();
  if (!settings) return text(404, 'Not Found');
  if (!sameOriginPost(request.headers, request.host)) {
    return text(403, 'Consent can only be recorded from this site’s own pages');
  }
  if (!(request.body instanceof URLSearchParams)) return text(400, 'Send the consent form as a form post');
  const current = readConsent(request.headers.cookie, settings.cookieName);
  const result = consentFromForm(request.body, current, settings);
  if (!result.ok) return text(400, result.message);
  const secure = request.protocol === 'https';
  const cleared = withdrawalWrites(settings, current, result.record, request.headers.cookie, {
    hostname: request.hostname,
    pathname: new URL(result.returnTo, 'http://site.invalid').pathname,
    secure,
  });
  return reply
    .code(303)
    .header('cache-control', 'no-store')
    .header('set-cookie', [...cleared, consentCookie(settings.cookieName, result.record, { secure })])
    .header('location', result.returnTo)
    .send();
}
