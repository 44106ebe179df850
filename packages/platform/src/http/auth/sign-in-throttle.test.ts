import { randomUUID } from 'node:crypto';
import { AuthTokenProvider } from '@canopy/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPasswordSync } from '../../auth/passwords.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { insertUserRecord } from '../../db/accounts.js';
import { newUserJson, storedUserData } from '../../security/user-model.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken, userRecord } from '../../test-support/token-requests.js';
import { createPlatformServer } from '../server.js';

// The default pair and address delays, on a fake clock that the throttle's waits move forward
// (nothing sleeps, nothing is timed). Only the address's refusal threshold is lowered, from
// 100 to 30 failures, to keep the file short.
//
// Client addresses are simulated the way a deployment gives them: the platform trusts
// X-Forwarded-For from 127.0.0.1 (`trustProxy`), as it would from a site server that forwards
// its visitors' addresses, and each test request names its client address there.
let clock = Date.now();
let lastDelayMs = 0;
const sleep = async (ms: number) => {
  lastDelayMs += ms;
  clock += ms;
};
let platform: RunningPlatform;
const editor = DEMO_ACCOUNTS[1]!;
const member = DEMO_ACCOUNTS[2]!;

beforeAll(async () => {
  platform = await startDemoPlatform({
    now: () => clock,
    sleep,
    trustProxy: '127.0.0.1',
    signInThrottle: { address: { refuseAfter: 30 } },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

// Every test starts after the throttle's windows (15 minutes) have closed.
beforeEach(() => {
  clock += 3600_000;
});

interface Attempt {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
  /** How long the platform made this attempt wait (on the fake clock). */
  delayMs: number;
}

async function post(form: Record<string, string>, address: string): Promise<Attempt> {
  lastDelayMs = 0;
  const answer = await postToken(platform.origin, form, undefined, { 'X-Forwarded-For': address });
  return {
    status: answer.status,
    body: answer.body,
    retryAfter: answer.headers.get('retry-after'),
    delayMs: lastDelayMs,
  };
}

const signIn = (username: string, password: string, address: string) =>
  post({ grant_type: 'contensis_classic', username, password }, address);

const clientSignIn = (secret: string, address: string) =>
  post({ grant_type: 'client_credentials', client_id: DEFAULT_CLIENT_ID, client_secret: secret }, address);

async function repeat(times: number, run: (index: number) => Promise<Attempt>): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (let index = 0; index < times; index++) attempts.push(await run(index));
  return attempts;
}

describe('sign-in throttling', () => {
  it('slows a failing account down more and more, and still lets the right password in', async () => {
    const before = userRecord(platform.db, 'editor');
    const guesses = await repeat(12, (i) => signIn('editor', `guess-${i}`, '10.1.0.1'));
    expect(guesses.map((attempt) => attempt.status)).toEqual(Array(12).fill(400));
    expect(guesses.map((attempt) => attempt.delayMs)).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000, 10_000,
    ]);
    expect(userRecord(platform.db, 'editor').failedLoginAttempts).toBe(
      (before.failedLoginAttempts as number) + 12,
    );

    // The right password from the same address: delayed, never refused — through the client too.
    const right = await signIn('editor', editor.password, '10.1.0.1');
    expect(right).toMatchObject({ status: 200, delayMs: 10_000 });
    // The success cleared the pair.
    expect(await signIn('editor', editor.password, '10.1.0.1')).toMatchObject({ status: 200, delayMs: 0 });
  });

  it('never delays or refuses the owner signing in from another address', async () => {
    const attack = await repeat(40, (i) => signIn('member', `guess-${i}`, '10.2.0.66'));
    // The attacker's own address ends up refused for this account (429, Retry-After)…
    const refusals = attack.filter((attempt) => attempt.status === 429);
    expect(refusals.length).toBeGreaterThan(0);
    expect(attack.at(-1)).toMatchObject({
      status: 429,
      body: { error: 'too_many_requests', error_description: expect.any(String) },
    });
    expect(Number(attack.at(-1)!.retryAfter)).toBeGreaterThan(0);
    expect(Number(attack.at(-1)!.retryAfter)).toBeLessThanOrEqual(15 * 60);
    expect((await signIn('member', member.password, '10.2.0.66')).status).toBe(429);

    // …while the owner, elsewhere, signs in at once, by username or email, with the client too.
    expect(await signIn('member', member.password, '10.2.0.7')).toMatchObject({ status: 200, delayMs: 0 });
    expect(await signIn(member.email, member.password, '10.2.0.8')).toMatchObject({
      status: 200,
      delayMs: 0,
    });
    lastDelayMs = 0;
    const viaClient = await new AuthTokenProvider({
      rootUrl: platform.origin,
      clientType: 'contensis_classic',
      clientDetails: { username: 'member', password: member.password },
      now: () => clock,
    }).authenticate();
    expect(viaClient.bearerToken).toEqual(expect.any(String));
    expect(lastDelayMs).toBe(0);
  });

  it('counts the username and the email of one account as one account, like unknown logins', async () => {
    const mixed = await repeat(6, (i) =>
      signIn(i % 2 === 0 ? 'MEMBER' : member.email.toUpperCase(), 'nope', '10.3.0.1'),
    );
    const unknown = await repeat(6, () => signIn('Ghost-User', 'nope', '10.3.0.2'));
    expect(mixed.map((attempt) => attempt.delayMs)).toEqual([0, 0, 0, 1000, 2000, 4000]);
    expect(unknown.map((attempt) => [attempt.status, attempt.delayMs])).toEqual(
      mixed.map((attempt) => [attempt.status, attempt.delayMs]),
    );
  });

  it('treats API-client secrets the same way: the site keeps signing in while someone guesses', async () => {
    const guesses = await repeat(10, (i) => clientSignIn(`guess-${i}`, '10.4.0.66'));
    expect(guesses.map((attempt) => [attempt.status, attempt.delayMs])).toEqual([
      [400, 0],
      [400, 0],
      [400, 0],
      [400, 1000],
      [400, 2000],
      [400, 4000],
      [400, 8000],
      [400, 10_000],
      [400, 10_000],
      [400, 10_000],
    ]);
    // The site, from its own address, is not slowed at all.
    expect(await clientSignIn(DEFAULT_CLIENT_SECRET, '10.4.0.1')).toMatchObject({ status: 200, delayMs: 0 });
    // The right secret from the guessing address is delayed, not refused.
    expect(await clientSignIn(DEFAULT_CLIENT_SECRET, '10.4.0.66')).toMatchObject({
      status: 200,
      delayMs: 10_000,
    });
  });

  it('refuses an abusive address only for the accounts it failed for; others behind it still sign in', async () => {
    // One address (say a site server) sends 30 wrong passwords for 30 different accounts.
    const spray = await repeat(30, (i) => signIn(`someone-${i}`, 'nope', '10.5.0.1'));
    expect(spray.every((attempt) => attempt.status === 400)).toBe(true);
    // Past 20 failures the address itself slows down, doubling from 250 ms up to 5 s.
    expect(spray.slice(18, 26).map((attempt) => attempt.delayMs)).toEqual([
      0, 0, 250, 500, 1000, 2000, 4000, 5000,
    ]);
    const before = userRecord(platform.db, 'editor');
    expect((await signIn('someone-0', 'nope', '10.5.0.1')).status).toBe(429);
    // A visitor behind the same address who has not been failing signs in (after the address's delay).
    expect(await signIn('editor', editor.password, '10.5.0.1')).toMatchObject({ status: 200, delayMs: 5000 });
    // Refused attempts never reach the password check: nothing is recorded on the account.
    expect((await signIn('editor', 'nope', '10.5.0.1')).status).toBe(400);
    expect((await signIn('editor', 'nope', '10.5.0.1')).status).toBe(429);
    expect(userRecord(platform.db, 'editor').failedLoginAttempts).toBe(
      (before.failedLoginAttempts as number) + 1,
    );
    // When the window closes the address starts afresh.
    clock += 15 * 60_000;
    expect(await signIn('someone-0', 'nope', '10.5.0.1')).toMatchObject({ status: 400, delayMs: 0 });
  });

  it('takes X-Forwarded-For only from trusted proxies', async () => {
    // A second server over the same database that trusts no proxy: the header is ignored and
    // every attempt from one socket address counts as that address, whatever it claims.
    let waited = 0;
    const direct = createPlatformServer({
      db: platform.db,
      dataDir: platform.dataDir,
      now: () => clock,
      sleep: async (ms) => {
        waited = ms;
      },
    });
    try {
      const delays: number[] = [];
      for (let i = 0; i < 5; i++) {
        waited = 0;
        const response = await direct.inject({
          method: 'POST',
          url: '/authenticate/connect/token',
          remoteAddress: '10.6.0.1',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `10.7.0.${i}`,
          },
          payload: `grant_type=contensis_classic&username=editor&password=guess-${i}`,
        });
        expect(response.statusCode).toBe(400);
        delays.push(waited);
      }
      expect(delays).toEqual([0, 0, 0, 1000, 2000]);
    } finally {
      await direct.close();
    }
  });
});

