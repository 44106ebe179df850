/**
 * Who may see a route: `true` for any signed-in visitor, a list of group ids or names for
 * members of any of them, `false` or absent for everyone (website spec §2, §6).
 */
export type RequireLogin = boolean | readonly string[];

/** A group the visitor belongs to (inherited groups included). */
export interface UserGroup {
  id?: string | null;
  name?: string | null;
}

/** What the access rules need to know about the visitor. */
export interface Visitor {
  isAuthenticated: boolean;
  groups: readonly UserGroup[];
}

/** The outcome of an access check: allowed, sign-in needed (401) or not entitled (403). */
export type AccessDecision = 'allowed' | 401 | 403;

/** The path of the sign-in page. */
export const LOGIN_PATH = '/account/login';

/** The path of the access-denied page. */
export const ACCESS_DENIED_PATH = '/account/access-denied';

/**
 * Whether a visitor's groups satisfy a requirement: any shared id or name with any required
 * group. No requirement, `true` and an empty list are satisfied by any groups (signing in is
 * checked separately).
 *
 * @example
 * matchUserGroup([{ id: 'g1', name: 'Staff' }], ['Staff', 'Editors']); // true
 * matchUserGroup([{ id: 'g1', name: 'Staff' }], ['Members']); // false
 */
export function matchUserGroup(
  groups: readonly UserGroup[],
  required: RequireLogin | null | undefined,
): boolean {
  if (!Array.isArray(required) || required.length === 0) return true;
  const wanted = new Set(required);
  return groups.some(
    (group) => (group.id != null && wanted.has(group.id)) || (group.name != null && wanted.has(group.name)),
  );
}

/**
 * Whether a visitor may see a route that declares `requireLogin`.
 *
 * @example
 * checkAccess(['Members'], { isAuthenticated: false, groups: [] }); // 401
 * checkAccess(['Members'], { isAuthenticated: true, groups: [{ name: 'Staff' }] }); // 403
 * checkAccess(undefined, { isAuthenticated: false, groups: [] }); // 'allowed'
 */
export function checkAccess(requireLogin: RequireLogin | null | undefined, visitor: Visitor): AccessDecision {
  if (!requiresLogin(requireLogin)) return 'allowed';
  if (!visitor.isAuthenticated) return 401;
  return matchUserGroup(visitor.groups, requireLogin) ? 'allowed' : 403;
}

/** Whether a requirement asks for signing in at all. */
export function requiresLogin(requireLogin: RequireLogin | null | undefined): boolean {
  return requireLogin === true || Array.isArray(requireLogin);
}

/**
 * The groups allowed to see a route, as kept in the routing state: `null` when anyone may,
 * `[]` when any signed-in visitor may, else the required groups.
 */
export function allowedGroupsOf(requireLogin: RequireLogin | null | undefined): string[] | null {
  if (!requiresLogin(requireLogin)) return null;
  return Array.isArray(requireLogin) ? [...requireLogin] : [];
}

/**
 * The sign-in page for a requested path: `/account/login?redirect_uri=<path>`.
 *
 * @example
 * loginPath('/members?tab=2'); // '/account/login?redirect_uri=%2Fmembers%3Ftab%3D2'
 */
export function loginPath(requested: string): string {
  return `${LOGIN_PATH}?redirect_uri=${encodeURIComponent(requested)}`;
}

/**
 * The access-denied page for a requested path: `/account/access-denied?original_uri=<path>`.
 */
export function accessDeniedPath(requested: string): string {
  return `${ACCESS_DENIED_PATH}?original_uri=${encodeURIComponent(requested)}`;
}

/**
 * Where a visitor goes when a route or the platform answers 401 or 403 (website spec §4): not
 * signed in → the sign-in page, which afterwards returns to the requested path (401) or to the
 * access-denied page (403); signed in without the group → the access-denied page; signed in
 * but refused as unauthenticated (an expired session) → the sign-in page again.
 *
 * @example
 * accessRedirect(401, false, '/members'); // '/account/login?redirect_uri=%2Fmembers'
 * accessRedirect(403, true, '/staff'); // '/account/access-denied?original_uri=%2Fstaff'
 */
export function accessRedirect(reason: 401 | 403, isAuthenticated: boolean, requested: string): string {
  if (reason === 403 && isAuthenticated) return accessDeniedPath(requested);
  if (reason === 403) return loginPath(accessDeniedPath(requested));
  return loginPath(requested);
}
