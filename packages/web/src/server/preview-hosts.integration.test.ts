import { type EntryInput, ManagementClient } from '@canopy/client';
import { DEMO_ACCOUNTS } from '@canopy/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../../../platform/src/test-support/tokens.js';
import { createSiteRenderer } from '../render/renderer.js';
import type { SiteState } from '../state/store-types.js';
import { CookieJar, csrfTokenOf, formBody } from '../test-support/cookie-jar.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import { type HttpAnswer, httpGet } from '../test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PREVIEW_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import type { SiteServerOptions } from './options.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

// Drafts go only where they are meant to: a draft saved over a published page, a production
// site with the demo's hosts and a preview token, and every way of naming a host an outsider has.

const PAGE = '/about/governance';
const LIVE_HOST = 'www.aberwen.example';
const PREVIEW_HOST = 'preview-aberwen.example';
const DRAFT_TITLE = 'Draft governance 7731';
const editor = DEMO_ACCOUNTS.find((account) => account.username === 'editor')!;
const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;

let platform: TestPlatform;
let production: RunningSiteServer;
let development: RunningSiteServer;
let entryId: string;
let publishedTitle: string;

const siteOptions = (environment: string): SiteServerOptions => ({
  renderer: createSiteRenderer(fixtureSite),
  platformUrl: platform.url,
  hosts: DEMO_HOSTS,
  projectId: PROJECT_ID,
  deliveryToken: DELIVERY_TOKEN,
  previewToken: PREVIEW_TOKEN,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  contentChanges: false,
  sessionSecret: 'preview-hosts-session-secret-0123456789abcdef',
  deliveryCache: false,
  pageCacheSeconds: 0,
  port: 0,
  logger: false,
  environment,
});

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  [production, development] = await Promise.all([
    startSiteServer(siteOptions('production')),
    startSiteServer(siteOptions('development')),
  ]);
  const state = JSON.parse(
    (await httpGet(production.url, `${PAGE}?redux=true`, { host: LIVE_HOST })).body,
  ) as SiteState;
  entryId = state.routing.entry?.sys.id ?? '';
  publishedTitle = String(state.routing.entry?.title ?? '');
  expect(entryId).not.toBe('');
  const admin = ManagementClient.create({
    rootUrl: platform.url,
    projectId: PROJECT_ID,
    credentials: {
      bearerToken: issueTestToken(platform.db, 'admin'),
      bearerTokenExpiryDate: '2999-01-01T00:00:00Z',
    },
  });
  // Saved, not published: the draft over the published page.
  const entry = await admin.entries.get(entryId);
  await admin.entries.update({ ...(entry as EntryInput), title: DRAFT_TITLE });
});

afterAll(async () => {
  await Promise.all([production?.close(), development?.close()]);
  await platform?.dispose();
});

/** Signs in through the form on the preview host, as a browser would. */
async function signIn(site: RunningSiteServer, username: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const page = await httpGet(site.url, '/account/login', { host: PREVIEW_HOST });
  jar.take(page.headers);
  const { body, headers } = formBody({
    _csrf: csrfTokenOf(page.body),
    username,
    password,
    redirect_uri: '/',
  });
  const answer = await httpGet(site.url, '/account/login', {
    method: 'POST',
    host: PREVIEW_HOST,
    body,
    headers: { ...headers, ...jar.header() },
  });
  jar.take(answer.headers);
  expect(answer.headers.location).toBe('/');
  return jar;
}

/** The page and the entry through the delivery proxy, as `host` asks for the latest version. */
async function read(
  site: RunningSiteServer,
  host: string,
  jar: CookieJar | null = null,
): Promise<{ page: HttpAnswer; proxy: HttpAnswer }> {
  const headers = jar?.header() ?? {};
  const page = await httpGet(site.url, `${PAGE}?versionStatus=latest`, { host, headers });
  const proxy = await httpGet(
    site.url,
    `/api/delivery/projects/${PROJECT_ID}/entries/${entryId}?versionStatus=latest`,
    { host, headers },
  );
  return { page, proxy };
}

describe('a draft on a production site', () => {
  it('is refused to hosts the site is not configured for', async () => {
    for (const host of ['preview-x.evil.example', 'foo.localhost', '127.9.9.9', 'cms-aberwen.example']) {
      const { page, proxy } = await read(production, host);
      expect(page.status, host).toBe(400);
      expect(proxy.status, host).toBe(400);
      expect(page.body + proxy.body).not.toContain(DRAFT_TITLE);
    }
  });

  it('is not shown on this machine, the live host or the preview host without an editor', async () => {
    const memberJar = await signIn(production, member.username, member.password);
    for (const [host, jar] of [
      [`localhost:${production.port}`, null],
      [`127.0.0.1:${production.port}`, null],
      [LIVE_HOST, null],
      [PREVIEW_HOST, null],
      [PREVIEW_HOST, memberJar],
    ] as const) {
      const { page, proxy } = await read(production, host, jar);
      const who = `${host}${jar ? ' (member)' : ''}`;
      expect(page.status, who).toBe(200);
      expect(page.body, who).toContain(publishedTitle);
      expect(page.body, who).not.toContain(DRAFT_TITLE);
      expect(proxy.body, who).not.toContain(DRAFT_TITLE);
      expect(proxy.status, who).toBe(403);
    }
  });

  it('is shown to a signed-in editor on the preview host, and there only', async () => {
    const jar = await signIn(production, editor.username, editor.password);
    const preview = await read(production, PREVIEW_HOST, jar);
    expect(preview.page.status).toBe(200);
    expect(preview.page.body).toContain(DRAFT_TITLE);
    expect(preview.page.headers['cache-control']).toBe('private, no-store');
    expect(preview.proxy.status).toBe(200);
    expect(JSON.parse(preview.proxy.body).title).toBe(DRAFT_TITLE);
    const live = await read(production, LIVE_HOST, jar);
    expect(live.page.body).not.toContain(DRAFT_TITLE);
    expect(live.proxy.body).not.toContain(DRAFT_TITLE);
  });
});

describe('a draft outside production', () => {
  it('is shown to anyone on the preview host and this machine, never on the live host', async () => {
    for (const host of [PREVIEW_HOST, `localhost:${development.port}`]) {
      const { page, proxy } = await read(development, host);
      expect(page.body, host).toContain(DRAFT_TITLE);
      expect(JSON.parse(proxy.body).title, host).toBe(DRAFT_TITLE);
    }
    const live = await read(development, LIVE_HOST);
    expect(live.page.body).not.toContain(DRAFT_TITLE);
    expect((await read(development, 'preview-x.evil.example')).page.status).toBe(400);
  });
});
