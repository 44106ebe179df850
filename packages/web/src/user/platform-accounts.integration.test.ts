import { DEMO_ACCOUNTS, readOutbox } from '@canopy/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { PlatformAccounts } from './platform-accounts.js';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
}, 60_000);

afterAll(async () => {
  await platform?.dispose();
});

const PAGES = {
  verify: 'https://www.example.org/account/verify',
  signIn: 'https://www.example.org/account/login',
  forgotPassword: 'https://www.example.org/account/forgot-password',
};

/** The site's accounts against the real platform, noting each call's method and path. */
function recordingAccounts() {
  const calls: string[] = [];
  const accounts = new PlatformAccounts({
    rootUrl: platform.url,
    projectId: PROJECT_ID,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetchFn: async (input, init) => {
      const response = await fetch(input, init);
      const { pathname } = new URL(String(input instanceof Request ? input.url : input));
      const path = pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      return response;
    },
  });
  return { accounts, calls };
}

describe('PlatformAccounts.register', () => {
  it('makes the same platform calls for an address that has an account as for a new one', async () => {
    const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
    const input = { username: null, firstName: 'Sian', lastName: 'Calls', password: 'Sian-registers-2026' };
    const fresh = recordingAccounts();
    await fresh.accounts.register({ ...input, email: 'sian.calls@example.org' }, PAGES);
    const taken = recordingAccounts();
    await taken.accounts.register({ ...input, email: member.email }, PAGES);

    expect(fresh.calls).toContain('POST /api/security/users');
    expect(taken.calls).toEqual(fresh.calls);
    expect(readOutbox(platform.dataDir, { to: member.email }).at(-1)?.kind).toBe('registration-attempt');
    expect(readOutbox(platform.dataDir, { to: 'sian.calls@example.org' }).at(-1)?.kind).toBe(
      'email-verification',
    );
  });
});
