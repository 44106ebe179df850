import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_SCOPES } from '../../auth/scopes.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { readOutbox } from '../../mail/outbox.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken } from '../../test-support/token-requests.js';

const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
let platform: RunningPlatform;
let siteToken: string;

beforeAll(async () => {
  platform = await startDemoPlatform();
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

function post(path: string, body: unknown, token: string | null = siteToken): Promise<Response> {
  return fetch(`${platform.origin}/api/password-reset${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function signIn(username: string, password: string): Promise<number> {
  return (await postToken(platform.origin, { grant_type: 'contensis_classic', username, password })).status;
}

const RESET_URL = 'https://www.aberwen.example/account/reset-password';

describe('password reset', () => {
  it('mails a single-use link for a known address and answers the same for an unknown one', async () => {
    const known = await post('', { email: member.email.toUpperCase(), resetUrl: RESET_URL });
    const unknown = await post('', { email: 'nobody@aberwen.example', resetUrl: RESET_URL });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    expect(readOutbox(platform.dataDir, { to: 'nobody@aberwen.example' })).toEqual([]);
    const [mail] = readOutbox(platform.dataDir, { to: member.email });
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.link).toMatch(/^https:\/\/www\.aberwen\.example\/account\/reset-password\?token=[\w-]{43}$/);
    expect(mail?.text).toContain(mail?.link);

    const token = new URL(mail!.link!).searchParams.get('token')!;
    // A site checks the link when it is opened, without using it up.
    expect((await post('/check', { token }, null)).status).toBe(204);
    expect((await post('/check', { token }, null)).status).toBe(204);
    const tooShort = await post('/complete', { token, password: 'short' });
    expect(tooShort.status).toBe(422);
    expect((await tooShort.json()).data[0].message).toMatch(/at least 8 characters/);

    const done = await post('/complete', { token, password: 'A-new-member-password-1' }, null);
    expect(done.status).toBe(204);
    expect(await signIn('member', 'A-new-member-password-1')).toBe(200);
    expect(await signIn('member', member.password)).toBe(400);

    const again = await post('/complete', { token, password: 'Another-password-22' }, null);
    expect(again.status).toBe(422);
    expect((await again.json()).message).toBe('The password reset link is invalid or has expired');
    // Used: the check says so before any password is typed.
    const used = await post('/check', { token }, null);
    expect(used.status).toBe(422);
    expect((await used.json()).message).toBe('The password reset link is invalid or has expired');
    for (const body of [{ token: 'made-up' }, {}, { token: 42 }, { token: 'x'.repeat(201) }]) {
      expect((await post('/check', body, null)).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('takes requests from an API client only, and refuses bad input with a 4xx', async () => {
    expect((await post('', { email: member.email, resetUrl: RESET_URL }, null)).status).toBe(401);
    const user = await postToken(platform.origin, {
      grant_type: 'contensis_classic',
      username: 'editor',
      password: DEMO_ACCOUNTS.find((account) => account.username === 'editor')!.password,
    });
    expect(
      (await post('', { email: member.email, resetUrl: RESET_URL }, user.body.access_token as string)).status,
    ).toBe(403);
    for (const body of [
      { email: member.email, resetUrl: 'javascript:alert(1)' },
      { email: member.email },
      { email: 'not an address', resetUrl: RESET_URL },
      [],
    ]) {
      const answer = await post('', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post('/complete', { token: 'made-up', password: 'Whatever-it-is-1' }, null)).status).toBe(
      422,
    );
    expect((await post('/complete', { password: 'Whatever-it-is-1' }, null)).status).toBe(422);
  });

  it('mails an address at most five times in fifteen minutes, and answers the same past that', async () => {
    const admin = DEMO_ACCOUNTS.find((account) => account.username === 'admin')!;
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const answer = await post('', { email: admin.email, resetUrl: RESET_URL });
      answers.push(`${answer.status} ${await answer.text()}`);
    }
    expect(new Set(answers)).toEqual(new Set(['202 {}']));
    expect(readOutbox(platform.dataDir, { to: admin.email })).toHaveLength(5);
  });
});
