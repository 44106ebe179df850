import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../auth/caller.js';
import {
  completeEmailVerification,
  isEmailUnverified,
  issueEmailVerification,
} from '../../db/email-verifications.js';
import { findUserRecord } from '../../db/users.js';
import { HttpError } from '../../delivery/errors.js';
import { type MailLanguage, mailLanguage, verificationMail } from '../../mail/account-mails.js';
import { writeOutboxMail } from '../../mail/outbox.js';
import type { WarningLog } from '../../mail/owner-mail-limit.js';
import { ValidationFailure } from '../../security/validation.js';
import { type ApiDeps, callerOf } from '../api-deps.js';
import { objectBody } from '../management/common.js';
import { linkWithToken, pageUrlValue } from './password-reset-routes.js';

/** Where the email verification endpoints live (Canopy's addition to the contract). */
export const EMAIL_VERIFICATION_PATH = '/api/email-verification';

const INVALID_TOKEN = 'The verification link is invalid or has expired';
const MAX_IDENTIFIER_LENGTH = 320;

/**
 * Email verification of self-registered users, beyond the contract. A user created with
 * `POST /api/security/users?verifyEmail=true`, or by any caller that is not a security
 * administrator, cannot sign in (the token endpoint answers `invalid_grant` with
 * `reason: "email_not_verified"`) until they follow the link mailed at creation (when the
 * creation named `verifyUrl`) or a later one:
 *
 * - `POST /api/email-verification` `{ user, verifyUrl }`: an API client (a site; bearer token)
 *   asks for a verification mail for a user (id, username or email). When that user is
 *   active and still unverified, a token valid for two days is issued (at most one a minute
 *   per user) and a mail with `{verifyUrl}?token=…` is written to the outbox. The answer is 202
 *   either way, so it reveals no account.
 * - `POST /api/email-verification/complete` `{ token }`: anyone holding a live token verifies
 *   the address: 204, and the user may sign in. The same link again (until it would have
 *   expired), or a link of a user whose address a password reset confirmed, answers 200
 *   `{ "alreadyVerified": true }`. An unknown or expired token is a 422.
 */
export function registerEmailVerificationRoutes(server: FastifyInstance, deps: ApiDeps): void {
  const { db } = deps;

  server.post(EMAIL_VERIFICATION_PATH, async (request, reply) => {
    const caller = callerOf(deps, request);
    if (caller.kind !== 'client' && !caller.securityAdministrator) {
      throw forbidden('Only an API client may request verification mails');
    }
    const body = objectBody(request, 'a JSON object { "user": "…", "verifyUrl": "https://…" }');
    if (typeof body.user !== 'string' || !body.user.trim() || body.user.length > MAX_IDENTIFIER_LENGTH) {
      throw new HttpError(400, "'user' must be a user's id, username or email address", { field: 'user' });
    }
    const verifyUrl = pageUrlValue(body.verifyUrl, 'verifyUrl');
    const user = findUserRecord(db, body.user.trim());
    const owner = user && !user.suspended && isEmailUnverified(db, user.id) ? user : null;
    const now = deps.now();
    // The answer is the same when no mail goes.
    if (owner) sendVerificationMail(deps, owner, verifyUrl, request.log, now, mailLanguage(body.language));
    return reply.code(202).send({});
  });

  server.post(`${EMAIL_VERIFICATION_PATH}/complete`, async (request, reply) => {
    const body = objectBody(request, 'a JSON object { "token": "…" }');
    const token = body.token;
    const outcome =
      typeof token === 'string' && token !== '' && token.length <= 200
        ? completeEmailVerification(db, token, deps.now())
        : undefined;
    if (!outcome) throw new ValidationFailure(INVALID_TOKEN, [{ field: 'token', message: INVALID_TOKEN }]);
    // Following a link twice is no error: the address is confirmed either way.
    if (outcome.alreadyVerified) return reply.code(200).send({ alreadyVerified: true });
    return reply.code(204).send();
  });
}

/**
 * Mails a verification link (`{verifyUrl}?token=…`, two days) to an unverified user, within
 * the owner-mail limit and at most one a minute per user; otherwise writes nothing. Used by the
 * resend endpoint and by the creation of a self-registered user.
 *
 * @example
 * sendVerificationMail(deps, { id: user.id, email: user.email }, 'https://www.example.org/account/verify', request.log);
 */
export function sendVerificationMail(
  deps: ApiDeps,
  owner: { id: string; email: string },
  verifyUrl: string,
  log: WarningLog,
  now: number = deps.now(),
  language: MailLanguage = 'en',
): void {
  if (!deps.ownerMails.admit({ to: owner.email, kind: 'email-verification', userId: owner.id }, now, log)) {
    return;
  }
  const token = issueEmailVerification(deps.db, owner.id, now);
  if (!token) return;
  const link = linkWithToken(verifyUrl, token);
  writeOutboxMail(
    deps.dataDir,
    { to: owner.email, kind: 'email-verification', link, ...verificationMail(language, link) },
    now,
  );
}
