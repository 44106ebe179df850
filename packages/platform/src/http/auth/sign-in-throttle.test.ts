import { AuthTokenProvider, ContensisAuthenticationError } from '@canopy/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken, userRecord } from '../../test-support/token-requests.js';

// The default limits, on a fake clock; only the added delay is shortened so the file stays fast
// (the delay itself is the unit tests' business: no timing assertions here).
let clock = Date.now();
let platform: RunningPlatform;
const editor = DEMO_ACCOUNTS[1]!;
const member = DEMO_ACCOUNTS[2]!;

beforeAll(async () => {
  platform = await startDemoPlatform({
    now: () => clock,
    signInThrottle: { delayMs: 1, address: { slowAfter: 20, limit: 30 } },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

// Every test starts in a fresh throttle window (15 minutes by default).
beforeEach(() => {
  clock += 3600_000;
});

const signIn = (username: string, password: string) =>
  postToken(platform.origin, { grant_type: 'contensis_classic', username, password });

function classicProvider(username: string, password: string): AuthTokenProvider {
  return new AuthTokenProvider({
    rootUrl: platform.origin,
    clientType: 'contensis_classic',
    clientDetails: { username, password },
    now: () => clock,
  });
}

describe('brute-force protection', () => {
  it('answers 429 well before the 50th wrong password and lets the right one in after the window', async () => {
    const before = userRecord(platform.db, 'editor');
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let attempt = 0; attempt < 50; attempt++) {
      const answer = await signIn('editor', `guess-${attempt}`);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
        retryAfter = Number(answer.headers.get('retry-after'));
      }
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThanOrEqual(10);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
    // Refused attempts never reach the password check: only the checked ones are on record.
    expect(userRecord(platform.db, 'editor').failedLoginAttempts).toBe(
      (before.failedLoginAttempts as number) + firstRefusal,
    );

    // The right password is refused too while the window is open, through the client as well.
    const refused = await classicProvider('editor', editor.password)
      .authenticate()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContensisAuthenticationError);
    expect(refused).toMatchObject({ message: 'too_many_requests', status: 429 });
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    clock += (retryAfter - 1) * 1000;
    expect((await signIn('editor', editor.password)).status).toBe(429);
    clock += 1000;
    const credentials = await classicProvider('editor', editor.password).authenticate();
    expect(credentials.bearerToken).toEqual(expect.any(String));
  });

  it('throttles by the lower-cased login, whether or not the account exists', async () => {
    const statuses = async (login: string) => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 12; attempt++) seen.push((await signIn(login, 'nope')).status);
      return seen;
    };
    const unknown = await statuses('Ghost-User');
    const known = await statuses(member.username.toUpperCase());
    expect(unknown).toEqual(known);
    expect(unknown.at(-1)).toBe(429);
    expect((await signIn('ghost-user', 'nope')).status).toBe(429);
    expect((await signIn(member.username, member.password)).status).toBe(429);
  });

  it('clears the account after a successful sign-in', async () => {
    for (let attempt = 0; attempt < 9; attempt++) expect((await signIn('editor', 'nope')).status).toBe(400);
    expect((await signIn('editor', editor.password)).status).toBe(200);
    for (let attempt = 0; attempt < 9; attempt++) expect((await signIn('editor', 'nope')).status).toBe(400);
    expect(userRecord(platform.db, 'editor').failedLoginAttemptsSinceLastSuccess).toBe(9);
  });

  it('throttles an address guessing at many accounts', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await signIn(`someone-${attempt}`, 'nope')).status).toBe(400);
    }
    expect((await signIn('member', member.password)).status).toBe(429);
    clock += 15 * 60_000;
    expect((await signIn('member', member.password)).status).toBe(200);
  });

  it('throttles client secrets per client id', async () => {
    const attempt = (secret: string) =>
      postToken(platform.origin, {
        grant_type: 'client_credentials',
        client_id: DEFAULT_CLIENT_ID,
        client_secret: secret,
      });
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) statuses.push((await attempt(`guess-${guess}`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await attempt(DEFAULT_CLIENT_SECRET)).status).toBe(429);
    clock += 15 * 60_000;
    expect((await attempt(DEFAULT_CLIENT_SECRET)).status).toBe(200);
  });
});
