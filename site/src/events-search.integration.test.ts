import { Client, type Entry } from '@canopy/client';
import { createSiteRenderer, type RunningSiteServer, type SearchState } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import {
  type RecordingProxy,
  startRecordingProxy,
} from '../../packages/web/src/test-support/recording-proxy.js';
import { site as demoSite } from './site.js';
import { startSourceSite } from './test/source-site.js';

// Events in time and the counts of every facet, on the demo site rendered from source over a
// real platform seeded on a fixed day, whose clock stands at noon of that day: what is
// upcoming, past, this month or later follows that day whatever the day the tests run. A
// proxy between the site and the platform counts the searches each page render sends.

const HOST = 'www.aberwen.example';
const DAY = '2026-09-10';
const NOW = Date.parse(`${DAY}T12:00:00Z`);

interface SeededEvent {
  title: string;
  from: number;
  to: number;
}

let platform: TestPlatform;
let proxy: RecordingProxy;
/** The bodies (or, for GET, the addresses) of the searches the proxy forwarded. */
const searches: string[] = [];
let site: RunningSiteServer;
let events: SeededEvent[] = [];

beforeAll(async () => {
  platform = await startTestPlatform({ today: DAY, server: { now: () => NOW } });
  proxy = await startRecordingProxy(platform.url, ({ url, body }) => {
    if (/\/entries\/search(\?|$)/.test(url)) searches.push(body.toString() || url);
  });
  site = await startSourceSite(proxy.url, {
    renderer: createSiteRenderer(demoSite),
    contentChanges: false,
    pageCacheSeconds: 0,
  });
  const client = Client.create({ rootUrl: platform.url, projectId: PROJECT_ID, accessToken: DELIVERY_TOKEN });
  const page = await client.entries.list({ contentTypeId: 'event', pageOptions: { pageSize: 200 } });
  events = page.items.map((entry: Entry) => {
    const dates = entry.eventDates as { from: string; to: string };
    return { title: String(entry.entryTitle), from: Date.parse(dates.from), to: Date.parse(dates.to) };
  });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await proxy?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(site.url, path, { host: HOST });

/** The search state a page's `?redux=true` answers, and the searches its render sent. */
async function stateOf(path: string): Promise<{ search: SearchState; searches: string[] }> {
  searches.length = 0;
  const answer = await get(`${path}${path.includes('?') ? '&' : '?'}redux=true`);
  expect(answer.status, path).toBe(200);
  return {
    search: (JSON.parse(answer.body) as { search: SearchState }).search,
    searches: [...searches],
  };
}

const endOfMonth = Date.UTC(2026, 9, 1) - 1;
const threeMonthsOn = Date.parse('2026-12-10T12:00:00Z');
const upcoming = () => events.filter((e) => e.to >= NOW).toSorted((a, b) => a.from - b.from);
const past = () => events.filter((e) => e.to < NOW).toSorted((a, b) => b.from - a.from);
const datesOf = (entry: Entry) => entry.eventDates as { from: string; to: string };

describe('events in time', () => {
  it('has events on both sides of the seeding day', () => {
    expect(upcoming().length).toBeGreaterThan(12);
    expect(past().length).toBeGreaterThan(0);
  });

  it('searches upcoming events, soonest first, and counts each period of the "When" filter', async () => {
    const { search } = await stateOf('/search/events');
    const facet = search.facets.events;
    const items = facet?.entries.items ?? [];
    expect(items.map((entry) => entry.entryTitle)).toEqual(
      upcoming()
        .slice(0, items.length)
        .map((e) => e.title),
    );
    expect(facet?.pagingInfo.totalCount).toBe(upcoming().length);
    const counts = Object.fromEntries(
      (facet?.filters.when?.items ?? []).map((item) => [item.key, item.aggregate]),
    );
    expect(counts).toEqual({
      upcoming: upcoming().length,
      'this-month': events.filter((e) => e.to >= NOW && e.from <= endOfMonth).length,
      'next-three-months': events.filter((e) => e.to >= NOW && e.from < threeMonthsOn).length,
      later: events.filter((e) => e.from >= threeMonthsOn).length,
      past: past().length,
    });
    expect(counts.later).toBeGreaterThan(0);
  });

  it('shows past events only when asked, latest first, each labelled as past', async () => {
    const { search } = await stateOf('/search/events?when=past');
    const items = search.facets.events?.entries.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((entry) => entry.entryTitle)).toEqual(
      past()
        .slice(0, items.length)
        .map((e) => e.title),
    );
    const labelled = /class="search-result-facts">Past event · /g;
    const html = (await get('/search/events?when=past')).body;
    expect(html.match(labelled)?.length).toBe(items.length);
    expect((await get('/search/events')).body).not.toMatch(labelled);
  });

  it('leaves past events out of "Everything"', async () => {
    const { search } = await stateOf('/search/all/event');
    const facet = search.facets.all;
    expect(facet?.pagingInfo.totalCount).toBe(upcoming().length);
    expect((facet?.entries.items ?? []).every((entry) => Date.parse(datesOf(entry).to) >= NOW)).toBe(true);
  });

  it('lists upcoming events on /events, and past ones labelled only on /events?when=past', async () => {
    const listed = await get('/events');
    expect(listed.body).toContain(upcoming()[0]?.title);
    expect(listed.body).not.toContain('card-status');
    for (const event of past()) expect(listed.body).not.toContain(`>${event.title}<`);
    const pastListed = await get('/events?when=past');
    expect(pastListed.body).toContain(past()[0]?.title);
    expect(pastListed.body.match(/class="card-status">Past event</g)?.length).toBe(
      Math.min(12, past().length),
    );
  });
});

describe('counts of every facet', () => {
  it('gives every facet the count it finds when opened, with one request for the counts', async () => {
    const opened: Record<string, number> = {};
    for (const facet of ['courses', 'all', 'news', 'events', 'people']) {
      const { search } = await stateOf(`/search/${facet}?term=sea`);
      opened[facet] = search.facets[facet]?.pagingInfo.totalCount ?? -1;
    }
    expect(opened.events).toBeLessThan(events.length);

    // A term the delivery cache has not seen: the render sends its search and ONE count query.
    const { search, searches } = await stateOf('/search/courses?term=marine');
    expect(searches).toHaveLength(2);
    for (const facet of ['all', 'news', 'events', 'people']) {
      expect(search.facets[facet]?.count, facet).not.toBeNull();
    }
    const { search: seaCounts } = await stateOf('/search/people?term=sea&pageSize=5');
    for (const [facet, count] of Object.entries(opened))
      expect(seaCounts.facets[facet]?.count, facet).toBe(count);
  });

  it('counts a facet with its own filters: the current one from its search, no count query again', async () => {
    const { search, searches } = await stateOf('/search/courses?term=biology&level=Undergraduate');
    const courses = search.facets.courses;
    expect(courses?.count).toBe(courses?.pagingInfo.totalCount);
    // The search and one count query, the same for every filter choice of the term.
    expect(searches).toHaveLength(2);
    const { search: unfiltered, searches: again } = await stateOf('/search/courses?term=biology');
    expect(unfiltered.facets.courses?.count).toBeGreaterThan(courses?.count ?? 0);
    // The count query is the one asked a moment ago: the site's delivery cache answers it.
    expect(again).toHaveLength(1);
  });

  it('counts the periods of the "When" filter beside the facets, in as few queries as the contract allows', async () => {
    const { searches } = await stateOf('/search/events?term=open');
    // The events search; one query for every facet and the upcoming period; one per other period.
    expect(searches).toHaveLength(1 + 1 + 4);
  });
});
