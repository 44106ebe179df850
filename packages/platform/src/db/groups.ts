import type { Db } from './open.js';
import { parseJsonColumn, preparedFor } from './statements.js';

/** A stored group with its computed counts (direct members and direct child groups). */
export interface GroupRecord {
  id: string;
  name: string;
  /** The JSON Group (contract §4.4) without id, name and the counts. */
  data: Record<string, unknown>;
  userCount: number;
  childGroupCount: number;
}

type GroupRow = { id: string; name: string; data: string; user_count: number; child_count: number };

const SELECT = `SELECT g.id, g.name, g.data,
    (SELECT COUNT(*) FROM group_users gu WHERE gu.group_id = g.id) AS user_count,
    (SELECT COUNT(*) FROM group_groups gg WHERE gg.parent_id = g.id) AS child_count
  FROM groups g`;

const statements = preparedFor((db) => ({
  all: db.prepare<[], GroupRow>(`${SELECT} ORDER BY g.name COLLATE NOCASE, g.id`),
  byId: db.prepare<[string], GroupRow>(`${SELECT} WHERE g.id = ?`),
  // An exact id wins over a name (a group could be named like another's id).
  byIdOrName: db.prepare<[{ key: string }], GroupRow>(
    `${SELECT} WHERE g.id = @key OR g.name = @key COLLATE NOCASE ORDER BY g.id = @key DESC LIMIT 1`,
  ),
  nameTaken: db.prepare<[string, string], { id: string }>(
    'SELECT id FROM groups WHERE name = ? COLLATE NOCASE AND id <> ? LIMIT 1',
  ),
  update: db.prepare('UPDATE groups SET name = ?, data = ? WHERE id = ?'),
  delete: db.prepare('DELETE FROM groups WHERE id = ?'),
  removeUser: db.prepare('DELETE FROM group_users WHERE group_id = ? AND user_id = ?'),
  hasUser: db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM group_users WHERE group_id = ? AND user_id = ?',
  ),
  removeChild: db.prepare('DELETE FROM group_groups WHERE parent_id = ? AND child_id = ?'),
  edges: db.prepare<[], { parent_id: string; child_id: string }>(
    'SELECT parent_id, child_id FROM group_groups',
  ),
  memberships: db.prepare<[], { group_id: string; user_id: string }>(
    'SELECT group_id, user_id FROM group_users',
  ),
  descendants: db.prepare<[string], { id: string }>(
    `WITH RECURSIVE below(id) AS (
       SELECT child_id FROM group_groups WHERE parent_id = ?
       UNION
       SELECT gg.child_id FROM group_groups gg JOIN below b ON gg.parent_id = b.id
     )
     SELECT id FROM below`,
  ),
}));

function record(row: GroupRow | undefined): GroupRecord | undefined {
  return row
    ? {
        id: row.id,
        name: row.name,
        data: parseJsonColumn<Record<string, unknown>>(row.data),
        userCount: row.user_count,
        childGroupCount: row.child_count,
      }
    : undefined;
}

/** Every group with its counts, by name (groups are few; listings filter them in memory). */
export function listGroupRecords(db: Db): GroupRecord[] {
  return statements(db)
    .all.all()
    .map((row) => record(row)!);
}

/** A group by GUID. */
export function getGroupRecord(db: Db, id: string): GroupRecord | undefined {
  return record(statements(db).byId.get(id));
}

/** A group by GUID or by name (case-insensitive), the way the security API addresses groups. */
export function findGroupRecord(db: Db, idOrName: string): GroupRecord | undefined {
  return record(statements(db).byIdOrName.get({ key: idOrName }));
}

/** Whether a group other than `exceptId` has this name (case-insensitive). */
export function groupNameTaken(db: Db, name: string, exceptId = ''): boolean {
  return statements(db).nameTaken.get(name, exceptId) !== undefined;
}

/** Rewrites a group's name and JSON record. */
export function updateGroupRecord(
  db: Db,
  group: { id: string; name: string; data: Record<string, unknown> },
): void {
  statements(db).update.run(group.name, JSON.stringify(group.data), group.id);
}

/** Deletes a group; its memberships and parent/child links go with it (foreign keys cascade). */
export function deleteGroupRecord(db: Db, id: string): boolean {
  return statements(db).delete.run(id).changes > 0;
}

/** Removes a direct membership; false when the user was not a direct member. */
export function removeUserFromGroup(db: Db, groupId: string, userId: string): boolean {
  return statements(db).removeUser.run(groupId, userId).changes > 0;
}

/** Whether the user is a direct member of the group. */
export function isDirectMember(db: Db, groupId: string, userId: string): boolean {
  return statements(db).hasUser.get(groupId, userId) !== undefined;
}

/** Removes a parent/child link; false when there was none. */
export function removeChildGroupRecord(db: Db, parentId: string, childId: string): boolean {
  return statements(db).removeChild.run(parentId, childId).changes > 0;
}

/** Every parent → child link. */
export function listGroupEdges(db: Db): { parentId: string; childId: string }[] {
  return statements(db)
    .edges.all()
    .map((row) => ({ parentId: row.parent_id, childId: row.child_id }));
}

/** Every direct membership. */
export function listMemberships(db: Db): { groupId: string; userId: string }[] {
  return statements(db)
    .memberships.all()
    .map((row) => ({ groupId: row.group_id, userId: row.user_id }));
}

/** Ids of every group below `groupId` (children, their children, …), never `groupId` itself unless a cycle leads back. */
export function descendantGroupIds(db: Db, groupId: string): string[] {
  return statements(db)
    .descendants.all(groupId)
    .map((row) => row.id);
}

const roleStatements = preparedFor((db) => ({
  all: db.prepare<[], { project_id: string; id: string; data: string }>(
    'SELECT project_id, id, data FROM roles',
  ),
  update: db.prepare('UPDATE roles SET data = ? WHERE project_id = ? AND id = ?'),
}));

/**
 * Renames a user or group in every role's assignments (`assignments.users` hold usernames,
 * `assignments.groups` names or ids), so renaming an account keeps the permissions its roles
 * gave it. Names match case-insensitively; returns how many roles changed.
 */
export function renameInRoleAssignments(db: Db, list: 'users' | 'groups', from: string, to: string): number {
  if (from === to) return 0;
  const wanted = from.toLowerCase();
  let changed = 0;
  for (const row of roleStatements(db).all.all()) {
    const role = parseJsonColumn<{ assignments?: Record<string, unknown> }>(row.data);
    const names = role.assignments?.[list];
    if (
      !Array.isArray(names) ||
      !names.some((name) => typeof name === 'string' && name.toLowerCase() === wanted)
    ) {
      continue;
    }
    role.assignments![list] = names.map((name) =>
      typeof name === 'string' && name.toLowerCase() === wanted ? to : name,
    );
    roleStatements(db).update.run(JSON.stringify(role), row.project_id, row.id);
    changed += 1;
  }
  return changed;
}
