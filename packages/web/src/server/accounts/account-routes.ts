import { ApiError } from '@canopy/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages } from '../../i18n/messages/account.en-GB.js';
import { FRAMEWORK_CATALOGUES, loadTranslator } from '../../i18n/messages/catalogue.js';
import { ACCOUNT_MESSAGES } from '../../user/account-messages.js';
import { ACCOUNT_PATHS } from '../../user/account-paths.js';
import { conflictField, PasswordChangeThrottledError, SignInError } from '../../user/platform-accounts.js';
import { afterSignInTarget, safeRedirectTarget } from '../../user/redirect-target.js';
import type { AccountForm, AccountOutcome } from '../../user/user-slice.js';
import {
  type AccountBody,
  field,
  isBody,
  looksLikeEmail,
  parseFormBody,
  passwordField,
  UndecodableTextError,
  undecodableField,
} from './account-input.js';
import type { RequestSession, SiteSessions } from './site-sessions.js';

/** The JSON status of each way a sign-in fails. */
const SIGN_IN_STATUS: Record<SignInError['reason'], number> = {
  refused: 401,
  unverified: 403,
  invalidToken: 401,
  throttled: 429,
  unavailable: 503,
};

/** Largest account form body accepted. */
export const ACCOUNT_BODY_LIMIT = 16 * 1024;

/**
 * Where an account endpoint was asked: at the root (`base` '', the site's default language) or
 * under a language's prefix (`/cy/account/login`, `base` '/cy'). The pages it leads to and the
 * links of the mails it has sent stay under that prefix, and the mails are in that language.
 */
export interface AccountPlace {
  /** The language prefix as a path (`/cy`), '' at the root. */
  base: string;
  /** The language to write mails in; null at the root (the platform's default). */
  language: string | null;
}

/**
 * The places the account endpoints answer at: the root, then each language prefix.
 *
 * @example
 * accountPlaces({ cy: '/cy' }); // [{ base: '', language: null }, { base: '/cy', language: 'cy' }]
 */
export function accountPlaces(languagePaths: Readonly<Record<string, string>> = {}): AccountPlace[] {
  return [
    { base: '', language: null },
    ...Object.entries(languagePaths).map(([language, base]) => ({ base, language })),
  ];
}

/** One account action's answer before it becomes JSON or a redirect. */
interface ActionResult {
  outcome: AccountOutcome;
  /** Status of the JSON answer. */
  status: number;
  /** Body of the JSON answer (default `{ ok, error }`). */
  json?: unknown;
  fieldErrors?: Record<string, string>;
  /** Values to fill back into the form (never passwords). */
  values?: Record<string, string>;
  /** Hand the values to the next page after a success too (default: only after a failure). */
  keepValues?: boolean;
  /** Where a form submission goes next. */
  location: string;
}

/**
 * Registers the account endpoints (website spec §2, §7): sign in, sign out, registration,
 * password reset request, reset and change. Each accepts an HTML form (then redirects, 303,
 * with its outcome kept in the session for the next page) or JSON (then answers JSON), and
 * each refuses a request without the visitor's CSRF token (403) before doing anything.
 *
 * `publicOrigin` gives the configured public address of the request's host: the links in
 * account mails (verification, password reset) are built on it, never on the request's `Host`,
 * which whoever sends the request chooses. `languagePaths` names the site's language prefixes
 * (`{ cy: '/cy' }`): each endpoint answers under each of them too (see {@link AccountPlace}).
 */
