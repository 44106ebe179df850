import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EntryInput, ManagementClient } from '@canopy/client';
import type { RunningSiteServer, SiteState } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../../packages/platform/src/test-support/tokens.js';
import { type HttpAnswer, httpGet } from '../../packages/web/src/test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { startSourceSite } from './test/source-site.js';

// Publishing one language's variation of a course reaches only that language's pages: the
// platform keys each variation (`entry:<id>:cy`), its change event names the language, and the
// site marks only the pages carrying that variation's key outdated in its page cache and
// purges only that key from the HTTP caches in front (a recording purge target here; the
// Varnish chain test does it with varnishd). Real platform, real site, real event stream.

const HOST = 'www.aberwen.example';
const ENGLISH = '/courses/llb-law';
const WELSH = '/cy/cyrsiau/llb-y-gyfraith';
/** Generous: the subscription opens within milliseconds of the server starting. */
const DEADLINE_MS = 10_000;

let platform: TestPlatform;
let site: RunningSiteServer;
let purgeTarget: Server;
/** The `Xkey-Purge` values the site sent, in order, and whoever waits for the next one. */
const purges: string[] = [];
let nextPurge: ((keys: string) => void) | null = null;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  purgeTarget = createServer((request, response) => {
    const keys = String(request.headers['xkey-purge'] ?? '');
    purges.push(keys);
    response.end('purged');
    nextPurge?.(keys);
  });
  await new Promise<void>((resolve) => purgeTarget.listen(0, '127.0.0.1', resolve));
  const { port } = purgeTarget.address() as AddressInfo;
  site = await startSourceSite(platform.url, {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    purgeUrls: [`http://127.0.0.1:${port}/`],
    publicUri: `https://${HOST}/`,
    // Long enough that no copy ages out during the test: only a content change makes it render.
    pageCacheSeconds: 3600,
    environment: 'production',
  });
  // Subscribed: the site has also handled the subscription's opening (which marks every kept
  // page outdated), so the pages the test keeps next are only reached by the publish.
  const deadline = Date.now() + DEADLINE_MS;
  while ((await contentChanges()) !== 'subscribed' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await contentChanges()).toBe('subscribed');
  expect(platform.eventStreams()).toBe(1);
});

async function contentChanges(): Promise<string> {
  const answer = await httpGet(site.url, '/__heartbeat__', { host: HOST });
  return (JSON.parse(answer.body) as { contentChanges: string }).contentChanges;
}

afterAll(async () => {
  await site?.close();
  await new Promise((resolve) => purgeTarget?.close(resolve));
  await platform?.dispose();
});

const get = (path: string) => httpGet(site.url, path, { host: HOST });
const heading = (answer: HttpAnswer) => /<h1[^>]*>([^<]*)<\/h1>/.exec(answer.body)?.[1];
const keysOf = (answer: HttpAnswer) => String(answer.headers['surrogate-key'] ?? '').split(' ');

/** A page twice: the second answer comes from the page cache (it has an `Age`). */
async function cached(path: string): Promise<HttpAnswer> {
  expect((await get(path)).status).toBe(200);
  const again = await get(path);
  expect(again.headers.age, path).toBeDefined();
  return again;
}

