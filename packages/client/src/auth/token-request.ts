import type {
  ClassicGrant,
  ClassicRefreshTokenGrant,
  ClientCredentialsGrant,
  ClientDetails,
  ClientType,
} from '../config.js';
import { HttpMessages } from '../http/messages.js';
import { AuthMessages } from './messages.js';
import { scopeFor } from './scopes.js';

/** Path of the OAuth token endpoint under the root URL (contract §3.1). */
export const TOKEN_PATH = '/authenticate/connect/token';

/** Content type of a token request, exactly as the official clients send it. */
export const TOKEN_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/** A successful token response (contract §3.2). */
export interface TokenResponse {
  access_token: string;
  /** Lifetime in seconds. */
  expires_in: number;
  token_type: 'Bearer' | (string & {});
  /** Present for the grants that asked for `offline_access` (the classic ones). */
  refresh_token?: string;
}

/** Header carrying the legacy CMS session token on classic-grant token responses. */
export const CLASSIC_TOKEN_HEADER = 'x-contensis-classic-token';

/**
 * The grant-specific form fields, in the order the official clients send them. Throws the
 * configuration message when the details the grant needs are missing.
 */
function grantFields(clientType: ClientType, details: ClientDetails | null | undefined): [string, string][] {
  switch (clientType) {
    case 'client_credentials': {
      const grant = details as Partial<ClientCredentialsGrant> | null | undefined;
      if (!grant?.clientId || !grant.clientSecret) throw new Error(HttpMessages.clientCredentialsNeedDetails);
      return [
        ['client_id', grant.clientId],
        ['client_secret', grant.clientSecret],
      ];
    }
    case 'contensis_classic': {
      const grant = details as Partial<ClassicGrant> | null | undefined;
      if (!grant?.username || typeof grant.password !== 'string') {
        throw new Error(AuthMessages.classicNeedsDetails);
      }
      return [
        ['username', grant.username],
        ['password', grant.password],
      ];
    }
    case 'contensis_classic_refresh_token': {
      const grant = details as Partial<ClassicRefreshTokenGrant> | null | undefined;
      if (!grant?.refreshToken) throw new Error(AuthMessages.refreshTokenNeedsDetails);
      return [['refresh_token', grant.refreshToken]];
    }
    case 'none':
      return [];
  }
}

/**
 * The form body of a token request (contract §3.1): `scope`, then `grant_type` (absent for
 * `none`), then the grant's fields; each key and value through `encodeURIComponent` (so a space
 * is `%20`, never `+`), joined with `&`.
 *
 * @throws Error with the §5.3 message (or its classic-grant counterpart) when `clientDetails`
 * lacks what the grant needs.
 * @example
 * tokenRequestBody('client_credentials', { clientId: 'CID', clientSecret: 'SEC' });
 * // 'scope=Security_Administrator%20…%20Workflow_Administrator&grant_type=client_credentials&client_id=CID&client_secret=SEC'
 */
export function tokenRequestBody(clientType: ClientType, clientDetails?: ClientDetails | null): string {
  const fields: [string, string][] = [['scope', scopeFor(clientType)]];
  if (clientType !== 'none') fields.push(['grant_type', clientType]);
  fields.push(...grantFields(clientType, clientDetails));
  return fields.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}
