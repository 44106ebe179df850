import { randomBytes } from 'node:crypto';
import { ApiError } from '@canopy/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSitePath } from '../../routing/same-site.js';
import { ACCOUNT_MESSAGES } from '../../user/account-messages.js';
import { ACCOUNT_PATHS } from '../../user/account-paths.js';
import { SignInError } from '../../user/platform-accounts.js';
import { safeRedirectTarget } from '../../user/redirect-target.js';
import { accountPlaces, withQuery } from './account-routes.js';
import { MAX_SECURITY_TOKEN_LENGTH, securityTokenInUrl } from './security-token-url.js';
import type { SiteSessions } from './site-sessions.js';

/** The client id of federated website sign-in (contract §3.6). */
export const FEDERATED_CLIENT_ID = 'WebsiteAdfsClient';

/** The identity provider's authorize endpoint, under the `{root}/authenticate/` authority. */
export const AUTHORIZE_PATH = '/authenticate/connect/authorize';

const MAX_QUERY_VALUE = 500;

/**
 * The account addresses a visitor reaches by following a link (GET): the link of a
 * verification mail, "send the verification mail again" (website spec §7) and the start of a
 * federated sign-in (on hosts that offer it; elsewhere a 303 to the sign-in page). Each
 * answers with a redirect (303, or JSON when asked for), its outcome
 * kept in the session for the next page, and nothing any cache may keep. Links they send or
 * hand on are built on `publicOrigin`, the configured address of the request's host. Each also
 * answers under the site's language prefixes (`languagePaths`, `/cy/account/verify`), leading
 * to that language's pages; a mail it asks for is in that language.
 */
export function registerAccountLinkRoutes(
  app: FastifyInstance,
  sessions: SiteSessions,
  publicOrigin: (request: FastifyRequest) => string | null,
  federatedSignIn: (request: FastifyRequest) => boolean = () => true,
  languagePaths: Readonly<Record<string, string>> = {},
): void {
  /** The absolute address of a path of this site on the request's configured host. */
  const pageAddress = (request: FastifyRequest, path: string): string | null => {
    const origin = publicOrigin(request);
    return origin ? `${origin}${path}` : null;
  };
  for (const { base, language } of accountPlaces(languagePaths)) {
    app.get(`${base}${ACCOUNT_PATHS.verifyEmail}`, async (request, reply) => {
      const token = queryValue(request, 'token');
      const current = await sessions.read(request);
      let ok = false;
      let error: string | null = ACCOUNT_MESSAGES.verifyLinkInvalid;
      if (token) {
        try {
          await sessions.accounts.verifyEmail(token);
          ok = true;
          error = null;
        } catch (failure) {
          if (!(failure instanceof ApiError && failure.status < 500)) {
            request.log.warn({ error: (failure as Error).message }, 'Email verification failed');
            error = ACCOUNT_MESSAGES.noResponse;
          }
        }
      }
      sessions.setFeedback(current, { outcome: { flow: 'verifyEmail', ok, error }, form: null });
      await sessions.commit(request, reply, current);
      const location = `${base}${ok ? ACCOUNT_PATHS.login : ACCOUNT_PATHS.verifyEmailPage}`;
      return answer(request, reply, ok ? 200 : 422, { ok, error, location }, location);
    });

    app.get(`${base}${ACCOUNT_PATHS.verifyResend}`, async (request, reply) => {
      const user = queryValue(request, 'user');
      const current = await sessions.read(request);
      let status = 200;
      let error: string | null = null;
      if (!user) {
        status = 400;
        error = ACCOUNT_MESSAGES.verifyNeedsUser;
      } else {
        try {
          const link = pageAddress(request, `${base}${ACCOUNT_PATHS.verifyEmail}`);
          // Unreachable behind the server's host check; without an address no mail is sent.
          if (!link) throw new Error('No public address is configured for this host');
          await sessions.accounts.requestEmailVerification(user, link, language);
        } catch (failure) {
          request.log.warn({ error: (failure as Error).message }, 'Asking for a verification mail failed');
          status = 503;
          error = ACCOUNT_MESSAGES.noResponse;
        }
      }
      // The same answer whether or not the address has an account waiting for verification.
      sessions.setFeedback(current, {
        outcome: { flow: 'verifyResend', ok: error === null, error },
        form: {
          form: 'verifyResend',
          fieldErrors: error === ACCOUNT_MESSAGES.verifyNeedsUser ? { user: error } : {},
          values: user ? { user } : {},
        },
      });
      await sessions.commit(request, reply, current);
      const location = `${base}${ACCOUNT_PATHS.verifyEmailPage}`;
      return answer(request, reply, status, { ok: error === null, error }, location);
    });

    app.get(`${base}${ACCOUNT_PATHS.federatedLogin}`, async (request, reply) => {
      const target = safeRedirectTarget(queryValue(request, 'redirect_uri'), base || '/');
      // A host the identity provider does not send visitors back to: its sign-in page would only
      // refuse them, so they go to this site's own sign-in page instead.
      if (!federatedSignIn(request)) {
        const signIn = withQuery(`${base}${ACCOUNT_PATHS.login}`, {
          redirect_uri: target === (base || '/') ? null : target,
        });
        return reply.code(303).header('cache-control', 'no-store').header('location', signIn).send();
      }
      const back = pageAddress(request, target);
      if (!back) return answer(request, reply, 400, { ok: false, error: 'Unknown host' }, '/');
      const authorize = new URL(`${sessions.accounts.providerUrl()}${AUTHORIZE_PATH}`);
      authorize.search = new URLSearchParams({
        client_id: FEDERATED_CLIENT_ID,
        response_type: 'id_token',
        scope: 'openid',
        // Back to the page the visitor wanted: the security token on it signs them in.
        redirect_uri: back,
        nonce: randomBytes(16).toString('base64url'),
      }).toString();
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('location', authorize.toString())
        .send();
    });
  }
}