export async function registerAccountRoutes(
  app: FastifyInstance,
  sessions: SiteSessions,
  publicOrigin: (request: FastifyRequest) => string | null,
  languagePaths: Readonly<Record<string, string>> = {},
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACCOUNT_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, parseFormBody(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    // JSON is read as strict UTF-8: bytes that are not (which Node would quietly turn into
    // U+FFFD) are a 400, as in forms. Then Fastify's own parser, which refuses `__proto__`.
    const strictJson = scope.getDefaultJsonParser('error', 'error');
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: ACCOUNT_BODY_LIMIT },
      (request, body, done) => {
        let text: string;
        try {
          text = utf8.decode(body as Buffer);
        } catch {
          done(new UndecodableTextError('The request body is not valid UTF-8 text.'), undefined);
          return;
        }
        strictJson(request, text, done);
      },
    );

    const action = (
      path: string,
      form: AccountForm | 'logout',
      run: (
        request: FastifyRequest,
        body: AccountBody,
        current: RequestSession,
        place: AccountPlace,
      ) => Promise<ActionResult>,
    ) => {
      for (const place of accountPlaces(languagePaths)) post(`${place.base}${path}`, form, place, run);
    };
    const post = (
      path: string,
      form: AccountForm | 'logout',
      place: AccountPlace,
      run: (
        request: FastifyRequest,
        body: AccountBody,
        current: RequestSession,
        place: AccountPlace,
      ) => Promise<ActionResult>,
    ) =>
      scope.post(path, { bodyLimit: ACCOUNT_BODY_LIMIT }, async (request, reply) => {
        const json = wantsJson(request);
        reply.header('cache-control', 'no-store');
        const body: AccountBody = isBody(request.body) ? request.body : {};
        const current = await sessions.read(request);
        const token = body._csrf ?? request.headers['x-csrf-token'];
        if (!sessions.verifyCsrf(current, token)) {
          return refuseCsrf(reply, json, place);
        }
        const unreadable = undecodableField(request.body);
        if (unreadable !== null) return refuseUndecodable(request, reply, json, unreadable, place);
        const result = await run(request, body, current, place);
        const ok = resultOk(result.outcome);
        // Signing in and out need no message on the next page; everything else shows its outcome.
        if (!json && form !== 'logout' && !(form === 'login' && ok)) {
          sessions.setFeedback(current, {
            outcome: result.outcome,
            form:
              ok && !result.keepValues
                ? null
                : {
                    form: form as AccountForm,
                    fieldErrors: result.fieldErrors ?? {},
                    values: result.values ?? {},
                  },
          });
        }
        await sessions.commit(request, reply, current);
        if (json)
          return reply
            .code(result.status)
            .send(result.json ?? { ok: resultOk(result.outcome), error: errorOf(result.outcome) });
        return reply.code(303).header('location', result.location).send();
      });

    action(ACCOUNT_PATHS.login, 'login', async (request, body, current, { base }) => {
      const username = field(body, 'username');
      const password = passwordField(body, 'password');
      const target = afterSignInTarget({
        ReturnURL: body.ReturnURL,
        redirect_uri: body.redirect_uri,
        redirect: body.redirect,
      });
      const back = withQuery(`${base}${ACCOUNT_PATHS.login}`, {
        redirect_uri: target === '/' ? null : target,
      });
      const values: Record<string, string> = username ? { username } : {};
      if (!username || !password) {
        const fieldErrors: Record<string, string> = {};
        if (!username) fieldErrors.username = 'Enter your username or email address.';
        if (!password) fieldErrors.password = 'Enter your password.';
        const error = ACCOUNT_MESSAGES.loginNeedsCredentials;
        return {
          outcome: { flow: 'login', ok: false, error, isAuthenticationError: false },
          status: 400,
          json: { ok: false, error: { message: error, fields: fieldErrors } },
          fieldErrors,
          values,
          location: back,
        };
      }
      try {
        const signedIn = await sessions.accounts.signIn(username, password, request.ip);
        sessions.signedIn(current, signedIn.credentials, signedIn.profile);
        return {
          outcome: { flow: 'login', ok: true, error: null, isAuthenticationError: false },
          status: 200,
          json: { ok: true, user: publicUser(signedIn.profile), location: target },
          location: target,
        };
      } catch (error) {
        const failure = error instanceof SignInError ? error : unavailable(String(error));
        if (failure.reason === 'unavailable')
          request.log.warn({ error: failure.platformMessage }, 'Sign-in failed');
        return {
          outcome: {
            flow: 'login',
            ok: false,
            error: failure.message,
            isAuthenticationError: failure.reason !== 'unavailable',
          },
          status: SIGN_IN_STATUS[failure.reason],
          json: { ok: false, error: { message: failure.message, reason: failure.reason } },
          values,
          location: back,
        };
      }
    });

    action(ACCOUNT_PATHS.logout, 'logout', async (request, body, current, { base }) => {
      const credentials = current.payload?.credentials;
      sessions.signedOut(current);
      if (credentials) {
        try {
          await sessions.accounts.signOut(credentials);
        } catch (error) {
          request.log.warn({ error: (error as Error).message }, 'Ending the platform session failed');
        }
      }
      // Without a target, the home page of the language the visitor was reading.
      const target = safeRedirectTarget(body.redirect_uri, base || '/');
      return {
        outcome: { flow: 'login', ok: true, error: null, isAuthenticationError: false },
        status: 200,
        json: { ok: true, location: target },
        location: target,
      };
    });

    action(ACCOUNT_PATHS.register, 'register', async (request, body, _current, { base, language }) => {
      // JSON callers may send the platform's user shape, with the password in credentials.
      const credentials = isBody(body.credentials) ? body.credentials : {};
      const input = {
        firstName: field(body, 'firstName'),
        lastName: field(body, 'lastName'),
        email: field(body, 'email'),
        username: field(body, 'username'),
        password: passwordField(body, 'password') ?? passwordField(credentials, 'password'),
      };
      const values = textValues({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        username: input.username,
      });
      const redirect = body.redirect_uri || body.redirect;
      const back = withQuery(`${base}${ACCOUNT_PATHS.register}`, {
        redirect_uri: redirect ? safeRedirectTarget(redirect, '') || null : null,
      });
      const fieldErrors: Record<string, string> = {};
      if (!input.firstName) fieldErrors.firstName = 'Enter your first name.';
      if (!input.lastName) fieldErrors.lastName = 'Enter your last name.';
      if (!input.email) fieldErrors.email = 'Enter your email address.';
      else if (!looksLikeEmail(input.email))
        fieldErrors.email = 'Enter an email address like name@example.com.';
      if (!input.password) fieldErrors.password = 'Choose a password.';
      if (input.username?.includes('@') && input.username.toLowerCase() !== input.email?.toLowerCase())
        fieldErrors.username = USERNAME_WITH_AT;
      if (Object.keys(fieldErrors).length > 0) {
        const error = 'Check the highlighted fields and try again.';
        return {
          outcome: { flow: 'register', ok: false, error },
          status: 400,
          json: { error: { message: error, fields: fieldErrors } },
          fieldErrors,
          values,
          location: back,
        };
      }
      const registration = {
        firstName: input.firstName as string,
        lastName: input.lastName as string,
        email: input.email as string,
        username: input.username,
        password: input.password as string,
      };
      const origin = publicOrigin(request);
      if (!origin) return unknownHost('register', back);
      try {
        // Resolves alike for a new address and one that has an account (its owner gets a mail).
        await sessions.accounts.register(registration, {
          verify: `${origin}${base}${ACCOUNT_PATHS.verifyEmail}`,
          signIn: `${origin}${base}${ACCOUNT_PATHS.login}`,
          forgotPassword: `${origin}${base}${ACCOUNT_PATHS.forgotPassword}`,
          ...(language ? { language } : {}),
        });
      } catch (error) {
        const failure = registrationFailure(error);
        if (failure.log) request.log.warn({ error: (error as Error).message }, 'Registration failed');
        return {
          outcome: { flow: 'register', ok: false, error: failure.message },
          status: failure.status,
          json: { error: { message: failure.message, fields: failure.fieldErrors } },
          fieldErrors: failure.fieldErrors,
          values,
          location: back,
        };
      }
      // Built from what the visitor sent alone, never from the platform's answer: it must read
      // the same whether the address was new or already had an account.
      return {
        outcome: { flow: 'register', ok: true, error: null },
        status: 200,
        json: registeredUser(registration),
        // The next page tells where the confirmation mail went.
        values: { email: registration.email },
        keepValues: true,
        location: redirect ? safeRedirectTarget(redirect, back) : back,
      };
    });

    action(ACCOUNT_PATHS.resetRequest, 'passwordResetRequest', async (request, body, _current, place) => {
      const userEmail = field(body, 'userEmail');
      const back = `${place.base}${ACCOUNT_PATHS.forgotPassword}`;
      if (!userEmail) {
        return sendingFailure('passwordResetRequest', ACCOUNT_MESSAGES.invalidObject, back, 400, {
          userEmail: 'Enter the email address of your account.',
        });
      }
      const origin = publicOrigin(request);
      if (!origin) return unknownHost('passwordResetRequest', back);
      try {
        await sessions.accounts.requestPasswordReset(
          userEmail,
          `${origin}${place.base}${ACCOUNT_PATHS.resetPasswordPage}`,
          place.language,
        );
      } catch (error) {
        request.log.warn({ error: (error as Error).message }, 'Password reset request failed');
        return sendingFailure(
          'passwordResetRequest',
          ACCOUNT_MESSAGES.noResponse,
          back,
          503,
          {},
          { userEmail },
        );
      }
      // The same answer whether or not the address has an account.
      return {
        outcome: { flow: 'passwordResetRequest', ok: true, error: null },
        status: 200,
        json: { ok: true },
        location: back,
      };
    });

    action(ACCOUNT_PATHS.resetPassword, 'resetPassword', async (request, body, _current, { base }) => {
      const token = field(body, 'token');
      const password = passwordField(body, 'password');
      const back = withQuery(`${base}${ACCOUNT_PATHS.resetPasswordPage}`, { token });
      if (!token || !password) {
        return sendingFailure(
          'resetPassword',
          ACCOUNT_MESSAGES.invalidObject,
          back,
          400,
          password ? {} : { password: 'Choose a new password.' },
        );
      }
      try {
        await sessions.accounts.resetPassword(token, password);
      } catch (error) {
        const message = firstMessage(error);
        if (!(error instanceof ApiError)) request.log.warn({ error: message }, 'Password reset failed');
        return sendingFailure(
          'resetPassword',
          message,
          back,
          error instanceof ApiError ? error.status : 503,
          {
            password: message,
          },
        );
      }
      return {
        outcome: { flow: 'resetPassword', ok: true, error: null },
        status: 200,
        json: { ok: true },
        location: `${base}${ACCOUNT_PATHS.resetPasswordPage}`,
      };
    });

    action(ACCOUNT_PATHS.changePassword, 'changePassword', async (request, body, current, { base }) => {
      const back = `${base}${ACCOUNT_PATHS.account}`;
      const credentials = current.payload?.credentials;
      if (!credentials || !current.session) {
        return sendingFailure(
          'changePassword',
          ACCOUNT_MESSAGES.signInRequired,
          withQuery(`${base}${ACCOUNT_PATHS.login}`, { redirect_uri: back }),
          401,
        );
      }
      const userId = field(body, 'userId') ?? current.session.user.id;
      const currentPassword = passwordField(body, 'currentPassword');
      const newPassword = passwordField(body, 'newPassword');
      if (!currentPassword || !newPassword || userId !== current.session.user.id) {
        const fieldErrors: Record<string, string> = {};
        if (!currentPassword) fieldErrors.currentPassword = 'Enter your current password.';
        if (!newPassword) fieldErrors.newPassword = 'Choose a new password.';
        return sendingFailure(
          'changePassword',
          ACCOUNT_MESSAGES.invalidChangePassword,
          back,
          400,
          fieldErrors,
        );
      }
      try {
        const user = current.session.user;
        const changed = await sessions.accounts.changePassword(
          credentials,
          { id: userId, username: user.username || user.email || userId },
          currentPassword,
          newPassword,
          request.ip,
        );
        // Every copy of this cookie held the old platform session, which has now ended: this
        // browser goes on with a new one (or signs in again when none could be opened).
        if (changed.replacement) {
          sessions.replaced(current, changed.replacement.credentials, changed.replacement.profile);
        } else sessions.signedOut(current);
        if (!changed.oldSessionEnded) {
          request.log.warn('Password changed, but the platform did not confirm the end of the old session');
        }
      } catch (error) {
        if (error instanceof PasswordChangeThrottledError) {
          // The platform's throttle: the visitor reads when to try again, not the platform's words.
          return sendingFailure('changePassword', error.message, back, 429, {
            currentPassword: error.message,
          });
        }
        const message = firstMessage(error);
        if (!(error instanceof ApiError)) request.log.warn({ error: message }, 'Password change failed');
        const status = error instanceof ApiError ? error.status : 503;
        return sendingFailure('changePassword', message, back, status, {
          [status === 409 ? 'currentPassword' : 'newPassword']: message,
        });
      }
      return {
        outcome: { flow: 'changePassword', ok: true, error: null },
        status: 200,
        json: { ok: true },
        location: back,
      };
    });
  });
}

