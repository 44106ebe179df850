import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { securityTokenSignIn } from '../../auth/grants.js';
import { addressKey, type SignInThrottle } from '../../auth/throttle.js';
import type { ApiDeps } from '../api-deps.js';
import { installFormParser } from '../body-parsers.js';
import {
  type AuthorizeProblem,
  type AuthorizeRequest,
  parseAuthorizeRequest,
  returnAddress,
} from './authorize-request.js';
import { parseCookies } from './cookies.js';
import { authorizeProblemPage, signInPage } from './sign-in-page.js';

/** Path of the federated sign-in (OIDC authorize) endpoint, under the `{root}/authenticate/` authority. */
export const AUTHORIZE_PATH = '/authenticate/connect/authorize';

/** The cookie whose value the sign-in form repeats (against login CSRF). */
export const FORM_TOKEN_COOKIE = 'canopy_sign_in_form';

const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/** The messages of the sign-in page. */
export const SignInPageMessages = {
  refused: 'The username or password is not right. Check them and try again.',
  unverified:
    'This account’s email address is not confirmed yet. Open the link in the mail we sent when you registered, then sign in.',
  throttled: (seconds: number) =>
    `Too many failed sign-in attempts. Wait ${Math.max(1, Math.ceil(seconds / 60))} minute(s) and try again.`,
  expired: 'The sign-in form expired. Enter your username and password again.',
  missing: 'Enter your username and your password.',
} as const;

/**
 * Federated website sign-in with the platform as the identity provider (contract §3.6):
 *
 * - `GET /authenticate/connect/authorize?client_id=WebsiteAdfsClient&response_type=id_token&scope=openid&redirect_uri=…[&state=…&nonce=…]`
 *   shows the platform's sign-in page (a checked request only; anything else gets a page
 *   saying what is wrong, never a redirect).
 * - `POST` of that page's form checks the username and password with the same throttle and
 *   answers as the token endpoint, then redirects (303) to `redirect_uri` with a
 *   `securityToken` (five minutes, single use) that the site exchanges through
 *   IsAuthenticated (§3.7). A failed attempt shows the page again with the reason.
 *
 * Redirect addresses are limited to the configured origins (`signInRedirectOrigins`), or to
 * sites on this machine when none are configured. The form carries a token that must match a
 * SameSite=Strict cookie, so another site cannot sign a visitor in as someone else.
 */
export function registerAuthorizeRoute(
  server: FastifyInstance,
  deps: ApiDeps,
  throttle: SignInThrottle,
): void {
  const origins = deps.signInRedirectOrigins ?? [];
  server.register(async (scope) => {
    installFormParser(scope);
    scope.get(AUTHORIZE_PATH, async (request, reply) => {
      const parsed = parseAuthorizeRequest(request.query as Record<string, unknown>, origins);
      if (isProblem(parsed)) return sendProblem(reply, parsed);
      const formToken = randomBytes(24).toString('base64url');
      setFormCookie(reply, formToken, request.protocol === 'https');
      return sendPage(reply, 200, parsed, signInPage({ request: parsed, formToken, action: AUTHORIZE_PATH }));
    });

    scope.post(AUTHORIZE_PATH, { bodyLimit: FORM_BODY_LIMIT_BYTES }, async (request, reply) => {
      const fields = (
        typeof request.body === 'object' && request.body !== null ? request.body : {}
      ) as Record<string, unknown>;
      const parsed = parseAuthorizeRequest(fields, origins);
      if (isProblem(parsed)) return sendProblem(reply, parsed);
      const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
      const username = text('username').trim().slice(0, 320);
      const again = (status: number, error: string) => {
        const formToken = randomBytes(24).toString('base64url');
        setFormCookie(reply, formToken, request.protocol === 'https');
        return sendPage(
          reply,
          status,
          parsed,
          signInPage({ request: parsed, formToken, action: AUTHORIZE_PATH, username, error }),
        );
      };
      const cookie = parseCookies(request.headers.cookie)[FORM_TOKEN_COOKIE];
      if (!cookie || !sameToken(cookie, text('form_token'))) return again(403, SignInPageMessages.expired);
      const password = text('password');
      if (!username || !password) return again(400, SignInPageMessages.missing);
      const result = await securityTokenSignIn(username, password, {
        db: deps.db,
        now: deps.now,
        lifetimes: deps.tokenLifetimes,
        throttle,
        address: addressKey(request.ip),
        sleep: deps.sleep,
      });
      if (!result.ok) {
        if (result.status === 429) {
          reply.header('retry-after', String(result.retryAfterSeconds ?? 60));
          return again(429, SignInPageMessages.throttled(result.retryAfterSeconds ?? 60));
        }
        return again(
          400,
          result.body.reason === 'email_not_verified'
            ? SignInPageMessages.unverified
            : SignInPageMessages.refused,
        );
      }
      reply.header(
        'set-cookie',
        `${FORM_TOKEN_COOKIE}=; Path=/authenticate; Max-Age=0; HttpOnly; SameSite=Strict`,
      );
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('location', returnAddress(parsed, result.securityToken))
        .send();
    });
  });
}

function isProblem(value: AuthorizeRequest | AuthorizeProblem): value is AuthorizeProblem {
  return 'problem' in value;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function setFormCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.header(
    'set-cookie',
    `${FORM_TOKEN_COOKIE}=${value}; Path=/authenticate; Max-Age=1800; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}

/** A page of the sign-in flow: never cached, never framed, and its form may only go back to the site. */
function sendPage(reply: FastifyReply, status: number, request: AuthorizeRequest, html: string) {
  const site = new URL(request.redirectUri).origin;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      // Chromium applies form-action to the redirect after the POST as well.
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${site}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html);
}

function sendProblem(reply: FastifyReply, problem: AuthorizeProblem) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    .send(authorizeProblemPage(problem.problem));
}