describe('publishing one language’s variation', () => {
  it('purges the Welsh pages of a course and leaves the English page cached', async () => {
    const state = JSON.parse((await get(`${WELSH}?redux=true`)).body) as SiteState;
    const id = state.routing.entry?.sys.id;
    if (!id) throw new Error(`No entry at ${WELSH}`);
    const englishBefore = await cached(ENGLISH);
    const welshBefore = await cached(WELSH);
    // Each page carries the key of the variation it shows, not the other's.
    expect(keysOf(englishBefore)).toContain(`entry:${id}:en-GB`);
    expect(keysOf(englishBefore)).not.toContain(`entry:${id}:cy`);
    expect(keysOf(welshBefore)).toContain(`entry:${id}:cy`);
    expect(keysOf(welshBefore)).not.toContain(`entry:${id}:en-GB`);

    const admin = ManagementClient.create({
      rootUrl: platform.url,
      projectId: PROJECT_ID,
      credentials: {
        bearerToken: issueTestToken(platform.db, 'admin'),
        bearerTokenExpiryDate: '2999-01-01T00:00:00Z',
      },
    });
    const title = `LLB y Gyfraith, wedi’i gyhoeddi am ${Date.now()}`;
    const purged = new Promise<string>((resolve) => {
      nextPurge = resolve;
    });
    const welsh = await admin.entries.get({ id, language: 'cy' });
    const saved = await admin.entries.update({ ...(welsh as EntryInput), title });
    await admin.entries.invokeWorkflow(saved, 'publish');
    // The site purges the HTTP caches after its own: once the purge is here, so is the change.
    const keys = (await purged).split(' ');
    expect(keys).toContain(`entry:${id}:cy`);
    expect(keys).not.toContain(`entry:${id}:en-GB`);
    expect(keys).not.toContain(`entry:${id}`);
    expect(keys.some((key) => key.startsWith('project:'))).toBe(false);
    expect(keys).toContain(`listing:${PROJECT_ID}:cy`);
    expect(keys).not.toContain(`listing:${PROJECT_ID}:en-GB`);

    // The Welsh page renders again with the new title; the English one is still the cached copy.
    const welshAfter = await get(WELSH);
    expect(heading(welshAfter)).toBe(title);
    expect(welshAfter.headers.age).toBeUndefined();
    const englishAfter = await get(ENGLISH);
    expect(englishAfter.headers.age).toBeDefined();
    expect(heading(englishAfter)).toBe(heading(englishBefore));
    // The English pages of the Welsh listings' language stay too: the English course listing.
    const englishListing = await cached('/courses');
    expect(keysOf(englishListing)).not.toContain(`listing:${PROJECT_ID}:cy`);
  });

  it("purges every language's pages of an entry when its first Welsh variation is published", async () => {
    const admin = adminClient();
    const courses = await admin.entries.list({
      contentTypeId: 'course',
      language: 'en-GB',
      versionStatus: 'published',
      pageOptions: { pageIndex: 0, pageSize: 100 },
    });
    const english = courses.items.find(
      (entry) => !(entry.sys.availableLanguages ?? []).includes('cy') && typeof entry.sys.uri === 'string',
    );
    if (!english?.sys.uri) throw new Error('The demo has no course in English alone');
    const path = english.sys.uri;
    const before = await cached(path);
    // The switcher of an English page without a Welsh variation offers the Welsh home page.
    const stateBefore = JSON.parse((await get(`${path}?redux=true`)).body) as SiteState;
    expect(stateBefore.routing.languageVersions?.switcher).toEqual([
      expect.objectContaining({ language: 'cy', translated: false }),
    ]);

    const draftPurged = nextPurgeArrives();
    const welsh = await admin.entries.create({
      ...(english as EntryInput),
      entryTitle: undefined,
      title: 'Cwrs newydd yn Gymraeg',
      sys: { id: english.sys.id, contentTypeId: 'course', language: 'cy' },
    } as EntryInput);
    // The draft's own change event comes first, and purges by its own rules.
    await draftPurged;
    const purged = nextPurgeArrives();
    await admin.entries.invokeWorkflow(welsh, 'publish');
    const keys = (await purged).split(' ');
    // Its English page goes too: its switcher must now say the page is in Welsh.
    expect(keys).toContain(`entry:${english.sys.id}`);
    expect(keys.some((key) => key.startsWith('project:'))).toBe(false);
    const after = await get(path);
    expect(after.status).toBe(200);
    expect(after.headers.age).toBeUndefined();
    expect(heading(after)).toBe(heading(before));
  });
});

function nextPurgeArrives(): Promise<string> {
  return new Promise<string>((resolve) => {
    nextPurge = resolve;
  });
}

function adminClient(): ManagementClient {
  return ManagementClient.create({
    rootUrl: platform.url,
    projectId: PROJECT_ID,
    credentials: {
      bearerToken: issueTestToken(platform.db, 'admin'),
      bearerTokenExpiryDate: '2999-01-01T00:00:00Z',
    },
  });
}