function unavailable(detail: string): SignInError {
  return new SignInError(
    'Signing in is not available just now. Please try again in a few minutes.',
    'unavailable',
    detail,
  );
}

function sendingFailure(
  flow: 'passwordResetRequest' | 'resetPassword' | 'changePassword',
  error: string,
  location: string,
  status: number,
  fieldErrors: Record<string, string> = {},
  values: Record<string, string> = {},
): ActionResult {
  return {
    outcome: { flow, ok: false, error },
    status,
    json: { ok: false, error: { message: error, fields: fieldErrors } },
    fieldErrors,
    values,
    location,
  };
}

/**
 * A mail must link to the site's own address, and this request's host has none configured
 * (the server refuses unknown hosts before routing, so only a custom setup gets here).
 */
function unknownHost(flow: 'register' | 'passwordResetRequest', location: string): ActionResult {
  const error = 'This site does not answer to that host name.';
  return {
    outcome: { flow, ok: false, error },
    status: 400,
    json: { ok: false, error: { message: error, fields: {} } },
    location,
  };
}

function textValues(values: Record<string, string | null>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value) result[key] = value;
  return result;
}

/**
 * The message of a failed platform call (website spec §8): the first item of the response
 * data's message list, else its message, else the error's own message.
 */
export function firstMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const data = error.data as { message?: unknown; data?: unknown } | null;
    const items = Array.isArray(data?.data) ? data.data : Array.isArray(data?.message) ? data.message : [];
    const first = items[0] as { message?: unknown } | string | undefined;
    if (typeof first === 'string' && first) return first;
    if (first && typeof first === 'object' && typeof first.message === 'string') return first.message;
    if (typeof data?.message === 'string' && data.message) return data.message;
    return error.statusText || error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return ACCOUNT_MESSAGES.noResponse;
}

