import { ManagementClient } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../../../platform/src/test-support/tokens.js';
import { createSiteRenderer } from '../render/renderer.js';
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
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

// Redirects an editor creates on a real platform reach a real site through its API client and
// the platform's event stream, and are applied before routing.

const PUBLIC_HOST = 'www.aberwen.example';
/** Generous: the change normally lands within a few hundred milliseconds. */
const DEADLINE_MS = 10_000;

let platform: TestPlatform;
let site: RunningSiteServer;
let editor: ManagementClient;

const get = (path: string, host = PUBLIC_HOST) => httpGet(site.url, path, { host });

async function eventually(
  probe: () => Promise<string | undefined>,
  expected: string | undefined,
): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  let value = await probe();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await probe();
  }
  expect(value).toBe(expected);
}

const locationOf = async (path: string) => {
  const answer = await get(path);
  return answer.status >= 300 && answer.status < 400
    ? `${answer.status} ${answer.headers.location}`
    : String(answer.status);
};

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  editor = ManagementClient.create({
    rootUrl: platform.url,
    projectId: PROJECT_ID,
    credentials: {
      bearerToken: issueTestToken(platform.db, 'editor'),
      bearerTokenExpiryDate: '2999-01-01T00:00:00Z',
    },
  });
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: { reconnectDelayMs: 100, maxReconnectDelayMs: 1000 },
    port: 0,
    logger: false,
    environment: 'production',
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

describe('platform redirects', () => {
  it('applies a 301 an editor creates, appending the source path, and drops it when deleted', async () => {
    expect(await locationOf('/old-news/open-day')).toBe('404');
    const created = await editor.redirects.create({
      sourceDomain: '*',
      destination: '/news',
      statusCode: 301,
      appendSourcePathToDestination: true,
      match: { type: 'beginsWith', value: '/old-news' },
    });
    await eventually(() => locationOf('/old-news/open-day?ref=mail'), '301 /news/open-day?ref=mail');
    const answer = await get('/old-news/open-day');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');

    await editor.redirects.delete(created.id!);
    await eventually(() => locationOf('/old-news/open-day'), '404');
  });

  it('sends a visitor to another host only when the redirect names it, and only for its source domain', async () => {
    await editor.redirects.create({
      sourceDomain: PUBLIC_HOST,
      destination: 'https://apply.aberwen.example/start',
      statusCode: 302,
      appendSourcePathToDestination: false,
      match: { type: 'exactMatch', value: '/apply' },
    });
    await eventually(() => locationOf('/apply'), '302 https://apply.aberwen.example/start');
    const elsewhere = await get('/apply', 'preview.aberwen.example');
    expect(elsewhere.status).not.toBe(302);
  });
});
