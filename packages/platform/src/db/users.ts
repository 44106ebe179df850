import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

/**
 * A stored user: the identity columns of `users` (migration 003) and the JSON record. The
 * columns win over the JSON where both hold a value (they are what sign-in and uniqueness use).
 */
export interface UserRecord {
  id: string;
  classicId: number;
  username: string;
  email: string;
  passwordHash: string | null;
  suspended: boolean;
  /** The JSON User (contract §4.3), never with `credentials.password`. */
  data: Record<string, unknown>;
}

type UserRow = {
  id: string;
  classic_id: number;
  username: string;
  email: string;
  password_hash: string | null;
  suspended: number;
  data: string;
};

const COLUMNS = 'id, classic_id, username, email, password_hash, suspended, data';

const statements = preparedFor((db) => ({
  all: db.prepare<[], UserRow>(`SELECT ${COLUMNS} FROM users ORDER BY username COLLATE NOCASE, id`),
  byId: db.prepare<[string], UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`),
  byClassicId: db.prepare<[number], UserRow>(`SELECT ${COLUMNS} FROM users WHERE classic_id = ?`),
  // The GUID first, then a username, then an email: someone's username may be another's email.
  byIdentifier: db.prepare<[{ key: string }], UserRow>(
    `SELECT ${COLUMNS} FROM users
      WHERE id = @key OR username = @key COLLATE NOCASE OR email = @key COLLATE NOCASE
      ORDER BY id = @key DESC, username = @key COLLATE NOCASE DESC LIMIT 1`,
  ),
  // Another user whose username or email equals the value; one holding it as email first.
  holder: db.prepare<[{ value: string; except: string }], { id: string; email: string }>(
    `SELECT id, email FROM users
      WHERE id <> @except AND (username = @value COLLATE NOCASE OR email = @value COLLATE NOCASE)
      ORDER BY email = @value COLLATE NOCASE DESC LIMIT 1`,
  ),
  update: db.prepare(
    'UPDATE users SET username = @username, email = @email, suspended = @suspended, data = @data WHERE id = @id',
  ),
  setPassword: db.prepare('UPDATE users SET password_hash = ?, data = ? WHERE id = ?'),
  delete: db.prepare('DELETE FROM users WHERE id = ?'),
  directGroupIds: db.prepare<[string], { group_id: string }>(
    'SELECT group_id FROM group_users WHERE user_id = ?',
  ),
  revokeOthers: db.prepare(
    `UPDATE auth_sessions SET revoked_at = ?
      WHERE subject_kind = 'user' AND subject_id = ? AND id <> ? AND revoked_at IS NULL`,
  ),
  // Unsuspended users who are in System Administrators directly or through a child group.
  liveAdministrators: db.prepare<[string], { n: number }>(
    `WITH RECURSIVE admin_groups(id) AS (
       SELECT id FROM groups WHERE name = ? COLLATE NOCASE
       UNION
       SELECT gg.child_id FROM group_groups gg JOIN admin_groups a ON gg.parent_id = a.id
     )
     SELECT COUNT(DISTINCT u.id) AS n FROM users u
       JOIN group_users gu ON gu.user_id = u.id
       JOIN admin_groups a ON a.id = gu.group_id
      WHERE u.suspended = 0`,
  ),
}));

function record(row: UserRow | undefined): UserRecord | undefined {
  return row
    ? {
        id: row.id,
        classicId: row.classic_id,
        username: row.username,
        email: row.email,
        passwordHash: row.password_hash,
        suspended: row.suspended === 1,
        data: parseJsonColumn<Record<string, unknown>>(row.data),
      }
    : undefined;
}

/** Every user, by username (accounts are few; listings filter them in memory). */
export function listUserRecords(db: Db): UserRecord[] {
  return statements(db)
    .all.all()
    .map((row) => record(row)!);
}

/** A user by GUID. */
export function getUserRecord(db: Db, id: string): UserRecord | undefined {
  return record(statements(db).byId.get(id));
}

/** A user by the numeric legacy id (`?classicUserId=true`). */
export function getUserRecordByClassicId(db: Db, classicId: number): UserRecord | undefined {
  return record(statements(db).byClassicId.get(classicId));
}

/**
 * A user by GUID, username or email (case-insensitive), the way the security API addresses
 * users (contract §4.3). An exact id wins over a username, a username over an email.
 */
export function findUserRecord(db: Db, identifier: string): UserRecord | undefined {
  return record(statements(db).byIdentifier.get({ key: identifier }));
}

/**
 * Which part of a new identity another user (not `exceptId`) already holds, as their username
 * or email (cross-checking both columns keeps sign-in by "username or email" unambiguous):
 * `username` when the chosen username is taken (checked first, and only when it is not the
 * email address itself), `email` when the address is, else `null`. With `email`,
 * `owner` is the address that user has on record (the address itself when they hold it only
 * as a username).
 */
export function userIdentityClash(
  db: Db,
  username: string,
  email: string,
  exceptId = '',
): { field: 'username' } | { field: 'email'; owner: string } | null {
  const holder = statements(db).holder;
  if (!sameNoCase(username, email) && holder.get({ value: username, except: exceptId })) {
    return { field: 'username' };
  }
  const owner = holder.get({ value: email, except: exceptId });
  if (!owner) return null;
  return { field: 'email', owner: sameNoCase(owner.email, email) ? owner.email : email };
}

/** Whether two identity values are equal the way the `users` columns compare them (SQLite NOCASE: ASCII letters only). */
export function sameNoCase(a: string, b: string): boolean {
  const fold = (value: string) => value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return fold(a) === fold(b);
}

/** Rewrites a user's identity columns and JSON record (not the password). */
export function updateUserRecord(
  db: Db,
  user: Pick<UserRecord, 'id' | 'username' | 'email' | 'suspended' | 'data'>,
): void {
  statements(db).update.run({
    id: user.id,
    username: user.username,
    email: user.email,
    suspended: user.suspended ? 1 : 0,
    data: JSON.stringify(user.data),
  });
}

/** Stores a new password hash together with the record (whose `passwordChanged` moved). */
export function setUserPassword(
  db: Db,
  id: string,
  passwordHash: string,
  data: Record<string, unknown>,
): void {
  statements(db).setPassword.run(passwordHash, JSON.stringify(data), id);
}

/** Deletes a user; group memberships go with it (foreign keys cascade). */
export function deleteUserRecord(db: Db, id: string): boolean {
  return statements(db).delete.run(id).changes > 0;
}

/** Ids of the groups a user is a direct member of. */
export function directGroupIdsOf(db: Db, userId: string): string[] {
  return statements(db)
    .directGroupIds.all(userId)
    .map((row) => row.group_id);
}

/**
 * Revokes every session of a user except `keepSessionId` (a password change signs out the
 * user's other devices but not the one that made the change).
 */
export function revokeOtherUserSessions(db: Db, userId: string, keepSessionId: string, now: number): number {
  return statements(db).revokeOthers.run(now, userId, keepSessionId).changes;
}

/**
 * How many unsuspended users are System Administrators (directly or through child groups of
 * that group). Writes check it is still positive before committing, so the security API can
 * never lock every administrator out.
 */
export function countLiveAdministrators(db: Db, administratorsGroupName: string): number {
  return statements(db).liveAdministrators.get(administratorsGroupName)?.n ?? 0;
}
