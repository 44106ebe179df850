import { randomToken } from '../auth/secrets.js';
import type { Db } from './open.js';
import { preparedFor } from './statements.js';
import { hashToken } from './tokens.js';

/** How long a password reset link works: one hour. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

const statements = preparedFor((db) => ({
  insert: db.prepare(
    'INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  ),
  // A new link replaces the older ones of the same user.
  dropUnused: db.prepare('DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL'),
  find: db.prepare<[string, number], { user_id: string }>(
    'SELECT user_id FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
  ),
  markUsed: db.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL'),
  purge: db.prepare('DELETE FROM password_resets WHERE expires_at <= ?'),
}));

/**
 * Issues a password reset token for a user, replacing their unused ones, and returns the
 * token (only its hash is stored).
 */
export function issuePasswordReset(db: Db, userId: string, now: number): string {
  const token = randomToken();
  db.transaction(() => {
    statements(db).purge.run(now);
    statements(db).dropUnused.run(userId);
    statements(db).insert.run(hashToken(token), userId, now, now + PASSWORD_RESET_LIFETIME_MS);
  })();
  return token;
}

/** The user a live (unused, unexpired) reset token belongs to, or `undefined`. */
export function findPasswordReset(db: Db, token: string, now: number): string | undefined {
  return statements(db).find.get(hashToken(token), now)?.user_id;
}

/** Marks a reset token used; `false` when it was already used (a race lost). */
export function usePasswordReset(db: Db, token: string, now: number): boolean {
  return statements(db).markUsed.run(now, hashToken(token)).changes > 0;
}
