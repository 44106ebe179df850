import { describe, expect, it } from 'vitest';
import { scopeFor } from './scopes.js';
import { tokenRequestBody } from './token-request.js';

const RESOURCE =
  'Security_Administrator%20ContentType_Read%20ContentType_Write%20ContentType_Delete%20Entry_Read%20Entry_Write%20Entry_Delete%20Project_Read%20Project_Write%20Project_Delete%20Workflow_Administrator';
const ALL = `openid%20offline_access%20${RESOURCE}`;

describe('token request form bodies (contract §3.1)', () => {
  it.each([
    [
      'client_credentials',
      { clientId: 'CID', clientSecret: 'SEC' },
      `scope=${RESOURCE}&grant_type=client_credentials&client_id=CID&client_secret=SEC`,
    ],
    [
      'contensis_classic',
      { username: 'u', password: 'p w' },
      `scope=${ALL}&grant_type=contensis_classic&username=u&password=p%20w`,
    ],
    [
      'contensis_classic_refresh_token',
      { refreshToken: 'RT' },
      `scope=${ALL}&grant_type=contensis_classic_refresh_token&refresh_token=RT`,
    ],
    ['none', null, `scope=${ALL}`],
  ] as const)('%s', (clientType, details, expected) => {
    expect(tokenRequestBody(clientType, details)).toBe(expected);
  });

  it('encodes every key and value with encodeURIComponent (%20 for spaces, never +)', () => {
    const body = tokenRequestBody('contensis_classic', { username: 'a+b@x.com', password: 'p&q=r é' });
    expect(body.endsWith('&username=a%2Bb%40x.com&password=p%26q%3Dr%20%C3%A9')).toBe(true);
    expect(new URLSearchParams(body).get('password')).toBe('p&q=r é');
  });

  it('lists the scopes in the contract order', () => {
    expect(scopeFor('client_credentials').split(' ')).toEqual([
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
    ]);
    expect(scopeFor('contensis_classic')).toBe(`openid offline_access ${scopeFor('client_credentials')}`);
    expect(scopeFor(null)).toBe(scopeFor('contensis_classic_refresh_token'));
  });

  it.each([
    [
      'client_credentials',
      { clientId: 'CID' },
      'If the property client type is set to "client_credentials" then the property clientDetails must be set to a ClientCredentialsGrant value.',
    ],
    [
      'contensis_classic',
      null,
      'If the property client type is set to "contensis_classic" then the property clientDetails must be set to a ClassicGrant value.',
    ],
    [
      'contensis_classic_refresh_token',
      {},
      'If the property client type is set to "contensis_classic_refresh_token" then the property clientDetails must be set to a ClassicRefreshTokenGrant value.',
    ],
  ] as const)('refuses %s without its client details', (clientType, details, message) => {
    expect(() => tokenRequestBody(clientType, details as never)).toThrow(message);
  });
});
