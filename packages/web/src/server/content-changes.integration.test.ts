import { type EntryInput, ManagementClient } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../../../platform/src/test-support/tokens.js';
import { createSiteRenderer } from '../render/renderer.js';
import type { SiteState } from '../state/store-types.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import { httpGet } from '../test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import type { SiteServerOptions } from './options.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

// The site purges its delivery cache on the platform's content changes: a real platform, a real
// site subscribed with the demo API client, and beside it a site without client credentials,
// which keeps serving what it cached until its 60 s TTL runs out.

const PUBLIC_HOST = 'www.aberwen.example';
const PAGE = '/about/governance';
/** Generous: the purge normally lands within milliseconds of the publish. */
const DEADLINE_MS = 10_000;

let platform: TestPlatform;
let site: RunningSiteServer;
let siteClosed = false;
let ttlSite: RunningSiteServer;
let admin: ManagementClient;
const siteLog: string[] = [];
const ttlSiteLog: string[] = [];

function siteOptions(log: string[]): SiteServerOptions {
  return {
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    logger: { level: 'info', stream: { write: (line: string) => log.push(line) } },
    environment: 'production',
  };
}

const get = (server: RunningSiteServer, path: string) => httpGet(server.url, path, { host: PUBLIC_HOST });

async function heading(server: RunningSiteServer): Promise<string | undefined> {
  const answer = await get(server, PAGE);
  expect(answer.status).toBe(200);
  return /<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1];
}

async function contentChanges(server: RunningSiteServer): Promise<string> {
  const answer = await get(server, '/__heartbeat__');
  return (JSON.parse(answer.body) as { contentChanges: string }).contentChanges;
}

/** Polls `probe` until it returns `expected`; fails with the last value after the deadline. */
async function eventually<T>(probe: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  let value = await probe();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await probe();
  }
  expect(value).toBe(expected);
}

/** Saves a new title on the page's entry and publishes it, as an editor would. */
async function publishTitle(title: string): Promise<void> {
  const state = JSON.parse((await get(site, `${PAGE}?redux=true`)).body) as SiteState;
  const id = state.routing.entry?.sys.id;
  if (!id) throw new Error(`No entry at ${PAGE}`);
  const entry = await admin.entries.get(id);
  const saved = await admin.entries.update({ ...(entry as EntryInput), title });
  await admin.entries.invokeWorkflow(saved, 'publish');
}

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  admin = ManagementClient.create({
    rootUrl: platform.url,
    projectId: PROJECT_ID,
    credentials: {
      bearerToken: issueTestToken(platform.db, 'admin'),
      bearerTokenExpiryDate: '2999-01-01T00:00:00Z',
    },
  });
  site = await startSiteServer({
    ...siteOptions(siteLog),
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    // Quick retries, so the test's platform restart is bridged at once.
    contentChanges: { reconnectDelayMs: 100, maxReconnectDelayMs: 1000 },
  });
  ttlSite = await startSiteServer(siteOptions(ttlSiteLog));
});

afterAll(async () => {
  if (!siteClosed) await site?.close();
  await ttlSite?.close();
  await platform?.dispose();
});

describe('the delivery cache purge', () => {
  it('subscribes with the client credentials, and says in the heartbeat', async () => {
    await eventually(() => contentChanges(site), 'subscribed');
    expect(platform.eventStreams()).toBe(1);
    expect(await contentChanges(ttlSite)).toBe('off');
  });

  it('shows a published edit on the next page load, long before the cache would expire', async () => {
    const original = await heading(site);
    expect(original).toBeTruthy();
    expect(await heading(ttlSite)).toBe(original);

    await publishTitle('Governance, as published a moment ago');

    await eventually(() => heading(site), 'Governance, as published a moment ago');
    // The site without the subscription still serves its cached answer: the purge made the difference.
    expect(await heading(ttlSite)).toBe(original);
  });

  it('keeps serving while the stream is down, then subscribes again and purges again', async () => {
    const before = await heading(site);
    await platform.stop();
    await eventually(() => contentChanges(site), 'reconnecting');
    // The platform is gone, the cached page is not.
    expect(await heading(site)).toBe(before);
    // Let an attempt or two fail against the stopped platform before it comes back.
    await eventually(async () => siteLog.some((line) => line.includes('cannot subscribe')), true);
    expect(await heading(site)).toBe(before);

    await platform.restart();
    await eventually(() => contentChanges(site), 'subscribed');
    await publishTitle('Governance, after the platform restarted');
    await eventually(() => heading(site), 'Governance, after the platform restarted');
  });

  it('logs each change of state once, and never the client secret', async () => {
    const messages = siteLog.map((line) => (JSON.parse(line) as { msg: string }).msg);
    const purgeLines = messages.filter((message) => message.startsWith('Content changes:'));
    expect(purgeLines).toEqual([
      expect.stringContaining("subscribed to the platform's event stream;"),
      expect.stringContaining('the platform closed it'),
      expect.stringContaining('cannot subscribe'),
      expect.stringContaining('again (after'),
    ]);
    const ttlMessages = ttlSiteLog.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(ttlMessages.filter((message) => message.startsWith('Content changes:'))).toEqual([
      expect.stringContaining('Content changes: off (no API client id and secret'),
    ]);
    expect([...siteLog, ...ttlSiteLog].join('\n')).not.toContain(CLIENT_SECRET);
  });

  it('keeps the pages it served through an outage right after a publish, marked outdated', async () => {
    const before = await heading(site);
    await publishTitle('Governance, published just before an outage');
    // The purge marks the kept pages outdated rather than dropping them.
    await eventually(async () => {
      const body = JSON.parse((await get(site, '/__heartbeat__')).body) as {
        stalePages: { outdated: number };
      };
      return body.stalePages.outdated > 0;
    }, true);
    await platform.stop();
    const answer = await get(site, PAGE);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-canopy-stale']).toBe('unavailable; outdated');
    expect(/<h1>([^<]*)<\/h1>/.exec(answer.body)?.[1]).toBe(before);

    await platform.restart();
    await eventually(() => contentChanges(site), 'subscribed');
    await eventually(() => heading(site), 'Governance, published just before an outage');
  });

  it('never lets the client secret reach a page, the state or the version information', async () => {
    for (const path of [PAGE, `${PAGE}?redux=true`, '/__version__', '/__heartbeat__', '/version']) {
      const answer = await get(site, path);
      expect(answer.body).not.toContain(CLIENT_SECRET);
    }
  });

  it('ends its subscription when the server closes', async () => {
    expect(platform.eventStreams()).toBe(1);
    await site.close();
    siteClosed = true;
    await eventually(async () => platform.eventStreams(), 0);
  });
});
