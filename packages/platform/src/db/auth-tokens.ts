import { randomUUID } from 'node:crypto';
import { randomToken } from '../auth/secrets.js';
import type { Db } from './open.js';
import { preparedFor } from './statements.js';
import { hashToken } from './tokens.js';

/** Who a session belongs to. */
export interface TokenSubject {
  kind: 'user' | 'client';
  /** User GUID or API client id. */
  id: string;
}

/** The kinds of token a session can hold. */
export type AuthTokenKind = 'access' | 'refresh' | 'classic' | 'security';

/** A live (unexpired, unrevoked) token found by its value. */
export interface LiveToken {
  kind: AuthTokenKind;
  sessionId: string;
  subject: TokenSubject;
  scopes: string[];
  /** ms since epoch */
  expiresAt: number;
}

const statements = preparedFor((db) => ({
  insertSession: db.prepare(
    'INSERT INTO auth_sessions (id, subject_kind, subject_id, created_at) VALUES (?, ?, ?, ?)',
  ),
  insertToken: db.prepare(
    'INSERT INTO auth_tokens (token_hash, kind, session_id, scopes, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  find: db.prepare<
    [string],
    {
      kind: AuthTokenKind;
      session_id: string;
      scopes: string;
      expires_at: number;
      subject_kind: 'user' | 'client';
      subject_id: string;
      revoked_at: number | null;
    }
  >(
    `SELECT t.kind, t.session_id, t.scopes, t.expires_at, s.subject_kind, s.subject_id, s.revoked_at
       FROM auth_tokens t JOIN auth_sessions s ON s.id = t.session_id
      WHERE t.token_hash = ?`,
  ),
  revokeSession: db.prepare('UPDATE auth_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
  revokeSubject: db.prepare(
    'UPDATE auth_sessions SET revoked_at = ? WHERE subject_kind = ? AND subject_id = ? AND revoked_at IS NULL',
  ),
  purgeExpired: db.prepare('DELETE FROM auth_tokens WHERE expires_at < ?'),
  deleteToken: db.prepare('DELETE FROM auth_tokens WHERE token_hash = ?'),
}));

/** Starts a session for a subject and returns its id. */
export function createSession(db: Db, subject: TokenSubject, now: number = Date.now()): string {
  const id = randomUUID();
  statements(db).insertSession.run(id, subject.kind, subject.id, now);
  return id;
}

/**
 * Issues a token of `kind` in a session, valid for `ttlSeconds`, and returns its value. Only
 * the value's hash is stored, so the value exists nowhere after this call returns.
 */
export function issueToken(
  db: Db,
  sessionId: string,
  kind: AuthTokenKind,
  ttlSeconds: number,
  scopes: readonly string[] = [],
  now: number = Date.now(),
): string {
  const value = randomToken();
  statements(db).insertToken.run(
    hashToken(value),
    kind,
    sessionId,
    scopes.join(' '),
    now + ttlSeconds * 1000,
    now,
  );
  return value;
}

/**
 * The token behind a presented value when it exists, is of one of the `kinds`, has not expired
 * and its session has not been revoked; otherwise undefined.
 */
export function findLiveToken(
  db: Db,
  value: string,
  kinds: readonly AuthTokenKind[],
  now: number = Date.now(),
): LiveToken | undefined {
  if (!value || value.length > 512) return undefined;
  const row = statements(db).find.get(hashToken(value));
  if (!row || !kinds.includes(row.kind) || row.revoked_at !== null || row.expires_at <= now) return undefined;
  return {
    kind: row.kind,
    sessionId: row.session_id,
    subject: { kind: row.subject_kind, id: row.subject_id },
    scopes: row.scopes ? row.scopes.split(' ') : [],
    expiresAt: row.expires_at,
  };
}

/** Uses up one token (a single-use security token): it never works again; its session lives on. */
export function consumeToken(db: Db, value: string): boolean {
  return statements(db).deleteToken.run(hashToken(value)).changes > 0;
}

/** Revokes a session: every token issued under it stops working at once. */
export function revokeSession(db: Db, sessionId: string, now: number = Date.now()): boolean {
  return statements(db).revokeSession.run(now, sessionId).changes > 0;
}

/** Revokes every session of a subject (a suspended or deleted user, a removed client). */
export function revokeSubjectSessions(db: Db, subject: TokenSubject, now: number = Date.now()): number {
  return statements(db).revokeSubject.run(now, subject.kind, subject.id).changes;
}

/** Deletes tokens that expired before `now` (housekeeping; expired tokens never authenticate). */
export function purgeExpiredTokens(db: Db, now: number = Date.now()): number {
  return statements(db).purgeExpired.run(now).changes;
}
