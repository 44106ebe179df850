/**
 * OAuth scopes of the platform (contract §3.1). Resource scopes gate the management and
 * security APIs; `openid` and `offline_access` only make sense for a signed-in person, which
 * is why client credentials never receive them.
 */
export const RESOURCE_SCOPES = [
  'Security_Administrator',
  'ContentType_Read',
  'ContentType_Write',
  'ContentType_Delete',
  'Entry_Read',
  'Entry_Write',
  'Entry_Delete',
  'Project_Read',
  'Project_Write',
  'Project_Delete',
  'Workflow_Administrator',
] as const;

/** Scopes only user grants (contensis_classic and its refresh) may hold. */
export const USER_ONLY_SCOPES = ['openid', 'offline_access'] as const;

/** A resource scope. */
export type ResourceScope = (typeof RESOURCE_SCOPES)[number];

/** Any scope the platform knows. */
export type Scope = ResourceScope | (typeof USER_ONLY_SCOPES)[number];

const RESOURCE_SET: ReadonlySet<string> = new Set(RESOURCE_SCOPES);
const USER_ONLY_SET: ReadonlySet<string> = new Set(USER_ONLY_SCOPES);

/**
 * The scopes a grant receives: the requested ones the grant may hold, in request order and
 * without duplicates. Unknown scopes are dropped rather than refused (the contract asks the
 * server not to fail on them). An absent or empty request means "everything the grant may
 * hold".
 *
 * @example
 * grantedScopes('openid Entry_Read Bogus', 'client'); // ['Entry_Read']
 */
export function grantedScopes(requested: string | undefined, grant: 'client' | 'user'): Scope[] {
  const allowed = (scope: string) =>
    RESOURCE_SET.has(scope) || (grant === 'user' && USER_ONLY_SET.has(scope));
  const words = (requested ?? '').split(/\s+/).filter(Boolean);
  const source =
    words.length > 0 ? words : [...(grant === 'user' ? USER_ONLY_SCOPES : []), ...RESOURCE_SCOPES];
  return [...new Set(source.filter(allowed))] as Scope[];
}
