import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../config.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken } from '../../test-support/token-requests.js';
import { redirectAllowed } from './authorize-request.js';

let platform: RunningPlatform;
const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
const editor = DEMO_ACCOUNTS.find((account) => account.username === 'editor')!;
const SITE = 'http://127.0.0.1:3000/members?tab=news';

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

function authorizeQuery(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: 'WebsiteAdfsClient',
    response_type: 'id_token',
    scope: 'openid',
    redirect_uri: SITE,
    nonce: 'n-1',
    ...overrides,
  }).toString();
}

/** Opens the sign-in page as a browser would: the page, its form token and cookie. */
async function openPage(query = authorizeQuery()) {
  const response = await fetch(`${platform.origin}/authenticate/connect/authorize?${query}`, {
    headers: { accept: 'text/html' },
  });
  const html = await response.text();
  const formToken = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { response, html, formToken, cookie };
}

async function submit(fields: Record<string, string>, cookie: string): Promise<Response> {
  return fetch(`${platform.origin}/authenticate/connect/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

function formFields(formToken: string, username: string, password: string): Record<string, string> {
  return {
    ...Object.fromEntries(new URLSearchParams(authorizeQuery())),
    form_token: formToken,
    username,
    password,
  };
}

async function isAuthenticated(securityToken: string) {
  const response = await fetch(`${platform.origin}/REST/Contensis/Security/IsAuthenticated`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ securityToken: encodeURIComponent(securityToken) }),
  });
  return (await response.json()) as {
    LogonResult: number;
    ApplicationData: { Key: string; Value: string }[];
  };
}

describe('federated sign-in (the platform as identity provider)', () => {
  it('shows a sign-in page, then sends the visitor back with a single-use security token', async () => {
    const { response, html, formToken, cookie } = await openPage();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://127.0.0.1:3000",
    );
    expect(html).toContain('<h1>Sign in to the Canopy platform</h1>');
    expect(html).toContain('http://127.0.0.1:3000');
    expect(cookie).toMatch(/^canopy_sign_in_form=/);
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);

    const answer = await submit(formFields(formToken, member.username, member.password), cookie);
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:3000/members');
    expect(back.searchParams.get('tab')).toBe('news');
    const securityToken = back.searchParams.get('securityToken')!;
    expect(securityToken).toMatch(/^[\w-]{43}$/);

    const exchanged = await isAuthenticated(securityToken);
    expect(exchanged.LogonResult).toBe(0);
    const refreshToken = exchanged.ApplicationData[0]!.Value;
    const tokens = await postToken(platform.origin, {
      grant_type: 'contensis_classic_refresh_token',
      refresh_token: refreshToken,
    });
    expect(tokens.status).toBe(200);
    // Single use: the same token does not sign anyone in twice.
    expect((await isAuthenticated(securityToken)).LogonResult).toBe(1);
  });

  it('shows refused sign-ins on the page again, username kept, and never redirects', async () => {
    const { formToken, cookie } = await openPage();
    const answer = await submit(formFields(formToken, member.username, 'wrong password'), cookie);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('The username or password is not right.');
    expect(html).toContain(`value="${member.username}"`);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('refuses a form without its cookie (login CSRF), asking for the details again', async () => {
    const { formToken } = await openPage();
    const answer = await submit(formFields(formToken, member.username, member.password), '');
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('The sign-in form expired.');
  });

  it('answers requests it cannot honour on its own page, never redirecting to an unchecked address', async () => {
    const cases = [
      authorizeQuery({ client_id: 'SomeoneElse' }),
      authorizeQuery({ redirect_uri: 'https://evil.example/steal' }),
      authorizeQuery({ redirect_uri: '//evil.example/' }),
      authorizeQuery({ redirect_uri: 'javascript:alert(1)' }),
      authorizeQuery({ response_type: 'code' }),
      authorizeQuery({ scope: 'profile' }),
    ];
    for (const query of cases) {
      const { response, html } = await openPage(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(html).toContain('This sign-in request cannot be answered');
    }
  });

  it('allows only configured origins when some are configured', () => {
    expect(redirectAllowed(new URL('https://www.aberwen.example/x'), ['https://www.aberwen.example'])).toBe(
      true,
    );
    expect(redirectAllowed(new URL('http://127.0.0.1:3000/'), ['https://www.aberwen.example'])).toBe(false);
    expect(redirectAllowed(new URL('http://localhost.evil.example/'), [])).toBe(false);
    expect(redirectAllowed(new URL('http://user:pw@127.0.0.1/'), [])).toBe(false);
  });
});

describe('GET /my-environments', () => {
  async function classicToken(username: string, password: string): Promise<string> {
    const answer = await postToken(platform.origin, { grant_type: 'contensis_classic', username, password });
    return answer.headers.get('x-contensis-classic-token')!;
  }
  const environments = (token: string | null) =>
    fetch(`${platform.origin}/my-environments`, { headers: token ? { 'x-security-token': token } : {} });

  it('lists the platform to a user who manages content, nothing to a member, and 401 without a token', async () => {
    const forEditor = await environments(await classicToken(editor.username, editor.password));
    expect(forEditor.status).toBe(200);
    expect(forEditor.headers.get('cache-control')).toBe('private, no-store');
    expect(await forEditor.json()).toEqual([
      { alias: 'local', name: 'Canopy local platform', url: platform.origin },
    ]);
    const forMember = await environments(await classicToken(member.username, member.password));
    expect(await forMember.json()).toEqual([]);
    expect((await environments(null)).status).toBe(401);
    expect((await environments('not-a-token')).status).toBe(401);
  });
});
