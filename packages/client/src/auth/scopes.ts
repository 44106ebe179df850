import type { ClientType } from '../config.js';

/**
 * The resource scopes every token request asks for, in the order the official clients send them
 * (contract §3.1). The server grants the intersection with what the credential allows.
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

/** The identity scopes added for every grant except `client_credentials`. */
export const IDENTITY_SCOPES = ['openid', 'offline_access'] as const;

/** One scope a token request can ask for. */
export type Scope = (typeof RESOURCE_SCOPES)[number] | (typeof IDENTITY_SCOPES)[number];

/**
 * The space-separated `scope` value for a grant: client credentials get the resource scopes only,
 * every other client type (including `none` and an unset type) `openid offline_access` first.
 *
 * @example
 * scopeFor('client_credentials'); // 'Security_Administrator ContentType_Read … Workflow_Administrator'
 * scopeFor('contensis_classic');  // 'openid offline_access Security_Administrator … Workflow_Administrator'
 */
export function scopeFor(clientType: ClientType | null | undefined): string {
  const scopes: readonly string[] =
    clientType === 'client_credentials' ? RESOURCE_SCOPES : [...IDENTITY_SCOPES, ...RESOURCE_SCOPES];
  return scopes.join(' ');
}