/** A chosen username that another account holds. */
const USERNAME_TAKEN =
  'This username is taken. Choose another, or leave it empty to sign in with your email address.';

/** A chosen username that could be somebody's address (usernames and addresses share one namespace). */
const USERNAME_WITH_AT = 'A username cannot contain ‘@’. Leave it empty to sign in with your email address.';

/**
 * The answer of a successful registration: the user as the visitor submitted them (the
 * username defaults to the address, as the platform does), without id or groups.
 */
export function registeredUser(input: {
  username: string | null;
  email: string;
  firstName: string;
  lastName: string;
}): { username: string; email: string; firstName: string; lastName: string } {
  return {
    username: input.username ?? input.email,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
  };
}

/** What a failed registration tells the visitor (website spec §8). */
function registrationFailure(error: unknown): {
  message: string;
  status: number;
  fieldErrors: Record<string, string>;
  log: boolean;
} {
  if (error instanceof ApiError) {
    if (error.status === 409 && conflictField(error) === 'username') {
      // Only a username the visitor chose: an address never reaches this answer (see register).
      return {
        message: USERNAME_TAKEN,
        status: 409,
        fieldErrors: { username: USERNAME_TAKEN },
        log: false,
      };
    }
    if (error.status === 409) {
      // Without email verification an address that has an account cannot be hidden (the new
      // account would be usable at once); this is said without naming the address.
      return {
        message:
          'We could not register this account. If you have registered before, sign in or reset your password.',
        status: 409,
        fieldErrors: {},
        log: false,
      };
    }
    const data = error.data as { message?: unknown; data?: unknown } | null;
    const fieldErrors: Record<string, string> = {};
    if (Array.isArray(data?.data)) {
      for (const item of data.data as { field?: unknown; message?: unknown }[]) {
        const name =
          item.field === 'credentials.password' || item.field === 'password' ? 'password' : item.field;
        if (typeof name === 'string' && typeof item.message === 'string' && !fieldErrors[name]) {
          fieldErrors[name] = item.message;
        }
      }
    }
    const message =
      typeof data?.message === 'string' && data.message
        ? data.message
        : ACCOUNT_MESSAGES.registrationService(error.statusText || String(error.status));
    return {
      message,
      status: error.status >= 500 ? 502 : error.status,
      fieldErrors,
      log: error.status >= 500,
    };
  }
  const message = error instanceof Error && error.message ? error.message : ACCOUNT_MESSAGES.noResponse;
  return { message, status: 503, fieldErrors: {}, log: true };
}

