import { randomToken } from '../auth/secrets.js';
import type { Db } from './open.js';
import { preparedFor } from './statements.js';
import { hashToken } from './tokens.js';

/** How long a verification link works: two days. */
export const EMAIL_VERIFICATION_LIFETIME_MS = 2 * 24 * 60 * 60 * 1000;

/** A new verification mail is not written sooner than this after the last one (per user). */
export const EMAIL_VERIFICATION_RESEND_MS = 60 * 1000;

const statements = preparedFor((db) => ({
  markUnverified: db.prepare('INSERT OR IGNORE INTO unverified_emails (user_id, created_at) VALUES (?, ?)'),
  isUnverified: db.prepare<[string], { user_id: string }>(
    'SELECT user_id FROM unverified_emails WHERE user_id = ?',
  ),
  markVerified: db.prepare('DELETE FROM unverified_emails WHERE user_id = ?'),
  // Used links stay (until they expire) so a second visit can say the address is confirmed.
  markUsed: db.prepare('UPDATE email_verifications SET used_at = ? WHERE user_id = ? AND used_at IS NULL'),
  insert: db.prepare(
    'INSERT INTO email_verifications (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ),
  // A new link replaces the older ones of the same user.
  dropForUser: db.prepare('DELETE FROM email_verifications WHERE user_id = ?'),
  latest: db.prepare<[string], { created_at: number }>(
    'SELECT MAX(created_at) AS created_at FROM email_verifications WHERE user_id = ?',
  ),
  find: db.prepare<[string, number], { user_id: string; used_at: number | null }>(
    'SELECT user_id, used_at FROM email_verifications WHERE token_hash = ? AND expires_at > ?',
  ),
  purge: db.prepare('DELETE FROM email_verifications WHERE expires_at <= ?'),
}));

/** Marks a user's email address as waiting for verification (they cannot sign in meanwhile). */
export function markEmailUnverified(db: Db, userId: string, now: number): void {
  statements(db).markUnverified.run(userId, now);
}

/** Whether the user's email address still waits for verification. */
export function isEmailUnverified(db: Db, userId: string): boolean {
  return statements(db).isUnverified.get(userId) !== undefined;
}

/**
 * Marks a user's email address verified without a verification token: completing a password
 * reset proves the same mailbox.
 */
export function markEmailVerified(db: Db, userId: string, now: number): void {
  statements(db).markVerified.run(userId);
  statements(db).markUsed.run(now, userId);
}

/**
 * Issues a verification token for a user, replacing their older ones, and returns it (only its
 * hash is stored); `undefined` when the last one is younger than
 * {@link EMAIL_VERIFICATION_RESEND_MS}, so repeated requests cannot flood a mailbox.
 */
export function issueEmailVerification(db: Db, userId: string, now: number): string | undefined {
  return db.transaction(() => {
    const last = statements(db).latest.get(userId)?.created_at;
    if (typeof last === 'number' && now - last < EMAIL_VERIFICATION_RESEND_MS) return undefined;
    const token = randomToken();
    statements(db).purge.run(now);
    statements(db).dropForUser.run(userId);
    statements(db).insert.run(hashToken(token), userId, now, now + EMAIL_VERIFICATION_LIFETIME_MS);
    return token;
  })();
}

/** What following a verification link did. */
export type EmailVerificationOutcome =
  /** The link was live: the address is verified now, and the user's links are used up. */
  | { userId: string; alreadyVerified: false }
  /** The link had been used (or the address confirmed by a password reset): nothing changed. */
  | { userId: string; alreadyVerified: true };

/**
 * Verifies the email address behind a live token: the user may sign in from now on and the
 * user's tokens are used up (kept, marked used, until they expire). A used token of a user
 * whose address is verified answers `alreadyVerified`; an unknown or expired token, or a used
 * one of a user who waits for verification again, `undefined`.
 */
export function completeEmailVerification(
  db: Db,
  token: string,
  now: number,
): EmailVerificationOutcome | undefined {
  return db.transaction((): EmailVerificationOutcome | undefined => {
    const found = statements(db).find.get(hashToken(token), now);
    if (!found) return undefined;
    if (found.used_at !== null) {
      return isEmailUnverified(db, found.user_id)
        ? undefined
        : { userId: found.user_id, alreadyVerified: true };
    }
    statements(db).markVerified.run(found.user_id);
    statements(db).markUsed.run(now, found.user_id);
    return { userId: found.user_id, alreadyVerified: false };
  })();
}
