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
  insert: db.prepare(
    'INSERT INTO email_verifications (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ),
  // A new link replaces the older ones of the same user.
  dropForUser: db.prepare('DELETE FROM email_verifications WHERE user_id = ?'),
  latest: db.prepare<[string], { created_at: number }>(
    'SELECT MAX(created_at) AS created_at FROM email_verifications WHERE user_id = ?',
  ),
  find: db.prepare<[string, number], { user_id: string }>(
    'SELECT user_id FROM email_verifications WHERE token_hash = ? AND expires_at > ?',
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
export function markEmailVerified(db: Db, userId: string): void {
  statements(db).markVerified.run(userId);
  statements(db).dropForUser.run(userId);
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

/**
 * Verifies the email address behind a live token: the user may sign in from now on and the
 * user's tokens are used up. Returns the user's id, or `undefined` for an unknown or expired
 * token.
 */
export function completeEmailVerification(db: Db, token: string, now: number): string | undefined {
  return db.transaction(() => {
    const userId = statements(db).find.get(hashToken(token), now)?.user_id;
    if (!userId) return undefined;
    statements(db).markVerified.run(userId);
    statements(db).dropForUser.run(userId);
    return userId;
  })();
}
