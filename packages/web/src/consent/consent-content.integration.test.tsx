import { type EntryInput, ManagementClient } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../../../platform/src/test-support/tokens.js';
import { createSiteRenderer } from '../render/renderer.js';
import { DEMO_HOSTS } from '../server/site-hosts.js';
import { type RunningSiteServer, startSiteServer } from '../server/site-server.js';
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
import type { ConsentConfig } from './consent-config.js';

// Editors reword the cookie popup and panel with a `cookieConsent` entry on a real platform; the
// site shows the new wording after the publish (purged through the event stream), sanitised,
// while which categories exist and which are required stays as the site declares it.

const PUBLIC_HOST = 'www.aberwen.example';
/** Generous: the purge normally lands within milliseconds of the publish. */
const DEADLINE_MS = 10_000;

const consent: ConsentConfig = {
  cookieName: 'wording_consent',
  contentTypeId: 'cookieConsent',
  message: '<p>The site says: we use cookies.</p>',
  categories: [
    { id: 'necessary', name: 'Necessary', description: 'Needed to run the site.', required: true },
    { id: 'analytics', name: 'Analytical', description: 'Counting visits.' },
    { id: 'marketing', name: 'Marketing', description: 'Films.' },
  ],
};

let platform: TestPlatform;
let site: RunningSiteServer;
let admin: ManagementClient;

const get = (path: string) => httpGet(site.url, path, { host: PUBLIC_HOST });

async function consentState(path = '/about'): Promise<SiteState['consent']> {
  const answer = await get(`${path}${path.includes('?') ? '&' : '?'}redux=true`);
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.body) as SiteState).consent;
}

async function eventually(probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('The new wording never appeared');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
    renderer: createSiteRenderer({ ...fixtureSite, consent }),
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    port: 0,
    logger: false,
    environment: 'production',
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

describe('consent wording from the platform', () => {
  it("shows the site's own wording while the platform has no entry", async () => {
    const state = await consentState();
    expect(state.message).toBe('<p>The site says: we use cookies.</p>');
    expect(state.categories).toBeUndefined();
    expect((await get('/about')).body).toContain('The site says: we use cookies.');
  });

  it('shows a published entry after the publish: message sanitised, categories reworded, unknown ones ignored', async () => {
    const entry: EntryInput = {
      sys: { contentTypeId: 'cookieConsent', language: 'en-GB', dataFormat: 'entry' },
      title: 'Cookie wording',
      message: '<p>Editors say: <strong>cookies</strong> help us.<script>alert(1)</script></p>',
      categories: [
        {
          type: 'category',
          value: {
            categoryId: 'analytics',
            name: 'Statistics',
            description: 'We count visits to improve the site.',
            cookies: [
              { name: 'aw_stats', provider: 'Aberwen', purpose: 'Counts visits', expiration: '6 months' },
            ],
          },
        },
        { type: 'category', value: { categoryId: 'advertising', name: 'Not declared by the site' } },
      ],
    } as EntryInput;
    const created = await admin.entries.create(entry);
    await admin.entries.invokeWorkflow(created, 'publish');

    await eventually(async () => (await consentState()).message.includes('Editors say'));
    const state = await consentState();
    expect(state.message).toBe('<p>Editors say: <strong>cookies</strong> help us.</p>');
    expect(state.categories).toEqual([
      {
        id: 'analytics',
        name: 'Statistics',
        description: 'We count visits to improve the site.',
        cookies: [
          { name: 'aw_stats', provider: 'Aberwen', purpose: 'Counts visits', expiration: '6 months' },
        ],
      },
    ]);

    // The panel, as the no-JavaScript path renders it, uses the new wording and keeps the rest.
    const panel = await get('/about?consent=preferences');
    expect(panel.status).toBe(200);
    expect(panel.body).toContain('Statistics');
    expect(panel.body).toContain('We count visits to improve the site.');
    expect(panel.body).toContain('aw_stats');
    expect(panel.body).not.toContain('Counting visits.');
    expect(panel.body).toContain('Needed to run the site.');
    expect(panel.body).toContain('Always Active');
    expect(panel.body).not.toContain('Not declared by the site');
    expect(panel.body).not.toContain('alert(1)');
  });
});
