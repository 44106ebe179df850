import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../auth/caller.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSubjectSessions } from '../../db/auth-tokens.js';
import { markEmailVerified } from '../../db/email-verifications.js';
import { findPasswordReset, issuePasswordReset, usePasswordReset } from '../../db/password-resets.js';
import { findUserRecord, getUserRecord, setUserPassword } from '../../db/users.js';
import { HttpError } from '../../delivery/errors.js';
import { mailLanguage, passwordResetMail } from '../../mail/account-mails.js';
import { writeOutboxMail } from '../../mail/outbox.js';
import { passwordProblems, passwordValue } from '../../security/user-input.js';
import { shapeUser, storedUserData } from '../../security/user-model.js';
import { emailAddress, ValidationFailure } from '../../security/validation.js';
import { type ApiDeps, callerOf } from '../api-deps.js';
import { objectBody } from '../management/common.js';
import { publishSessionsRevoked } from './session-events.js';

/** Where the password reset endpoints live (Canopy's addition to the contract). */
export const PASSWORD_RESET_PATH = '/api/password-reset';

const INVALID_TOKEN = 'The password reset link is invalid or has expired';
const MAX_URL_LENGTH = 2048;

/**
 * Password reset for a site's "forgotten password" form, beyond the contract:
 *
 * - `POST /api/password-reset` `{ email, resetUrl, language? }`: an API client (a site; bearer
 *   token) asks for a reset link for an address. When an active user has that email, a
 *   single-use token valid for an hour is issued and a mail with `{resetUrl}?token=…` is
 *   written to the outbox, in Welsh when `language` is `cy` (else English). The answer is 202
 *   either way, so it reveals no account.
 * - `POST /api/password-reset/check` `{ token }`: whether a token is still live (204) or used,
 *   expired or unknown (422), without using it: a site says so when the link is opened,
 *   before a new password is typed.
 * - `POST /api/password-reset/complete` `{ token, password }`: anyone holding a live
 *   token sets the password (policy checked, 422 otherwise); the token is used up and every
 *   session of the user ends. 204.
 */
export function registerPasswordResetRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const { db } = deps;

  server.post(PASSWORD_RESET_PATH, async (request, reply) => {
    const caller = callerOf(deps, request);
    // A site asks on behalf of an anonymous visitor; a signed-in user has no business here.
    if (caller.kind !== 'client' && !caller.securityAdministrator) {
      throw forbidden('Only an API client may request password resets');
    }
    const body = objectBody(request, 'a JSON object { "email": "…", "resetUrl": "https://…" }');
    const email = emailAddress(body.email, 'email');
    const resetUrl = pageUrlValue(body.resetUrl, 'resetUrl');
    const language = mailLanguage(body.language);
    const user = findUserRecord(db, email);
    const owner = user && !user.suspended && user.email.toLowerCase() === email.toLowerCase() ? user : null;
    const now = deps.now();
    // The answer is the same when no mail goes: it never says whether the address has an account.
    if (
      owner &&
      deps.ownerMails.admit({ to: owner.email, kind: 'password-reset', userId: owner.id }, now, request.log)
    ) {
      const token = issuePasswordReset(db, owner.id, now);
      const link = linkWithToken(resetUrl, token);
      writeOutboxMail(
        deps.dataDir,
        { to: owner.email, kind: 'password-reset', link, ...passwordResetMail(language, link) },
        now,
      );
    }
    return reply.code(202).send({});
  });

  server.post(`${PASSWORD_RESET_PATH}/check`, async (request, reply) => {
    const body = objectBody(request, 'a JSON object { "token": "…" }');
    const token = body.token;
    const userId =
      typeof token === 'string' && token !== '' && token.length <= 200
        ? findPasswordReset(db, token, deps.now())
        : undefined;
    const record = userId ? getUserRecord(db, userId) : undefined;
    if (!record || record.suspended) {
      throw new ValidationFailure(INVALID_TOKEN, [{ field: 'token', message: INVALID_TOKEN }]);
    }
    return reply.code(204).send();
  });

  server.post(`${PASSWORD_RESET_PATH}/complete`, async (request, reply) => {
    const body = objectBody(request, 'a JSON object { "token": "…", "password": "…" }');
    if (typeof body.token !== 'string' || body.token === '' || body.token.length > 200) {
      throw new ValidationFailure(INVALID_TOKEN, [{ field: 'token', message: INVALID_TOKEN }]);
    }
    const token = body.token;
    const password = passwordValue(body.password, 'password');
    const userId = findPasswordReset(db, token, deps.now());
    const record = userId ? getUserRecord(db, userId) : undefined;
    if (!record || record.suspended) {
      throw new ValidationFailure(INVALID_TOKEN, [{ field: 'token', message: INVALID_TOKEN }]);
    }
    const problems = passwordProblems(password, record, 'password');
    if (problems.length > 0)
      throw new ValidationFailure('There are validation errors resetting the password', problems);
    const passwordHash = await hashPassword(password);
    db.transaction(() => {
      const now = deps.now();
      if (!usePasswordReset(db, token, now)) {
        throw new ValidationFailure(INVALID_TOKEN, [{ field: 'token', message: INVALID_TOKEN }]);
      }
      const current = getUserRecord(db, record.id);
      if (!current) throw new ValidationFailure(INVALID_TOKEN, [{ field: 'token', message: INVALID_TOKEN }]);
      const user = shapeUser(current);
      user.passwordChanged = new Date(now).toISOString();
      user.modified = user.passwordChanged;
      user.status.passwordResetRequired = false;
      setUserPassword(db, current.id, passwordHash, storedUserData(current.data, user));
      revokeSubjectSessions(db, { kind: 'user', id: current.id }, now);
      // The reset link reached the account's mailbox: that verifies the address as well.
      markEmailVerified(db, current.id, now);
    })();
    publishSessionsRevoked(deps, [record.id]);
    return reply.code(204).send();
  });
}

/**
 * The address of a site page a mail links to (`resetUrl`, `verifyUrl`): an http or https URL
 * without credentials, its fragment dropped; anything else is a 400 naming the field.
 */
export function pageUrlValue(value: unknown, field: string): string {
  if (typeof value === 'string' && value.length <= MAX_URL_LENGTH) {
    try {
      const url = new URL(value);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password) {
        url.hash = '';
        return url.toString();
      }
    } catch {
      // falls through to the 400
    }
  }
  throw new HttpError(400, `'${field}' must be an http or https URL of the page that takes the token`, {
    field,
  });
}

/** `url` with `token` added to its query. */
export function linkWithToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