/**
 * Signs the visitor in with a `securityToken` (or `securitytoken`) in the page address, then
 * sends them to the same address without it (302); a token the platform does not accept sends
 * them to the sign-in page instead, which shows why (the spec's messages): the sign-in page of
 * the address's language (`/cy/account/login` for a `/cy/…` address, `languagePaths`). Returns
 * `false` (and does nothing) when the address has no such parameter.
 */
export async function answerSecurityToken(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SiteSessions,
  languagePaths: Readonly<Record<string, string>> = {},
): Promise<boolean> {
  const found = securityTokenInUrl(request.url);
  if (!found) return false;
  const cleaned = sameSitePath(found.cleaned, '/');
  const current = await sessions.read(request);
  let location = cleaned;
  try {
    if (!found.token || found.token.length > MAX_SECURITY_TOKEN_LENGTH) {
      throw new SignInError('Security token is invalid', 'invalidToken', 'no usable token in the address');
    }
    const signedIn = await sessions.accounts.signInWithSecurityToken(found.token, request.ip);
    sessions.signedIn(current, signedIn.credentials, signedIn.profile);
  } catch (error) {
    const failure =
      error instanceof SignInError
        ? error
        : new SignInError(ACCOUNT_MESSAGES.noResponse, 'unavailable', String(error));
    if (failure.reason === 'unavailable') {
      request.log.warn({ error: failure.platformMessage }, 'Security-token sign-in failed');
    }
    sessions.setFeedback(current, {
      outcome: {
        flow: 'login',
        ok: false,
        error: failure.message,
        isAuthenticationError: failure.reason !== 'unavailable',
      },
      form: null,
    });
    const path = cleaned.split('?')[0] ?? '/';
    const base =
      Object.values(languagePaths).find((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ?? '';
    const signIn = `${base}${ACCOUNT_PATHS.login}`;
    location =
      path === signIn
        ? cleaned
        : withQuery(signIn, { redirect_uri: cleaned === (base || '/') ? null : cleaned });
  }
  await sessions.commit(request, reply, current);
  reply
    .code(302)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('location', location)
    .send();
  return true;
}

/** A single query value: trimmed text up to a sane length, or `null`. */
function queryValue(request: FastifyRequest, name: string): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  return trimmed && trimmed.length <= MAX_QUERY_VALUE ? trimmed : null;
}

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  json: unknown,
  location: string,
): FastifyReply {
  reply.header('cache-control', 'no-store');
  const accept = request.headers.accept ?? '';
  if (/application\/json/i.test(accept) && !/text\/html/i.test(accept)) return reply.code(status).send(json);
  return reply.code(303).header('location', location).send();
}
