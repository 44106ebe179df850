import { request } from 'node:http';
import { DEMO_ACCOUNTS, readOutbox } from '@canopy/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../../render/renderer.js';
import type { SiteState } from '../../state/store-types.js';
import { CookieJar, csrfTokenOf, formBody, setCookies } from '../../test-support/cookie-jar.js';
import { FAULTY_SECURITY_TOKENS, type FaultProxy, startFaultProxy } from '../../test-support/fault-proxy.js';
import { fixtureSite } from '../../test-support/fixture-site.js';
import { type HttpAnswer, httpGet } from '../../test-support/http.js';
import { inlineState } from '../../test-support/inline-state.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../test-support/platform.js';
import type { SiteServerOptions } from '../options.js';
import { DEMO_HOSTS } from '../site-hosts.js';
import { type RunningSiteServer, startSiteServer } from '../site-server.js';

const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
const editor = DEMO_ACCOUNTS.find((account) => account.username === 'editor')!;

let platform: TestPlatform;
let proxy: FaultProxy;
let site: RunningSiteServer;

const siteOptions = (platformUrl: string): SiteServerOptions => ({
  renderer: createSiteRenderer(fixtureSite),
  platformUrl,
  hosts: DEMO_HOSTS,
  projectId: PROJECT_ID,
  deliveryToken: DELIVERY_TOKEN,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  contentChanges: false,
  sessionSecret: 'account-links-session-secret-0123456789',
  staffDomain: 'aberwen.example',
  port: 0,
  logger: false,
  environment: 'production',
});

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  proxy = await startFaultProxy(platform.url, 'no-such-slug', 'unused');
  site = await startSiteServer(siteOptions(proxy.url));
}, 60_000);

afterAll(async () => {
  await site?.close();
  await proxy?.close();
  await platform?.dispose();
});

function get(jar: CookieJar, path: string, server = site, headers: Record<string, string> = {}) {
  return httpGet(server.url, path, { headers: { ...headers, ...jar.header() } }).then((answer) => {
    jar.take(answer.headers);
    return answer;
  });
}

