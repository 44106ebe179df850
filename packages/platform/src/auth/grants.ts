import { findApiClient, findUserByLogin, findUserIdentity, type UserIdentity } from '../db/accounts.js';
import { type AuthTokenKind, createSession, findLiveToken, issueToken } from '../db/auth-tokens.js';
import { isEmailUnverified } from '../db/email-verifications.js';
import type { Db } from '../db/open.js';
import { recordFailedSignIn, recordSuccessfulSignIn } from '../db/sign-ins.js';
import { verifyPassword } from './passwords.js';
import { grantedScopes } from './scopes.js';
import { type SignInThrottle, underThrottle } from './throttle.js';
import {
  emailNotVerified,
  type GrantOutcome,
  oauthError,
  TokenMessages,
  tooManyRequests,
} from './token-response.js';

/** The longest value any token-request field may have; longer ones are refused before any hashing. */
export const MAX_FIELD_LENGTH = 1024;

/** The fields the endpoint reads; anything else in the form is ignored. */
const FIELDS = [
  'scope',
  'grant_type',
  'client_id',
  'client_secret',
  'username',
  'email',
  'password',
  'refresh_token',
] as const;

/** A parsed token-request form (first value of each field). */
export type TokenForm = Readonly<Record<string, string | undefined>>;

/** Everything a grant needs besides the form. */
export interface GrantContext {
  db: Db;
  /** The clock (ms since epoch). */
  now: () => number;
  lifetimes: { accessSeconds: number; refreshSeconds: number };
  throttle: SignInThrottle;
  /** The caller's address as a throttle key (see `addressKey`). */
  address: string;
  /** Waits `ms` (the throttle's delay); injectable so tests need not wait. */
  sleep: (ms: number) => Promise<void>;
}

/**
 * Runs the grant a token request asks for (contract §3.1): `client_credentials`,
 * `contensis_classic` or `contensis_classic_refresh_token`, and answers with tokens or an
 * OAuth error (§3.4). Failed sign-ins answer the same whether the account is unknown,
 * suspended or the password wrong, after the same password verification; the sign-in
 * throttle may delay or refuse attempts.
 *
 * @example
 * const outcome = await runGrant({ grant_type: 'client_credentials', client_id: 'id', client_secret: 's' }, context);
 * if (outcome.ok) reply.send(outcome.body);
 */
export async function runGrant(form: TokenForm, context: GrantContext): Promise<GrantOutcome> {
  for (const field of FIELDS) {
    const value = form[field];
    if (value !== undefined && value.length > MAX_FIELD_LENGTH) {
      return oauthError('invalid_request', TokenMessages.tooLong(field, MAX_FIELD_LENGTH));
    }
  }
  switch (form.grant_type) {
    case undefined:
    case '':
      return oauthError('invalid_request', TokenMessages.missing('grant_type'));
    case 'client_credentials':
      return clientCredentials(form, context);
    case 'contensis_classic':
      return classic(form, context);
    case 'contensis_classic_refresh_token':
      return refresh(form, context);
    default:
      return oauthError('unsupported_grant_type', TokenMessages.unsupportedGrant);
  }
}

async function clientCredentials(form: TokenForm, context: GrantContext): Promise<GrantOutcome> {
  const clientId = form.client_id;
  const secret = form.client_secret;
  if (!clientId) return oauthError('invalid_request', TokenMessages.missing('client_id'));
  if (secret === undefined) return oauthError('invalid_request', TokenMessages.missing('client_secret'));
  const scopes = grantedScopes(form.scope, 'client');
  if (scopes.length === 0) return oauthError('invalid_scope', TokenMessages.noScope);

  // Client ids match exactly, so the id as sent is the account, known or not.
  const checked = await throttled(context, `client:${clientId}`, async () => {
    const client = findApiClient(context.db, clientId);
    // An unknown client still costs a verification, so timing does not reveal which ids exist.
    const valid = await verifyPassword(client?.secretHash, secret);
    return valid && client ? client : undefined;
  });
  if (!checked.ok) return checked.outcome;
  if (!checked.value) return oauthError('invalid_client', TokenMessages.badClient);

  const now = context.now();
  const accessToken = context.db.transaction(() => {
    const session = createSession(context.db, { kind: 'client', id: checked.value!.id }, now);
    return issueToken(context.db, session, 'access', context.lifetimes.accessSeconds, scopes, now);
  })();
  return {
    ok: true,
    body: { access_token: accessToken, expires_in: context.lifetimes.accessSeconds, token_type: 'Bearer' },
  };
}

async function classic(form: TokenForm, context: GrantContext): Promise<GrantOutcome> {
  // The clients send `username`; a sign-in form may send the email instead (either matches).
  const login = form.username || form.email;
  const password = form.password;
  if (!login) return oauthError('invalid_request', TokenMessages.missing('username'));
  if (password === undefined) return oauthError('invalid_request', TokenMessages.missing('password'));
  const scopes = grantedScopes(form.scope, 'user');
  if (scopes.length === 0) return oauthError('invalid_scope', TokenMessages.noScope);

  const checked = await checkUserPassword(login, password, context);
  if (!checked.ok) return checked.outcome;
  const user = checked.user;
  const now = context.now();
  return context.db.transaction(() => {
    const session = createSession(context.db, { kind: 'user', id: user.id }, now);
    recordSuccessfulSignIn(context.db, user.id, new Date(now).toISOString());
    return userTokens(context, session, scopes, now);
  })();
}

/** How long a security token handed to a site after a sign-in page works: five minutes. */
export const SECURITY_TOKEN_SECONDS = 300;

