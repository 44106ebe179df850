import { randomUUID } from 'node:crypto';
import { Issues, isJsonObject, LIMITS } from './validation.js';

/** One permission of a role (contract §4.2): `BasePermission`, `Permission` or `NodePermission`. */
export interface StoredPermission {
  id?: string;
  actions: string[];
  languages?: string[];
  contentTypeIds?: string[];
  scope?: string;
}

/** Who holds a role: usernames, group names (or ids) and API client names. */
export interface RoleAssignments {
  users: string[];
  groups: string[];
  apiKeys: string[];
}

/** A role as stored and served (contract §4.2). */
export interface RoleDocument {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  permissions: Record<string, StoredPermission | StoredPermission[]>;
  assignments: RoleAssignments;
}

/** Permission keys holding a list of permissions, by lower-cased key. */
const LIST_KEYS: Record<string, string> = {
  assets: 'assets',
  entries: 'entries',
  nodes: 'nodes',
  contenttypes: 'contentTypes',
  // Canopy's addition: groups a role may add members to (security/access.ts).
  groups: 'groups',
};

/**
 * Permission keys holding one permission object: the contract's list plus the other resource
 * types of the documented permission path (tags and tag groups included, as the platform's
 * tag endpoints check them).
 */
const SINGLE_KEYS: Record<string, string> = Object.fromEntries(
  [
    'blocks',
    'certificates',
    'comments',
    'domains',
    'eventStreams',
    'proxies',
    'redirects',
    'renderers',
    'views',
    'webhookSubscriptions',
    'audiences',
    'forms',
    'manifests',
    'signals',
    'tags',
    'tagGroups',
    // Canopy's addition: creating users (security/access.ts).
    'users',
  ].map((key) => [key.toLowerCase(), key]),
);

/** Every permission key a role may hold, in the contract's spelling. */
export const ROLE_PERMISSION_KEYS: readonly string[] = [
  ...Object.values(LIST_KEYS),
  ...Object.values(SINGLE_KEYS),
];

const ASSIGNMENT_KEYS = ['users', 'groups', 'apiKeys'] as const;

/**
 * Validates a submitted role and returns it in the stored shape: permission keys in the
 * contract's spelling (matched without regard to case), list keys (`entries`, `assets`,
 * `nodes`, `contentTypes`) as arrays and the others as single objects, unknown properties
 * dropped, `assignments` complete. A new role keeps the `id` it was sent with (letters,
 * digits, `_-.`) or gets a GUID; on update the body's `id`, when present, must be the path's.
 * Throws a 422 naming every problem.
 *
 * @example
 * parseRole({ name: 'News editors', permissions: { entries: [{ id: 'article', actions: ['view'] }] } }, 'creating');
 */
export function parseRole(
  body: Record<string, unknown>,
  doing: 'creating' | 'updating',
  pathId?: string,
): RoleDocument {
  const issues = new Issues();
  const sentId = body.id === undefined || body.id === null ? undefined : body.id;
  let id = pathId ?? randomUUID();
  if (pathId === undefined && sentId !== undefined) id = issues.id(sentId, 'id');
  if (pathId !== undefined && sentId !== undefined && sentId !== pathId) {
    issues.add('id', `'id' must be the id in the path ('${pathId}'); a role's id cannot change`);
  }
  const name = issues.text(body.name, 'name', LIMITS.name);
  const description = issues.optionalText(body.description, 'description', LIMITS.description) ?? '';
  const enabled = issues.optionalBoolean(body.enabled, 'enabled', true);
  const permissions = parsePermissions(body.permissions, issues);
  const assignments = parseAssignments(body.assignments, issues);
  issues.throwIfAny(`There are validation errors ${doing} the role`);
  return { id, name, description, enabled, permissions, assignments };
}

function parsePermissions(value: unknown, issues: Issues): RoleDocument['permissions'] {
  const result: RoleDocument['permissions'] = {};
  if (value === undefined || value === null) return result;
  if (!isJsonObject(value)) {
    issues.add('permissions', "'permissions' must be an object");
    return result;
  }
  for (const [key, permission] of Object.entries(value)) {
    const field = `permissions.${key}`;
    const lower = key.toLowerCase();
    const listKey = LIST_KEYS[lower];
    const singleKey = SINGLE_KEYS[lower];
    if (permission === null || permission === undefined) continue;
    if (listKey) {
      if (!Array.isArray(permission)) {
        issues.add(field, `'${field}' must be an array of permissions`);
      } else if (permission.length > LIMITS.listItems) {
        issues.add(field, `'${field}' may hold at most ${LIMITS.listItems} permissions`);
      } else {
        result[listKey] = permission.map((item, index) =>
          parsePermission(
            item,
            `${field}[${index}]`,
            issues,
            listKey !== 'contentTypes',
            listKey === 'nodes',
          ),
        );
      }
    } else if (singleKey) {
      result[singleKey] = parsePermission(permission, field, issues, false, false);
    } else {
      issues.add(
        field,
        `'${key}' is not a permission the platform knows (${ROLE_PERMISSION_KEYS.join(', ')})`,
      );
    }
  }
  return result;
}

function parsePermission(
  value: unknown,
  field: string,
  issues: Issues,
  withLanguages: boolean,
  isNode: boolean,
): StoredPermission {
  if (!isJsonObject(value)) {
    issues.add(field, `'${field}' must be an object with an 'actions' array`);
    return { actions: [] };
  }
  const actions = issues.optionalStrings(value.actions, `${field}.actions`, LIMITS.action);
  if (actions === undefined && value.actions === undefined) {
    issues.add(`${field}.actions`, `'${field}.actions' is required`);
  }
  const permission: StoredPermission = { actions: actions ?? [] };
  const id = issues.optionalText(value.id, `${field}.id`, LIMITS.name);
  if (id !== undefined) permission.id = id;
  if (withLanguages) {
    const languages = issues.optionalStrings(value.languages, `${field}.languages`, LIMITS.id);
    if (languages !== undefined) permission.languages = languages;
  }
  if (isNode) {
    const contentTypeIds = issues.optionalStrings(value.contentTypeIds, `${field}.contentTypeIds`, LIMITS.id);
    if (contentTypeIds !== undefined) permission.contentTypeIds = contentTypeIds;
    const scope = issues.optionalText(value.scope, `${field}.scope`, LIMITS.id);
    if (scope !== undefined) permission.scope = scope;
  }
  return permission;
}

function parseAssignments(value: unknown, issues: Issues): RoleAssignments {
  const result: RoleAssignments = { users: [], groups: [], apiKeys: [] };
  if (value === undefined || value === null) return result;
  if (!isJsonObject(value)) {
    issues.add('assignments', "'assignments' must be an object of 'users', 'groups' and 'apiKeys'");
    return result;
  }
  for (const key of Object.keys(value)) {
    if (!(ASSIGNMENT_KEYS as readonly string[]).includes(key)) {
      issues.add(`assignments.${key}`, `'assignments.${key}' is not one of 'users', 'groups', 'apiKeys'`);
    }
  }
  for (const key of ASSIGNMENT_KEYS) {
    result[key] = issues.optionalStrings(value[key], `assignments.${key}`, LIMITS.name) ?? [];
  }
  return result;
}
