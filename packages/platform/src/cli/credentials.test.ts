import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../config.js';
import { describeCredentials, platformCredentials, shownSecret } from './credentials.js';

describe('platform credentials', () => {
  it('lists the demo accounts with their passwords and groups, and the API client', () => {
    const credentials = platformCredentials({}, '/tmp/data');
    expect(credentials.accounts).toEqual([
      { username: 'admin', password: DEMO_ACCOUNTS[0]!.password, groups: ['System Administrators'] },
      { username: 'editor', password: DEMO_ACCOUNTS[1]!.password, groups: ['Editors', 'Staff'] },
      { username: 'member', password: DEMO_ACCOUNTS[2]!.password, groups: ['Members'] },
    ]);
    expect(credentials).toMatchObject({ clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET });
  });

  it('takes the API client from the environment', () => {
    const credentials = platformCredentials(
      { CANOPY_CLIENT_ID: 'my-site', CANOPY_CLIENT_SECRET: 'my-secret' },
      '/tmp/data',
    );
    expect(credentials).toMatchObject({ clientId: 'my-site', clientSecret: 'my-secret' });
  });

  it('shows every account, the client and the tokens in the startup banner', () => {
    const banner = describeCredentials(platformCredentials({}, '/tmp/data', '127.0.0.1', 4000));
    expect(banner).toContain('http://127.0.0.1:4000');
    expect(banner).toContain(`Client id        ${DEFAULT_CLIENT_ID}`);
    expect(banner).toContain(`Client secret    ${DEFAULT_CLIENT_SECRET}`);
    for (const account of DEMO_ACCOUNTS) {
      const line = banner.split('\n').find((text) => text.trim().startsWith(`${account.username} `));
      expect(line).toContain(account.password);
      expect(line).toContain(account.groups.join(', '));
    }
  });

  it('gives callers their own copies of the account groups', () => {
    const credentials = platformCredentials({}, '/tmp/data');
    credentials.accounts[0]!.groups.push('Changed');
    expect(platformCredentials({}, '/tmp/data').accounts[0]!.groups).toEqual(['System Administrators']);
  });

  it('shows a secret only when it is the public demo default', () => {
    expect(shownSecret(DEFAULT_CLIENT_SECRET, DEFAULT_CLIENT_SECRET, 'CANOPY_CLIENT_SECRET')).toBe(
      DEFAULT_CLIENT_SECRET,
    );
    expect(shownSecret('x', DEFAULT_CLIENT_SECRET, 'CANOPY_CLIENT_SECRET')).toBe(
      '******** (from CANOPY_CLIENT_SECRET, not shown)',
    );
  });
});