/**
 * A sign-in on the platform's own sign-in page (federated sign-in): the same checks, throttle
 * and answers as the classic grant, but what it issues is one short-lived, single-use security
 * token in a new session, for a site to exchange with IsAuthenticated (contract §3.7).
 *
 * @example
 * const result = await securityTokenSignIn('member', 'Member-demo-2026', context);
 * if (result.ok) redirectTo(`${site}?securityToken=${encodeURIComponent(result.securityToken)}`);
 */
export async function securityTokenSignIn(
  login: string,
  password: string,
  context: GrantContext,
): Promise<{ ok: true; securityToken: string } | (GrantOutcome & { ok: false })> {
  if (!login || login.length > MAX_FIELD_LENGTH || password.length > MAX_FIELD_LENGTH) {
    return oauthError('invalid_grant', TokenMessages.badSignIn);
  }
  const checked = await checkUserPassword(login, password, context);
  if (!checked.ok) return checked.outcome;
  const user = checked.user;
  const now = context.now();
  const securityToken = context.db.transaction(() => {
    const session = createSession(context.db, { kind: 'user', id: user.id }, now);
    recordSuccessfulSignIn(context.db, user.id, new Date(now).toISOString());
    return issueToken(
      context.db,
      session,
      'security',
      SECURITY_TOKEN_SECONDS,
      grantedScopes(undefined, 'user'),
      now,
    );
  })();
  return { ok: true, securityToken };
}

/**
 * Checks a login (username or email) and password under the throttle. Failed sign-ins answer
 * the same whether the account is unknown, suspended or the password wrong; the right password
 * of an account whose email address is not verified is told apart.
 */
async function checkUserPassword(
  login: string,
  password: string,
  context: GrantContext,
): Promise<{ ok: true; user: UserIdentity } | { ok: false; outcome: GrantOutcome & { ok: false } }> {
  // Username and email of one account are one account to the throttle; unknown logins are
  // counted by what was typed, so they behave exactly like known ones.
  const known = findUserByLogin(context.db, login);
  const account = known ? `user:${known.id}` : `login:${login.toLowerCase()}`;
  const checked = await throttled(context, account, async () => {
    const user = findUserByLogin(context.db, login);
    // Verified whether or not the account exists or is suspended: every failure costs the same.
    const valid = await verifyPassword(user?.passwordHash, password);
    if (valid && user && !user.suspended) return user;
    if (user) recordFailedSignIn(context.db, user.id, new Date(context.now()).toISOString());
    return undefined;
  });
  if (!checked.ok) return { ok: false, outcome: checked.outcome };
  if (!checked.value) return { ok: false, outcome: oauthError('invalid_grant', TokenMessages.badSignIn) };
  if (isEmailUnverified(context.db, checked.value.id)) return { ok: false, outcome: emailNotVerified() };
  return { ok: true, user: checked.value };
}

async function refresh(form: TokenForm, context: GrantContext): Promise<GrantOutcome> {
  const value = form.refresh_token;
  if (!value) return oauthError('invalid_request', TokenMessages.missing('refresh_token'));
  // Refresh tokens are 256-bit random values: guessing is hopeless, so they are not throttled
  // (and a site refreshing its visitors' expired tokens must not lock its own address out).
  const now = context.now();
  const token = findLiveToken(context.db, value, ['refresh'], now);
  const user = token?.subject.kind === 'user' ? findUserIdentity(context.db, token.subject.id) : undefined;
  if (!token || !isActive(user)) return oauthError('invalid_grant', TokenMessages.badRefreshToken);

  // A refresh can narrow the session's scopes but never widen them.
  const held = new Set(token.scopes);
  const scopes = form.scope?.trim()
    ? grantedScopes(form.scope, 'user').filter((scope) => held.has(scope))
    : token.scopes;
  if (scopes.length === 0) return oauthError('invalid_scope', TokenMessages.noScope);
  return context.db.transaction(() => userTokens(context, token.sessionId, scopes, now))();
}

function isActive(user: UserIdentity | undefined): user is UserIdentity {
  return user !== undefined && !user.suspended;
}

/** Access, refresh and classic tokens in a user's session, as the classic grants answer. */
function userTokens(
  context: GrantContext,
  session: string,
  scopes: readonly string[],
  now: number,
): GrantOutcome {
  const { accessSeconds, refreshSeconds } = context.lifetimes;
  const issue = (kind: AuthTokenKind, seconds: number) =>
    issueToken(context.db, session, kind, seconds, scopes, now);
  return {
    ok: true,
    body: {
      access_token: issue('access', accessSeconds),
      expires_in: accessSeconds,
      token_type: 'Bearer',
      refresh_token: issue('refresh', refreshSeconds),
    },
    // The legacy CMS session token lives as long as an access token: it can be exchanged for a
    // refresh token (IsAuthenticated), so it should not outlive the sign-in's first use by much.
    classicToken: issue('classic', accessSeconds),
  };
}

type Throttled<T> = { ok: true; value: T | undefined } | { ok: false; outcome: GrantOutcome & { ok: false } };

/**
 * Runs a credential check under the throttle ({@link underThrottle}): delayed once the
 * (account, address) pair or the address has failed a few times, refused (429) only when an
 * abusive address has itself been failing for this account, and counted as a failure unless
 * `check` returns a value.
 */
async function throttled<T>(
  context: GrantContext,
  account: string,
  check: () => Promise<T | undefined>,
): Promise<Throttled<T>> {
  const checked = await underThrottle(
    context.throttle,
    { account, address: context.address },
    context,
    check,
  );
  if (!checked.ok) return { ok: false, outcome: tooManyRequests(checked.retryAfterSeconds) };
  return checked;
}