describe('the current-password check of a password change', () => {
  /** A user of this test alone, with a password that the test may change. */
  function addUser(username: string, password: string): void {
    const id = randomUUID();
    const email = `${username}@mail.example`;
    insertUserRecord(platform.db, {
      id,
      username,
      email,
      passwordHash: hashPasswordSync(password),
      suspended: false,
      data: storedUserData({}, newUserJson({ id, username, email, now: new Date(clock).toISOString() })),
    });
  }

  /** A bearer token of the user, signed in from `address`. */
  async function bearer(username: string, password: string, address: string): Promise<string> {
    const answer = await signIn(username, password, address);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.access_token as string;
  }

  /** `POST /users/@current/credentials/password` from `address`, as the throttle sees it. */
  async function change(token: string, existing: string, next: string, address: string): Promise<Attempt> {
    lastDelayMs = 0;
    const response = await fetch(`${platform.origin}/api/security/users/@current/credentials/password`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ existing, new: next }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      retryAfter: response.headers.get('retry-after'),
      delayMs: lastDelayMs,
    };
  }

  it('slows wrong current passwords down as sign-in does, and a right one resets the count', async () => {
    addUser('changer', 'Changer-first-2026');
    // A stolen session, used from the thief's address.
    const stolen = await bearer('changer', 'Changer-first-2026', '10.9.0.66');
    const guesses = await repeat(12, (i) => change(stolen, `guess-${i}`, 'Thief-chosen-2026', '10.9.0.66'));
    expect(guesses.map((attempt) => attempt.status)).toEqual(Array(12).fill(409));
    expect(guesses.map((attempt) => attempt.delayMs)).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000, 10_000,
    ]);
    expect(guesses[0]!.body).toMatchObject({ message: 'The existing password is not correct' });
    // One count with sign-in: the same pair's sign-ins are slowed as much.
    expect(await signIn('changer', 'guess', '10.9.0.66')).toMatchObject({ status: 400, delayMs: 10_000 });

    // The right current password is delayed too, then accepted, and clears the pair.
    const right = await change(stolen, 'Changer-first-2026', 'Changer-second-2026', '10.9.0.66');
    expect(right).toMatchObject({ status: 204, delayMs: 10_000 });
    expect(await change(stolen, 'wrong', 'Changer-third-2026', '10.9.0.66')).toMatchObject({
      status: 409,
      delayMs: 0,
    });
  });

  it('never slows or refuses the owner changing their password from another address', async () => {
    addUser('owner', 'Owner-first-2026');
    const stolen = await bearer('owner', 'Owner-first-2026', '10.10.0.66');
    const attack = await repeat(40, (i) => change(stolen, `guess-${i}`, 'Thief-chosen-2026', '10.10.0.66'));
    // The thief's address ends up refused for this account, as sign-in refuses it: 429, Retry-After.
    const last = attack.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({
      message: expect.stringMatching(/^Too many wrong passwords; try again in \d+ seconds$/),
      data: { field: 'existing', retryAfterSeconds: Number(last.retryAfter) },
    });
    expect(Number(last.retryAfter)).toBeGreaterThan(0);
    expect(Number(last.retryAfter)).toBeLessThanOrEqual(15 * 60);
    expect((await change(stolen, 'Owner-first-2026', 'Thief-chosen-2026', '10.10.0.66')).status).toBe(429);
    expect((await signIn('owner', 'Owner-first-2026', '10.10.0.66')).status).toBe(429);

    // The owner, at home, signs in and changes the password at once.
    const own = await bearer('owner', 'Owner-first-2026', '10.10.0.7');
    expect(await change(own, 'Owner-first-2026', 'Owner-second-2026', '10.10.0.7')).toMatchObject({
      status: 204,
      delayMs: 0,
    });
    expect(await signIn('owner', 'Owner-second-2026', '10.10.0.8')).toMatchObject({
      status: 200,
      delayMs: 0,
    });
  });
});
