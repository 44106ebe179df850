import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_SCOPES } from '../../auth/scopes.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { getUserRecord, listUserRecords } from '../../db/users.js';
import { readOutbox } from '../../mail/outbox.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken } from '../../test-support/token-requests.js';

let platform: RunningPlatform;
let siteToken: string;
let adminToken: string;
let clock = Date.now();

beforeAll(async () => {
  platform = await startDemoPlatform({ now: () => clock });
  const answer = await postToken(platform.origin, {
    scope: RESOURCE_SCOPES.join(' '),
    grant_type: 'client_credentials',
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
  });
  siteToken = answer.body.access_token as string;
  const admin = await postToken(platform.origin, {
    scope: 'openid offline_access Security_Administrator',
    grant_type: 'contensis_classic',
    username: 'admin',
    password: DEMO_ACCOUNTS.find((account) => account.username === 'admin')!.password,
  });
  adminToken = admin.body.access_token as string;
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const VERIFY_URL = 'https://www.aberwen.example/account/verify';

function post(path: string, body: unknown, token: string | null = siteToken): Promise<Response> {
  return fetch(`${platform.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** A user registered as the site does (its API client, `verifyEmail=true`, its verification page). */
async function register(
  username: string,
  query = `?verifyEmail=true&verifyUrl=${encodeURIComponent(VERIFY_URL)}`,
  token = siteToken,
) {
  const response = await post(
    `/api/security/users${query}`,
    {
      username,
      email: `${username}@mail.example`,
      firstName: 'Rhys',
      lastName: 'Registrant',
      credentials: { password: 'Registered-2026' },
    },
    token,
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; email: string };
}

/** The token of the newest verification mail to an address. */
function mailedToken(email: string): string {
  const mail = readOutbox(platform.dataDir, { to: email }).at(-1);
  expect(mail).toMatchObject({ subject: 'Confirm your email address', kind: 'email-verification' });
  return new URL(mail!.link!).searchParams.get('token')!;
}

const signIn = (username: string) =>
  postToken(platform.origin, { grant_type: 'contensis_classic', username, password: 'Registered-2026' });

describe('email verification', () => {
  it('keeps a self-registered user out until the mailed link is followed, then lets them in', async () => {
    const user = await register('rhys');
    const refused = await signIn('rhys');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_grant', reason: 'email_not_verified' });
    // A wrong password is told nothing about verification.
    const wrong = await postToken(platform.origin, {
      grant_type: 'contensis_classic',
      username: 'rhys',
      password: 'not-the-password',
    });
    expect(wrong.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The username or password is incorrect',
    });

    // The mail went with the creation.
    const mails = readOutbox(platform.dataDir, { to: user.email });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Confirm your email address', kind: 'email-verification' });
    expect(mails[0]?.link).toMatch(/^https:\/\/www\.aberwen\.example\/account\/verify\?token=[\w-]{43}$/);
    const token = mailedToken(user.email);

    expect((await post('/api/email-verification/complete', { token }, null)).status).toBe(204);
    expect((await signIn('rhys')).status).toBe(200);
    // The same link again says the address is confirmed, until it would have expired.
    const again = await post('/api/email-verification/complete', { token }, null);
    expect(again.status).toBe(200);
    await expect(again.json()).resolves.toEqual({ alreadyVerified: true });
    const madeUp = await post('/api/email-verification/complete', { token: `${token}x` }, null);
    expect(madeUp.status).toBe(422);
    expect((await madeUp.json()).message).toBe('The verification link is invalid or has expired');
  });

  it('answers resend requests the same for unknown, verified and unverified users, at most one mail a minute', async () => {
    const user = await register('gwen');
    // The creation's mail counts: a resend within the minute sends nothing more.
    expect(readOutbox(platform.dataDir, { to: user.email })).toHaveLength(1);
    const answers = await Promise.all(
      [user.id, 'nobody@mail.example', 'member'].map((who) =>
        post('/api/email-verification', { user: who, verifyUrl: VERIFY_URL }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(new Set(await Promise.all(answers.map((answer) => answer.text()))).size).toBe(1);
    const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
    expect(readOutbox(platform.dataDir, { to: member.email })).toEqual([]);
    expect(readOutbox(platform.dataDir, { to: 'nobody@mail.example' })).toEqual([]);
    expect(readOutbox(platform.dataDir, { to: user.email })).toHaveLength(1);

    await post('/api/email-verification', { user: 'gwen', verifyUrl: VERIFY_URL });
    expect(readOutbox(platform.dataDir, { to: user.email })).toHaveLength(1);
    clock += 61_000;
    await post('/api/email-verification', { user: 'gwen', verifyUrl: VERIFY_URL });
    const mails = readOutbox(platform.dataDir, { to: user.email });
    expect(mails).toHaveLength(2);
    // Only the newest link works.
    const [first, second] = mails.map((mail) => new URL(mail.link!).searchParams.get('token')!);
    expect((await post('/api/email-verification/complete', { token: first }, null)).status).toBe(422);
    expect((await post('/api/email-verification/complete', { token: second }, null)).status).toBe(204);
  });

  it("lets a security administrator's users sign in at once, and verifies by a password reset too", async () => {
    await register('ifan', '', adminToken);
    expect((await signIn('ifan')).status).toBe(200);
    expect(readOutbox(platform.dataDir, { to: 'ifan@mail.example' })).toEqual([]);
    const user = await register('nia');
    await post('/api/password-reset', { email: user.email, resetUrl: VERIFY_URL });
    const mail = readOutbox(platform.dataDir, { to: user.email }).find(
      (each) => each.kind === 'password-reset',
    );
    const token = new URL(mail!.link!).searchParams.get('token')!;
    expect(
      (await post('/api/password-reset/complete', { token, password: 'Registered-2026' }, null)).status,
    ).toBe(204);
    expect((await signIn('nia')).status).toBe(200);
    // The verification link mailed at registration now says the address is confirmed.
    const verifyMail = readOutbox(platform.dataDir, { to: user.email }).find(
      (each) => each.kind === 'email-verification',
    );
    const verifyToken = new URL(verifyMail!.link!).searchParams.get('token')!;
    const confirmed = await post('/api/email-verification/complete', { token: verifyToken }, null);
    expect(confirmed.status).toBe(200);
    await expect(confirmed.json()).resolves.toEqual({ alreadyVerified: true });
  });

  it("starts every user the site's API client creates unverified and mailed, flag or not", async () => {
    // Without the flag: still a registration, with its mail.
    const user = await register('owain', `?verifyUrl=${encodeURIComponent(VERIFY_URL)}`);
    expect((await signIn('owain')).body).toMatchObject({ reason: 'email_not_verified' });
    expect(
      (await post('/api/email-verification/complete', { token: mailedToken(user.email) }, null)).status,
    ).toBe(204);
    expect((await signIn('owain')).status).toBe(200);

    // Without a page to link to, no mail could go: refused, and nothing is created.
    for (const query of [
      '',
      '?verifyEmail=true',
      '?verifyEmail=false&signInUrl=https%3A%2F%2Fx.example%2F',
    ]) {
      const refused = await post(`/api/security/users${query}`, {
        username: 'unmailed',
        email: 'unmailed@mail.example',
        credentials: { password: 'Registered-2026' },
      });
      expect(refused.status, query).toBe(400);
      expect((await refused.json()).message).toMatch(/verifyUrl/);
    }
    expect(listUserRecords(platform.db).some((each) => each.username === 'unmailed')).toBe(false);
    expect(readOutbox(platform.dataDir, { to: 'unmailed@mail.example' })).toEqual([]);

    // A security administrator chooses: verified at once (as 'ifan' above) or by the mail.
    const mailed = await register(
      'bryn',
      `?verifyEmail=true&verifyUrl=${encodeURIComponent(VERIFY_URL)}`,
      adminToken,
    );
    expect((await signIn('bryn')).body).toMatchObject({ reason: 'email_not_verified' });
    expect(readOutbox(platform.dataDir, { to: mailed.email })).toHaveLength(1);
  });

  it('takes mail requests from API clients only, and refuses bad input with a 4xx', async () => {
    expect(
      (await post('/api/email-verification', { user: 'gwen', verifyUrl: VERIFY_URL }, null)).status,
    ).toBe(401);
    const bad = await Promise.all([
      post('/api/email-verification', { user: '', verifyUrl: VERIFY_URL }),
      post('/api/email-verification', { user: 'gwen', verifyUrl: 'javascript:alert(1)' }),
      post('/api/email-verification', ['gwen']),
      post('/api/email-verification/complete', { token: 42 }, null),
      post('/api/email-verification/complete', 'token', null),
    ]);
    expect(bad.map((answer) => answer.status)).toEqual([400, 400, 400, 422, 400]);
    for (const answer of bad) expect((await answer.json()).message).toBeTruthy();
  });
});

describe('self-registration with an address that has an account', () => {
  const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
  const SIGN_IN_URL = 'https://www.aberwen.example/account/login';
  const FORGOT_URL = 'https://www.aberwen.example/account/forgot-password';
  const selfRegister = (user: Record<string, unknown>, query = '') =>
    post(
      `/api/security/users?verifyEmail=true&verifyUrl=${encodeURIComponent(VERIFY_URL)}&signInUrl=${encodeURIComponent(SIGN_IN_URL)}&forgotPasswordUrl=${encodeURIComponent(FORGOT_URL)}${query}`,
      { firstName: 'Eve', lastName: 'Again', credentials: { password: 'Someone-else-2026' }, ...user },
    );
  const accounts = () => listUserRecords(platform.db).map((user) => JSON.stringify(user));

  it('mails the owner, answers the site 409 (field email), and creates or changes nothing', async () => {
    const before = accounts();
    const owner = getUserRecord(
      platform.db,
      listUserRecords(platform.db).find((u) => u.username === 'member')!.id,
    );
    const answer = await selfRegister({ email: member.email.toUpperCase() });
    expect(answer.status).toBe(409);
    expect((await answer.json()).data).toMatchObject({ field: 'email' });
    expect(accounts()).toEqual(before);
    expect(getUserRecord(platform.db, owner!.id)).toEqual(owner);

    const mails = readOutbox(platform.dataDir, { to: member.email });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: member.email,
      subject: 'Someone tried to register with your email address',
      kind: 'registration-attempt',
      link: SIGN_IN_URL,
    });
    expect(mails[0]!.text).toContain(FORGOT_URL);
    expect(mails[0]!.text).not.toContain('Someone-else-2026');
    // The owner still signs in with their own password.
    const own = await postToken(platform.origin, {
      grant_type: 'contensis_classic',
      username: member.username,
      password: member.password,
    });
    expect(own.status).toBe(200);
  });

  it('reports a taken username at once, even when the address is taken too, without a mail', async () => {
    const before = readOutbox(platform.dataDir).length;
    const fresh = await selfRegister({ username: 'editor', email: 'eve.fresh@mail.example' });
    const both = await selfRegister({ username: 'editor', email: member.email });
    for (const answer of [fresh, both]) {
      expect(answer.status).toBe(409);
      expect((await answer.json()).data).toMatchObject({ field: 'username' });
    }
    expect(readOutbox(platform.dataDir)).toHaveLength(before);
  });

  it('refuses a chosen username with @ (it could be somebody’s address), but takes the address itself', async () => {
    const before = accounts();
    const refused = await selfRegister({ username: member.email, email: 'eve.other@mail.example' });
    expect(refused.status).toBe(422);
    expect((await refused.json()).data).toEqual([
      {
        field: 'username',
        message: 'A username cannot contain ‘@’: leave it empty to sign in with your email address',
      },
    ]);
    expect(accounts()).toEqual(before);
    const same = await selfRegister({ username: 'Eve.Same@mail.example', email: 'eve.same@mail.example' });
    expect(same.status).toBe(201);
  });

  it('keeps the plain 409 without a mail for administrators, and refuses bad page links', async () => {
    const before = readOutbox(platform.dataDir).length;
    const plain = await post(
      '/api/security/users',
      { email: member.email, credentials: { password: 'Someone-else-2026' } },
      adminToken,
    );
    expect(plain.status).toBe(409);
    expect(await plain.json()).toMatchObject({
      message: 'A user with this username or email address already exists',
      data: { field: 'email' },
    });
    expect(readOutbox(platform.dataDir)).toHaveLength(before);
    for (const links of [
      `verifyUrl=${encodeURIComponent(VERIFY_URL)}&signInUrl=javascript%3Aalert(1)`,
      'verifyUrl=javascript%3Aalert(1)',
    ]) {
      const bad = await post(`/api/security/users?verifyEmail=true&${links}`, {
        email: 'eve.bad@mail.example',
        credentials: { password: 'Someone-else-2026' },
      });
      expect(bad.status).toBe(400);
    }
    expect(listUserRecords(platform.db).some((user) => user.email === 'eve.bad@mail.example')).toBe(false);
  });
});
