import type { Db } from './open.js';
import { preparedFor } from './statements.js';

/** What sign-in and authorisation need to know about a user (the full record is JSON). */
export interface UserIdentity {
  id: string;
  username: string;
  email: string;
  passwordHash: string | null;
  suspended: boolean;
}

/** An API client as the token endpoint sees it. */
export interface ApiClientRecord {
  id: string;
  name: string;
  secretHash: string;
  securityAdmin: boolean;
}

/** The built-in group whose members may do everything (contract §3.5). */
export const SYSTEM_ADMINISTRATORS = 'System Administrators';

type IdentityRow = {
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  suspended: number;
};

const statements = preparedFor((db) => ({
  byId: db.prepare<[string], IdentityRow>(
    'SELECT id, username, email, password_hash, suspended FROM users WHERE id = ?',
  ),
  // A username match wins over an email match (someone may use another's email as a username).
  byLogin: db.prepare<[{ login: string }], IdentityRow>(
    `SELECT id, username, email, password_hash, suspended FROM users
      WHERE username = @login COLLATE NOCASE OR email = @login COLLATE NOCASE
      ORDER BY username = @login COLLATE NOCASE DESC LIMIT 1`,
  ),
  client: db.prepare<[string], { id: string; name: string; secret_hash: string; security_admin: number }>(
    'SELECT id, name, secret_hash, security_admin FROM api_clients WHERE id = ?',
  ),
  // Every group the user belongs to directly, plus every group that contains one of those,
  // transitively. UNION (not UNION ALL) stops cycles.
  effectiveGroups: db.prepare<[string], { id: string; name: string }>(
    `WITH RECURSIVE member_of(id) AS (
       SELECT group_id FROM group_users WHERE user_id = ?
       UNION
       SELECT gg.parent_id FROM group_groups gg JOIN member_of m ON gg.child_id = m.id
     )
     SELECT g.id, g.name FROM groups g JOIN member_of m ON m.id = g.id ORDER BY g.name`,
  ),
}));

function identity(row: IdentityRow | undefined): UserIdentity | undefined {
  return row
    ? {
        id: row.id,
        username: row.username,
        email: row.email,
        passwordHash: row.password_hash,
        suspended: row.suspended === 1,
      }
    : undefined;
}

/** A user by GUID. */
export function findUserIdentity(db: Db, id: string): UserIdentity | undefined {
  return identity(statements(db).byId.get(id));
}

/** A user by username or email (case-insensitive), as typed on a sign-in form. */
export function findUserByLogin(db: Db, login: string): UserIdentity | undefined {
  return identity(statements(db).byLogin.get({ login }));
}

/** An API client by its client id. */
export function findApiClient(db: Db, clientId: string): ApiClientRecord | undefined {
  const row = statements(db).client.get(clientId);
  return row
    ? { id: row.id, name: row.name, secretHash: row.secret_hash, securityAdmin: row.security_admin === 1 }
    : undefined;
}

/**
 * The groups a user belongs to, directly or because a group they are in is a child of
 * another (membership through child groups counts, contract §4.3).
 */
export function effectiveGroups(db: Db, userId: string): { id: string; name: string }[] {
  return statements(db).effectiveGroups.all(userId);
}

/** A user row to insert: the identity columns plus the full JSON record. */
export interface NewUserRecord {
  id: string;
  username: string;
  email: string;
  passwordHash: string | null;
  suspended: boolean;
  /** The JSON User (contract §4.3) without `credentials.password`. */
  data: Record<string, unknown>;
}

const writes = preparedFor((db) => ({
  insertUser: db.prepare(
    `INSERT INTO users (id, classic_id, username, email, password_hash, suspended, data)
     VALUES (?, (SELECT COALESCE(MAX(classic_id), 0) + 1 FROM users), ?, ?, ?, ?, ?)`,
  ),
  insertGroup: db.prepare('INSERT INTO groups (id, name, data) VALUES (?, ?, ?)'),
  addGroupUser: db.prepare('INSERT OR IGNORE INTO group_users (group_id, user_id) VALUES (?, ?)'),
  addChildGroup: db.prepare('INSERT OR IGNORE INTO group_groups (parent_id, child_id) VALUES (?, ?)'),
  insertClient: db.prepare(
    'INSERT INTO api_clients (id, name, secret_hash, security_admin, created) VALUES (?, ?, ?, ?, ?)',
  ),
}));

/** Inserts a user (classic id assigned as the next number). */
export function insertUserRecord(db: Db, user: NewUserRecord): void {
  writes(db).insertUser.run(
    user.id,
    user.username,
    user.email,
    user.passwordHash,
    user.suspended ? 1 : 0,
    JSON.stringify(user.data),
  );
}

/** Inserts a group; `data` is the JSON Group (contract §4.4) without its counts. */
export function insertGroupRecord(
  db: Db,
  group: { id: string; name: string; data: Record<string, unknown> },
): void {
  writes(db).insertGroup.run(group.id, group.name, JSON.stringify(group.data));
}

/** Makes a user a direct member of a group (no-op when already a member). */
export function addUserToGroup(db: Db, groupId: string, userId: string): void {
  writes(db).addGroupUser.run(groupId, userId);
}

/** Makes `childId` a child group of `parentId` (no-op when it already is). */
export function addChildGroupRecord(db: Db, parentId: string, childId: string): void {
  writes(db).addChildGroup.run(parentId, childId);
}

/** Inserts an API client (secret already hashed). */
export function insertApiClient(
  db: Db,
  client: { id: string; name: string; secretHash: string; securityAdmin: boolean; created: string },
): void {
  writes(db).insertClient.run(
    client.id,
    client.name,
    client.secretHash,
    client.securityAdmin ? 1 : 0,
    client.created,
  );
}
