import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_SCOPES } from '../../auth/scopes.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { readOutbox } from '../../mail/outbox.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken } from '../../test-support/token-requests.js';

let platform: RunningPlatform;
let siteToken: string;
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

async function register(username: string, verifyEmail = true): Promise<{ id: string; email: string }> {
  const response = await post(`/api/security/users${verifyEmail ? '?verifyEmail=true' : ''}`, {
    username,
    email: `${username}@mail.example`,
    firstName: 'Rhys',
    lastName: 'Registrant',
    credentials: { password: 'Registered-2026' },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; email: string };
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

    expect((await post('/api/email-verification', { user: user.email, verifyUrl: VERIFY_URL })).status).toBe(
      202,
    );
    const [mail] = readOutbox(platform.dataDir, { to: user.email });
    expect(mail).toMatchObject({ subject: 'Confirm your email address', kind: 'email-verification' });
    expect(mail?.link).toMatch(/^https:\/\/www\.aberwen\.example\/account\/verify\?token=[\w-]{43}$/);
    const token = new URL(mail!.link!).searchParams.get('token')!;

    expect((await post('/api/email-verification/complete', { token }, null)).status).toBe(204);
    expect((await signIn('rhys')).status).toBe(200);
    const again = await post('/api/email-verification/complete', { token }, null);
    expect(again.status).toBe(422);
    expect((await again.json()).message).toBe('The verification link is invalid or has expired');
  });

  it('answers resend requests the same for unknown, verified and unverified users, at most one mail a minute', async () => {
    const user = await register('gwen');
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

  it('lets users created without the flag sign in at once, and verifies by a password reset too', async () => {
    await register('ifan', false);
    expect((await signIn('ifan')).status).toBe(200);
    const user = await register('nia');
    await post('/api/password-reset', { email: user.email, resetUrl: VERIFY_URL });
    const [mail] = readOutbox(platform.dataDir, { to: user.email });
    const token = new URL(mail!.link!).searchParams.get('token')!;
    expect(
      (await post('/api/password-reset/complete', { token, password: 'Registered-2026' }, null)).status,
    ).toBe(204);
    expect((await signIn('nia')).status).toBe(200);
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