/** Whether the answer should be JSON: a JSON request, or one that accepts only JSON. */
function wantsJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  if (/^application\/json\b/i.test(type)) return true;
  const accept = request.headers.accept ?? '';
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

/**
 * The framework's words of a place's language (`null` at the root: the English ones, as the
 * answers were written). Loaded once per language (a chunk of the catalogue).
 */
async function wordsOf(place: AccountPlace): Promise<(key: keyof typeof accountMessages) => string> {
  if (!place.language) return (key) => accountMessages[key];
  const translate = await loadTranslator(place.language, FRAMEWORK_CATALOGUES, 'en-GB');
  return (key) => translate(key);
}

async function refuseCsrf(reply: FastifyReply, json: boolean, place: AccountPlace): Promise<FastifyReply> {
  reply.code(403);
  // JSON callers get the exact message; a person gets the page in the language of the form's page.
  if (json) return reply.send({ ok: false, error: { message: ACCOUNT_MESSAGES.csrf } });
  const say = await wordsOf(place);
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${place.language ?? 'en'}"><meta charset="utf-8"><title>${say('account.formExpired.title')}</title><main><h1>${say('account.formExpired.heading')}</h1><p>${say('account.formExpired.text')}</p><p><a href="${place.base || '/'}">${say('account.homeLink')}</a></p></main></html>`,
    );
}

