import { readOutbox } from '@canopy/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../../render/renderer.js';
import type { SiteState } from '../../state/store-types.js';
import { fixtureSite } from '../../test-support/fixture-site.js';
import { httpGet } from '../../test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../test-support/platform.js';
import { DEMO_HOSTS } from '../site-hosts.js';
import { type RunningSiteServer, startSiteServer } from '../site-server.js';

let platform: TestPlatform;
let site: RunningSiteServer;
let clientless: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  const options = {
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    contentChanges: false,
    sessionSecret: 'account-page-facts-session-secret-0123',
    port: 0,
    logger: false,
    environment: 'production',
  } as const;
  site = await startSiteServer({ ...options, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  clientless = await startSiteServer(options);
}, 60_000);

afterAll(async () => {
  await site?.close();
  await clientless?.close();
  await platform?.dispose();
});

async function userState(path: string, host = 'localhost', server = site): Promise<SiteState['user']> {
  const answer = await httpGet(server.url, `${path}${path.includes('?') ? '&' : '?'}redux=true`, { host });
  return (JSON.parse(answer.body) as SiteState).user;
}

describe('the page a sign-in or access-denied page is about', () => {
  it('is named by its title from the platform, restricted pages included', async () => {
    await expect(userState('/account/login?redirect_uri=%2Fmembers%3Ftab%3D2')).resolves.toMatchObject({
      requestedPage: { path: '/members', title: 'Members area' },
    });
    await expect(userState('/account/access-denied?original_uri=%2Fstaff')).resolves.toMatchObject({
      requestedPage: { path: '/staff', title: 'Staff intranet' },
    });
    // An anonymous visitor refused a group's page signs in on the way to access-denied.
    const inner = encodeURIComponent('/account/access-denied?original_uri=%2Fstaff');
    await expect(userState(`/account/login?redirect_uri=${inner}`)).resolves.toMatchObject({
      requestedPage: { path: '/staff', title: 'Staff intranet' },
    });
  });

  it('has no title for a crafted or unknown path, and no page for another site', async () => {
    const crafted = await userState(
      `/account/login?redirect_uri=${encodeURIComponent('/Your account is locked. Call 0800 123')}`,
    );
    expect(crafted.requestedPage).toEqual({ path: '/Your account is locked. Call 0800 123', title: null });
    const offsite = await userState('/account/login?redirect_uri=https%3A%2F%2Fevil.example%2Fmembers');
    expect(offsite.requestedPage).toBeNull();
    expect((await userState('/account/login')).requestedPage).toBeNull();
  });

  it('stays unnamed when restricted and the site has no API client', async () => {
    const state = await userState('/account/login?redirect_uri=%2Fmembers', 'localhost', clientless);
    expect(state.requestedPage).toEqual({ path: '/members', title: null });
  });

  it('is answered to the browser as JSON for client navigation, for paths of this site only', async () => {
    const named = await httpGet(site.url, '/account/page-name?path=%2Fmembers', { host: 'localhost' });
    expect(named.status).toBe(200);
    expect(named.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(named.body)).toEqual({ path: '/members', title: 'Members area' });
    const refused = await httpGet(site.url, '/account/page-name?path=https%3A%2F%2Fevil.example', {
      host: 'localhost',
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ path: null, title: null });
  });
});

describe('federated sign-in by host', () => {
  it('is offered on this machine’s names and not on the live name, which has none configured', async () => {
    expect((await userState('/account/login', 'localhost')).federatedSignIn).toBe(true);
    expect((await userState('/', '127.0.0.1')).federatedSignIn).toBe(true);
    expect((await userState('/account/login', 'www.aberwen.example')).federatedSignIn).toBe(false);
  });

  it('sends a visitor of a host without it to the site’s own sign-in page, not to the platform', async () => {
    const live = await httpGet(site.url, '/account/login/federated?redirect_uri=%2Fmembers', {
      host: 'www.aberwen.example',
    });
    expect(live.status).toBe(303);
    expect(live.headers.location).toBe('/account/login?redirect_uri=%2Fmembers');
    const local = await httpGet(site.url, '/account/login/federated?redirect_uri=%2Fmembers', {
      host: 'localhost',
    });
    expect(local.status).toBe(302);
    expect(local.headers.location).toContain('/authenticate/connect/authorize?');
  });
});

describe('a password reset link', () => {
  it('shows the form while it works, and says at once when it is used or unknown', async () => {
    const email = 'admin@aberwen.example';
    const asked = await fetch(`${platform.url}/api/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await siteBearer()}` },
      body: JSON.stringify({ email, resetUrl: `${site.url}/account/reset-password` }),
    });
    expect(asked.status).toBe(202);
    const link = new URL(
      readOutbox(platform.dataDir, { to: email }).at(-1)?.link ?? 'http://missing.invalid',
    );
    const page = `${link.pathname}${link.search}`;
    // Opening it (twice) uses nothing up: no problem to show, the form is there.
    for (let i = 0; i < 2; i++) expect((await userState(page)).resetPassword.error).toBeNull();
    const done = await fetch(`${platform.url}/api/password-reset/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.searchParams.get('token'), password: 'Admin-reset-by-facts-2026' }),
    });
    expect(done.status).toBe(204);
    for (const token of [link.searchParams.get('token') ?? '', 'made-up']) {
      await expect(userState(`/account/reset-password?token=${token}`)).resolves.toMatchObject({
        resetPassword: {
          isSending: false,
          sent: false,
          error: 'The password reset link is invalid or has expired',
        },
      });
    }
  });
});

/** A bearer token of the site's API client (the platform's reset requests need one). */
async function siteBearer(): Promise<string> {
  const answer = await fetch(`${platform.url}/authenticate/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    }).toString(),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}
