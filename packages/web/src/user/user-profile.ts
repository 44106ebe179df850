import type { UserGroup } from '../routing/access.js';

/** Groups loaded per user, inherited ones included (website spec §6). */
export const MAX_USER_GROUPS = 100;

/** The fields of a platform user the site keeps (contract §4.3); never credentials. */
export interface PlatformUserLike {
  id: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** An environment of the platform a staff member works in (`GET {provider-host}/my-environments`). */
export interface StaffEnvironment {
  alias: string;
  name: string;
  /** Address of the environment (http or https only; anything else is dropped). */
  url: string | null;
}

/** The public profile of a signed-in visitor, as the server's session hands it to the page. */
export interface UserProfile {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** First name plus optional last name; `null` when neither is known. */
  name: string | null;
  /** Groups, inherited ones included, at most {@link MAX_USER_GROUPS}. */
  groups: UserGroup[];
  /** The email address is on the configured staff domain. */
  isStaff: boolean;
  /**
   * Staff only: the environments the platform lists for them; `null` when not staff or when
   * the list could not be loaded.
   */
  environments: StaffEnvironment[] | null;
}

/**
 * The display name: first name, then the last name when there is one, trimmed. Missing parts
 * are left out, so the name never reads "undefined" or "null"; `null` when both are missing.
 *
 * @example
 * displayName('Morgan', 'Member'); // 'Morgan Member'
 * displayName('Morgan', undefined); // 'Morgan'
 * displayName(null, '  '); // null
 */
export function displayName(firstName: unknown, lastName: unknown): string | null {
  const parts = [firstName, lastName]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * Whether an email address is on the staff domain: the part after the last `@` equals the
 * domain exactly (letter case aside). A subdomain, a look-alike suffix or an address without
 * a domain does not count; no configured domain means nobody is staff.
 *
 * @example
 * isStaffEmail('ada@aberwen.example', 'aberwen.example'); // true
 * isStaffEmail('ada@evil-aberwen.example', 'aberwen.example'); // false
 * isStaffEmail('ada@mail.aberwen.example', 'aberwen.example'); // false
 */
export function isStaffEmail(email: unknown, staffDomain: string | null | undefined): boolean {
  if (typeof email !== 'string' || !staffDomain) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return false;
  return email.slice(at + 1).toLowerCase() === staffDomain.trim().toLowerCase().replace(/^@/, '');
}

/**
 * A visitor's groups as the state keeps them: id and name only, without duplicates, at most
 * {@link MAX_USER_GROUPS}.
 */
export function groupsOf(
  groups: readonly { id?: unknown; name?: unknown }[] | null | undefined,
): UserGroup[] {
  const seen = new Set<string>();
  const result: UserGroup[] = [];
  for (const group of groups ?? []) {
    const id = typeof group.id === 'string' ? group.id : null;
    const name = typeof group.name === 'string' ? group.name : null;
    const key = id ?? `name:${name}`;
    if ((id === null && name === null) || seen.has(key)) continue;
    seen.add(key);
    result.push({ id, name });
    if (result.length === MAX_USER_GROUPS) break;
  }
  return result;
}

/**
 * The public profile of a platform user and their groups.
 *
 * @example
 * userProfile(await users.getCurrent(), (await users.getUserGroups({ userId, includeInherited: true })).items, 'aberwen.example');
 */
export function userProfile(
  user: PlatformUserLike,
  groups: readonly { id?: unknown; name?: unknown }[],
  staffDomain: string | null | undefined,
): UserProfile {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: user.id,
    username: text(user.username),
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    email: text(user.email),
    name: displayName(user.firstName, user.lastName),
    groups: groupsOf(groups),
    isStaff: isStaffEmail(user.email, staffDomain),
    environments: null,
  };
}

/** The longest list of environments kept. */
export const MAX_ENVIRONMENTS = 50;

/**
 * The environments of a `/my-environments` answer as the profile keeps them: a JSON array of
 * objects with a text `alias` or `name`; URLs other than http(s) are dropped (they end up in
 * links). Anything else gives an empty list.
 *
 * @example
 * environmentsOf([{ alias: 'local', name: 'Local', url: 'http://127.0.0.1:3001' }]);
 */
export function environmentsOf(data: unknown): StaffEnvironment[] {
  if (!Array.isArray(data)) return [];
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null;
  const result: StaffEnvironment[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const alias = text(record.alias) ?? text(record.name);
    if (!alias) continue;
    const url = text(record.url);
    result.push({
      alias,
      name: text(record.name) ?? alias,
      url: url && /^https?:\/\//i.test(url) ? url : null,
    });
    if (result.length === MAX_ENVIRONMENTS) break;
  }
  return result;
}