/** The answer to an account body holding text that cannot be UTF-8 (see `undecodableField`). */
const UNDECODABLE_MESSAGE = 'The form holds characters that cannot be read. Retype it and try again.';

async function refuseUndecodable(
  request: FastifyRequest,
  reply: FastifyReply,
  json: boolean,
  fieldPath: string,
  place: AccountPlace,
): Promise<FastifyReply> {
  // A client's mistake, never an outage: logged at info without the value.
  request.log.info({ url: request.url, field: fieldPath }, 'Account request with undecodable text');
  reply.code(400);
  if (json) {
    return reply.send({
      ok: false,
      error: { message: UNDECODABLE_MESSAGE, fields: { [fieldPath]: UNDECODABLE_MESSAGE } },
    });
  }
  // Browsers never send such a form (they encode what is typed as UTF-8): plain text will do.
  const say = await wordsOf(place);
  return reply.header('content-type', 'text/plain; charset=utf-8').send(say('account.unreadable'));
}

function resultOk(outcome: AccountOutcome): boolean {
  return outcome.ok;
}

function errorOf(outcome: AccountOutcome): string | null {
  return outcome.error || null;
}

/** A site path with query values (empty ones left out). */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The parts of a user an account endpoint may answer with. */
export function publicUser(user: {
  id: string;
  username?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}) {
  return {
    id: user.id,
    username: user.username ?? null,
    email: user.email ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
  };
}