/** A classic security token of a user, as a CMS sign-in hands one out. */
async function classicToken(username: string, password: string): Promise<string> {
  const response = await fetch(`${platform.url}/authenticate/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'contensis_classic', username, password }).toString(),
  });
  return response.headers.get('x-contensis-classic-token')!;
}

function expectNoSecret(text: string, ...secrets: string[]): void {
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('security-token sign-in', () => {
  it('signs the visitor in and sends them to the same address without the token', async () => {
    const token = await classicToken(member.username, member.password);
    const jar = new CookieJar();
    const answer = await get(jar, `/private-static?tab=a%2Cb&securityToken=${encodeURIComponent(token)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/private-static?tab=a%2Cb');
    expect(answer.headers['cache-control']).toBe('no-store');
    const [cookie] = setCookies(answer.headers);
    expect(cookie?.name).toBe('canopy_session');
    expect(cookie?.attributes).toHaveProperty('httponly');
    expectNoSecret(JSON.stringify(answer.headers), token);

    const page = await get(jar, '/private-static?tab=a%2Cb');
    expect(page.status).toBe(200);
    expectNoSecret(page.body, token);
    const redux = await get(jar, '/private-static?redux=true');
    const state = JSON.parse(redux.body) as SiteState;
    expect(state.user).toMatchObject({ username: 'member', authenticationState: { isAuthenticated: true } });
    expectNoSecret(redux.body, token);
    expect(redux.body).not.toMatch(/refreshToken|bearerToken|ClassicToken/i);
  });

  it('takes the lower-case spelling too, on any page', async () => {
    const token = await classicToken(editor.username, editor.password);
    const jar = new CookieJar();
    const answer = await get(jar, `/?securitytoken=${encodeURIComponent(token)}`);
    expect(answer.headers.location).toBe('/');
    const state = JSON.parse((await get(jar, '/?redux=true')).body) as SiteState;
    expect(state.user.username).toBe('editor');
  });

  const failures: [string, string][] = [
    ['not-a-token', 'Security token is invalid'],
    ['', 'Security token is invalid'],
    [FAULTY_SECURITY_TOKENS.serverError, 'Fetch credentials error: 500 Internal Server Error'],
    [
      FAULTY_SECURITY_TOKENS.noRefreshToken,
      'Fetch credentials: Unable to find ContensisSecurityRefreshToken',
    ],
    [FAULTY_SECURITY_TOKENS.notJson, 'Failed to fetch credentials'],
  ];
  it.each(failures)('sends token %j to the sign-in page, which says %j', async (token, message) => {
    const jar = new CookieJar();
    const answer = await get(jar, `/private-static?x=1&securityToken=${encodeURIComponent(token)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(
      `/account/login?redirect_uri=${encodeURIComponent('/private-static?x=1')}`,
    );
    const page = await get(jar, answer.headers.location as string);
    expect(page.body).toContain(message);
    expect(inlineState(page.body).user.authenticationState).toMatchObject({
      isAuthenticated: false,
      isAuthenticationError: true,
      errorMessage: message,
    });
    // Shown once.
    expect((await get(jar, '/account/login')).body).not.toContain(message);
  });

  it('never redirects off-site, whatever the path looks like', async () => {
    // Sent raw: a URL parser would read the path as a host.
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const { hostname, port } = new URL(site.url);
      request({ hostname, port, path: '//evil.example/?securityToken=not-a-token' }, (answer) => {
        answer.resume();
        resolve(answer.headers.location);
      })
        .on('error', reject)
        .end();
    });
    expect(location).toBe('/account/login');
  });
});

describe('federated sign-in', () => {
  it('goes to the platform sign-in page and comes back signed in, without the token in the address', async () => {
    const jar = new CookieJar();
    const start = await get(jar, '/account/login/federated?redirect_uri=%2Fprivate-static');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${proxy.url}/authenticate/connect/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'WebsiteAdfsClient',
      response_type: 'id_token',
      scope: 'openid',
      redirect_uri: `${site.url}/private-static`,
    });

    // The platform's page, as the browser sees it.
    const signInPage = await fetch(authorize, { headers: { accept: 'text/html' } });
    const html = await signInPage.text();
    const platformCookie = (signInPage.headers.get('set-cookie') ?? '').split(';')[0]!;
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
        match[1]!,
        match[2]!.replace(/&#(\d+);/g, (_all, code) => String.fromCharCode(Number(code))),
      ]),
    );
    const back = await fetch(authorize.origin + authorize.pathname, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: platformCookie },
      body: new URLSearchParams({
        ...fields,
        username: editor.username,
        password: editor.password,
      }).toString(),
    });
    expect(back.status).toBe(303);
    const landing = new URL(back.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${site.url}/private-static`);

    const answer = await get(jar, `${landing.pathname}${landing.search}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/private-static');
    const state = JSON.parse((await get(jar, '/private-static?redux=true')).body) as SiteState;
    expect(state.user).toMatchObject({ username: 'editor', isZengentiStaff: true });
    // Staff see their environments: the editor manages content on the platform.
    expect(state.user.environments).toEqual([
      { alias: 'local', name: 'Canopy local platform', url: platform.url },
    ]);
  });

  it('sends only same-site paths to the platform as the way back', async () => {
    for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const answer = await get(
        new CookieJar(),
        `/account/login/federated?redirect_uri=${encodeURIComponent(target)}`,
      );
      const back = new URL(new URL(answer.headers.location as string).searchParams.get('redirect_uri')!);
      expect(back.origin).toBe(site.url);
      expect(back.pathname.startsWith('//')).toBe(false);
    }
  });
});

describe('staff environments', () => {
  it('are an empty list for staff who manage nothing, and absent for everyone else', async () => {
    const jar = new CookieJar();
    const token = await classicToken(member.username, member.password);
    await get(jar, `/?securityToken=${encodeURIComponent(token)}`);
    const state = JSON.parse((await get(jar, '/?redux=true')).body) as SiteState;
    expect(state.user).toMatchObject({ isZengentiStaff: true, environments: [] });
    const anonymous = JSON.parse((await get(new CookieJar(), '/?redux=true')).body) as SiteState;
    expect(anonymous.user.environments).toBeNull();
  });
});

describe('asking for the verification mail again', () => {
  async function resend(user: string | null, jar = new CookieJar()): Promise<HttpAnswer> {
    return get(jar, `/account/verify/resend${user === null ? '' : `?user=${encodeURIComponent(user)}`}`);
  }

  it('answers the same for an unverified, a verified and an unknown address, and mails only the first', async () => {
    const jar = new CookieJar();
    const page = await get(jar, '/account/register');
    const { body, headers } = formBody({
      _csrf: csrfTokenOf(page.body),
      firstName: 'Siân',
      lastName: 'Resend',
      email: 'sian@example.org',
      password: 'Sian-registers-2026',
    });
    await httpGet(site.url, '/account/register', {
      method: 'POST',
      body,
      headers: { ...headers, ...jar.header() },
    });
    expect(readOutbox(platform.dataDir, { to: 'sian@example.org' })).toHaveLength(1);

    const answers = await Promise.all(
      ['sian@example.org', member.email, 'nobody@example.org'].map((user) =>
        httpGet(site.url, `/account/verify/resend?user=${encodeURIComponent(user)}`, {
          headers: { accept: 'application/json' },
        }),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, '{"ok":true,"error":null}'],
      [200, '{"ok":true,"error":null}'],
      [200, '{"ok":true,"error":null}'],
    ]);
    expect(readOutbox(platform.dataDir, { to: member.email })).toEqual([]);
    expect(readOutbox(platform.dataDir, { to: 'nobody@example.org' })).toEqual([]);

    const formJar = new CookieJar();
    const answer = await resend('nobody@example.org', formJar);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/account/verify-email');
    const state = inlineState((await get(formJar, '/account/verify-email')).body);
    expect(state.user.verifyResend).toEqual({ isSending: false, sent: true, error: null });
    expect(state.user.form).toMatchObject({ form: 'verifyResend', values: { user: 'nobody@example.org' } });
  });

  it('asks for the address when it is missing', async () => {
    const jar = new CookieJar();
    await resend(null, jar);
    const state = inlineState((await get(jar, '/account/verify-email')).body);
    expect(state.user.verifyResend.error).toBe('Enter the email address or username of your account.');
  });
});

describe('the sign-in throttle behind the site', () => {
  it('counts each visitor by their own address: one visitor failing does not lock another out', async () => {
    // A platform that trusts the site's address for X-Forwarded-For, with a short fuse and no waiting.
    const throttled = await startTestPlatform({
      accounts: true,
      server: {
        trustProxy: '127.0.0.1',
        sleep: async () => undefined,
        signInThrottle: { address: { refuseAfter: 3 } },
      },
    });
    // This site is behind a proxy too: the test names each visitor's address.
    const behind = await startSiteServer({ ...siteOptions(throttled.url), trustProxy: true });
    try {
      const attempt = async (address: string, password: string) => {
        const jar = new CookieJar();
        const token = csrfTokenOf(
          (await get(jar, '/account/login', behind, { 'x-forwarded-for': address })).body,
        );
        const answer = await httpGet(behind.url, '/account/login', {
          method: 'POST',
          body: JSON.stringify({ username: member.username, password }),
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': token,
            'x-forwarded-for': address,
            ...jar.header(),
          },
        });
        return { status: answer.status, body: JSON.parse(answer.body) };
      };
      const guesses = [];
      for (let index = 0; index < 6; index++) guesses.push(await attempt('203.0.113.7', `guess-${index}`));
      expect(guesses.slice(0, 3).map((guess) => guess.status)).toEqual([401, 401, 401]);
      const last = guesses.at(-1)!;
      expect(last.status).toBe(429);
      expect(last.body.error.message).toMatch(
        /^Too many sign-in attempts for this account\. Please wait \d+ minutes? before trying again/,
      );
      // The member, from their own address, signs in at once.
      expect((await attempt('198.51.100.20', member.password)).status).toBe(200);
    } finally {
      await behind.close();
      await throttled.dispose();
    }
  });
});

describe('the change-password form behind the site', () => {
  it("names the visitor's address to the platform, and shows a plain message when throttled", async () => {
    // As above: the platform trusts the site's X-Forwarded-For, refuses an address after three
    // failures for the accounts it failed for, and does not wait.
    const throttled = await startTestPlatform({
      accounts: true,
      server: {
        trustProxy: '127.0.0.1',
        sleep: async () => undefined,
        signInThrottle: { address: { refuseAfter: 3 } },
      },
    });
    const behind = await startSiteServer({ ...siteOptions(throttled.url), trustProxy: true });
    try {
      /** A visitor at `address`, signed in as the member. */
      const visitor = async (address: string) => {
        const jar = new CookieJar();
        const token = csrfTokenOf(
          (await get(jar, '/account/login', behind, { 'x-forwarded-for': address })).body,
        );
        const signedIn = await httpGet(behind.url, '/account/login', {
          method: 'POST',
          body: JSON.stringify({ username: member.username, password: member.password }),
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': token,
            'x-forwarded-for': address,
            ...jar.header(),
          },
        });
        jar.take(signedIn.headers);
        expect(signedIn.status).toBe(200);
        const csrf = csrfTokenOf(
          (await get(jar, '/account/login', behind, { 'x-forwarded-for': address })).body,
        );
        const change = async (currentPassword: string, newPassword: string, json = true) => {
          const fields = { currentPassword, newPassword };
          const answer = await httpGet(behind.url, '/account/change-password', {
            method: 'POST',
            body: json ? JSON.stringify(fields) : formBody({ ...fields, _csrf: csrf }).body,
            headers: {
              'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
              'x-csrf-token': csrf,
              'x-forwarded-for': address,
              ...jar.header(),
            },
          });
          jar.take(answer.headers);
          return { status: answer.status, body: json ? JSON.parse(answer.body) : answer.body };
        };
        return { jar, change };
      };

      // Someone holding the member's session guesses the current password from their address.
      const thief = await visitor('203.0.113.66');
      const guesses = [];
      for (let index = 0; index < 4; index++) {
        guesses.push(await thief.change(`guess-${index}`, 'Thief-chosen-2026'));
      }
      expect(guesses.map((guess) => guess.status)).toEqual([409, 409, 409, 429]);
      const plain = guesses.at(-1)!.body.error;
      expect(plain.message).toMatch(
        /^Too many wrong passwords\. Wait (a minute|\d+ minutes), then try again\.$/,
      );
      expect(plain.fields).toEqual({ currentPassword: plain.message });
      // The form shows the same words on the next page.
      expect((await thief.change('guess-4', 'Thief-chosen-2026', false)).status).toBe(303);
      const page = inlineState((await get(thief.jar, '/account/login', behind)).body);
      expect(page.user.changePassword.error).toBe(plain.message);

      // The member, from their own address, changes the password at once: the platform counted
      // the thief's address, not the site's.
      const owner = await visitor('198.51.100.20');
      expect((await owner.change(member.password, 'Member-changed-2026')).status).toBe(200);
    } finally {
      await behind.close();
      await throttled.dispose();
    }
  });
});
