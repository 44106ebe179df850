import { DEMO_ACCOUNTS, readOutbox } from '@canopy/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../../render/renderer.js';
import { CookieJar, csrfTokenOf, formBody } from '../../test-support/cookie-jar.js';
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
import type { SiteServerOptions } from '../options.js';
import { HOSTS_REQUIRED_MESSAGE } from '../site-hosts.js';
import { createSiteServer, type RunningSiteServer, startSiteServer } from '../site-server.js';

// Account mails carry live tokens: their links must point at the site's configured address
// whatever Host the request that caused them named (an attacker asking for a victim's reset
// with `Host: evil.example` would otherwise receive the victim's token when they click).

const LIVE = 'https://www.aberwen.example';
const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;

let platform: TestPlatform;
let site: RunningSiteServer;

const siteOptions = (): SiteServerOptions => ({
  renderer: createSiteRenderer(fixtureSite),
  platformUrl: platform.url,
  hosts: [LIVE, '127.0.0.1'],
  projectId: PROJECT_ID,
  deliveryToken: DELIVERY_TOKEN,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  contentChanges: false,
  sessionSecret: 'account-hosts-session-secret-0123456789abcdef',
  port: 0,
  logger: false,
  environment: 'production',
});

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  site = await startSiteServer(siteOptions());
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

/** A form token and its cookie, from a page asked for on an allowed host. */
async function formSession(path: string): Promise<{ jar: CookieJar; token: string }> {
  const jar = new CookieJar();
  const page = await httpGet(site.url, path, { host: 'www.aberwen.example' });
  jar.take(page.headers);
  return { jar, token: csrfTokenOf(page.body) };
}

/** Posts a form as a browser would, naming `host` (and any extra headers). */
async function postForm(
  path: string,
  fields: Record<string, string>,
  host: string,
  headers: Record<string, string> = {},
) {
  const { jar, token } = await formSession(path === '/account/reset' ? '/account/forgot-password' : path);
  const { body, headers: formHeaders } = formBody({ _csrf: token, ...fields });
  return httpGet(site.url, path, {
    method: 'POST',
    host,
    body,
    headers: { ...formHeaders, ...jar.header(), ...headers },
  });
}

const ACTIONS = [
  {
    name: 'a password reset',
    to: member.email,
    kind: 'password-reset',
    send: (host: string, headers?: Record<string, string>) =>
      postForm('/account/reset', { userEmail: member.email }, host, headers),
  },
  {
    name: 'a registration',
    to: 'hosts.new@example.org',
    kind: 'email-verification',
    send: (host: string, headers?: Record<string, string>) =>
      postForm(
        '/account/register',
        {
          firstName: 'Hywel',
          lastName: 'Hosts',
          email: 'hosts.new@example.org',
          password: 'Hywel-hosts-2026',
        },
        host,
        headers,
      ),
  },
  {
    name: 'a registration attempt on a taken address',
    to: member.email,
    kind: 'registration-attempt',
    send: (host: string, headers?: Record<string, string>) =>
      postForm(
        '/account/register',
        { firstName: 'Mallory', lastName: 'Probe', email: member.email, password: 'Mallory-probes-2026' },
        host,
        headers,
      ),
  },
];

describe('account mails', () => {
  for (const action of ACTIONS) {
    it(`are never sent for ${action.name} asked with an unknown Host`, async () => {
      const before = readOutbox(platform.dataDir).length;
      for (const host of ['evil.example', `evil.example:${site.port}`, 'www.aberwen.example.evil.example']) {
        const answer = await action.send(host);
        expect(answer.status, host).toBe(400);
        expect(answer.headers.location).toBeUndefined();
      }
      expect(readOutbox(platform.dataDir)).toHaveLength(before);
    });

    it(`link ${action.name} to the configured address, whatever the request named`, async () => {
      const before = readOutbox(platform.dataDir, { to: action.to }).length;
      // The allowed host with another port, and a forwarded host from a proxy nobody trusts.
      const answer = await action.send('www.aberwen.example:8080', { 'x-forwarded-host': 'evil.example' });
      expect(answer.status).toBe(303);
      const mails = readOutbox(platform.dataDir, { to: action.to }).slice(before);
      expect(mails.map((mail) => mail.kind)).toEqual([action.kind]);
      const mail = mails[0]!;
      expect(mail.link?.startsWith(`${LIVE}/account/`), mail.link).toBe(true);
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain(':8080');
    });
  }

  it('"send the verification mail again" sends nothing for an unknown Host', async () => {
    const before = readOutbox(platform.dataDir).length;
    const answer = await httpGet(site.url, '/account/verify/resend?user=hosts.new%40example.org', {
      host: 'evil.example',
    });
    expect(answer.status).toBe(400);
    expect(readOutbox(platform.dataDir)).toHaveLength(before);
  });

  it('on a local name, link to the address the server listens on', async () => {
    const before = readOutbox(platform.dataDir, { to: 'local.name@example.org' }).length;
    const { jar, token } = await formSession('/account/register');
    const { body, headers } = formBody({
      _csrf: token,
      firstName: 'Lleu',
      lastName: 'Local',
      email: 'local.name@example.org',
      password: 'Lleu-local-2026',
    });
    const answer = await httpGet(site.url, '/account/register', {
      method: 'POST',
      host: '127.0.0.1:1',
      body,
      headers: { ...headers, ...jar.header() },
    });
    expect(answer.status).toBe(303);
    const [mail] = readOutbox(platform.dataDir, { to: 'local.name@example.org' }).slice(before);
    expect(mail?.link?.startsWith(`http://127.0.0.1:${site.port}/account/verify?`), mail?.link).toBe(true);
  });
});

describe('a production site', () => {
  it('refuses to start without its host names, saying what to set', async () => {
    const { hosts: _none, ...withoutHosts } = siteOptions();
    await expect(createSiteServer(withoutHosts)).rejects.toThrow(HOSTS_REQUIRED_MESSAGE);
    await expect(createSiteServer({ ...withoutHosts, hosts: [] })).rejects.toThrow(/CANOPY_HOSTS/);
    // Outside production the demo's host names apply.
    const development = await createSiteServer({ ...withoutHosts, environment: 'development' });
    try {
      const answer = await development.app.inject({ url: '/__version__', headers: { host: 'localhost' } });
      expect(answer.statusCode).toBe(200);
      const refused = await development.app.inject({
        url: '/__version__',
        headers: { host: 'evil.example' },
      });
      expect(refused.statusCode).toBe(400);
    } finally {
      await development.close();
    }
  });

  it('answers health checks whatever the Host, and nothing else', async () => {
    expect((await httpGet(site.url, '/__lbheartbeat__', { host: '10.0.0.7' })).status).toBe(200);
    for (const path of ['/', '/account/login', '/__version__', '/api/delivery/projects/website/nodes/root']) {
      const refused = await httpGet(site.url, path, { host: '10.0.0.7' });
      expect(refused.status, path).toBe(400);
      expect(refused.headers['cache-control']).toBe('no-store');
    }
  });
});
