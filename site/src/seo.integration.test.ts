import {
  createSiteRenderer,
  DEMO_HOSTS,
  type PageAssets,
  type RunningSiteServer,
  startSiteServer,
} from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAnswer, httpGet } from '../../packages/web/src/test-support/http.js';
import {
  DELIVERY_TOKEN,
  PREVIEW_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { site } from './site.js';

// The demo site's search-engine files and page metadata, and its 503 page, over real HTTP
// from a real platform seeded with the demo. The site is rendered from source (no build), with
// a stylesheet named so the pages' styles can be checked.

const PUBLIC_ORIGIN = 'https://www.aberwen.example';
const HOST = 'www.aberwen.example';
const ASSETS: PageAssets = {
  entryModule: '/static/assets/entry-client-test.js',
  preloadModules: [],
  stylesheets: ['/static/assets/entry-client-test.css'],
  headModules: [],
  inlineModules: [],
};

let platform: TestPlatform;
let live: RunningSiteServer;
/** The same site with sitemap files of at most 100 URLs. */
let split: RunningSiteServer;

async function start(definition: typeof site): Promise<RunningSiteServer> {
  return startSiteServer({
    renderer: createSiteRenderer(definition),
    assets: ASSETS,
    platformUrl: platform.url,
    // The demo's hosts, and the platform's other environment names (robots.txt by host).
    hosts: [
      ...DEMO_HOSTS,
      ...['preview', 'cms', 'api', 'live'].map((kind) => `https://${kind}-aberwen.example.com`),
    ],
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    previewToken: PREVIEW_TOKEN,
    publicUri: `${PUBLIC_ORIGIN}/`,
    port: 0,
    logger: false,
  });
}

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  live = await start(site);
  const sitemap = site.seo?.sitemap || {};
  split = await start({ ...site, seo: { ...site.seo, sitemap: { ...sitemap, maxUrlsPerFile: 100 } } });
});

afterAll(async () => {
  await Promise.all([live?.close(), split?.close()]);
  await platform?.dispose();
});

const get = (server: RunningSiteServer, path: string, host = HOST) => httpGet(server.url, path, { host });

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
}

/**
 * The public pages, asked of the platform's search rather than its node tree: published
 * entries marked for search, with an address, of a type the site maps, open to all; English
 * at the root, Welsh variations under /cy.
 */
async function publicPagesBySearch(): Promise<string[]> {
  const [english, welsh] = await Promise.all([searchPages('en-GB', ''), searchPages('cy', '/cy')]);
  return [...english, ...welsh];
}

async function searchPages(language: string, prefix: string): Promise<string[]> {
  const where = [
    { field: 'sys.metadata.includeInSearch', equalTo: true },
    { field: 'sys.uri', exists: true },
    { field: 'sys.contentTypeId', in: site.contentTypeMappings.map((mapping) => mapping.contentTypeId) },
  ];
  const query = new URLSearchParams({
    where: JSON.stringify(where),
    pageSize: '1000',
    fields: 'sys.uri,requiredGroups',
    language,
  });
  const response = await fetch(
    `${platform.url}/api/delivery/projects/${PROJECT_ID}/entries/search?${query}`,
    {
      headers: { accessToken: DELIVERY_TOKEN },
    },
  );
  const body = (await response.json()) as {
    items: { sys: { uri: string; language: string }; requiredGroups?: string[] }[];
  };
  return body.items
    .filter((item) => item.sys.language === language && !(item.requiredGroups?.length ?? 0))
    .map((item) => `${PUBLIC_ORIGIN}${item.sys.uri === '/' ? prefix || '/' : `${prefix}${item.sys.uri}`}`);
}

describe('sitemap.xml', () => {
  it('lists exactly the public pages, on the public origin, with when they were published', async () => {
    const answer = await get(live, '/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const listed = locations(answer.body);
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(await publicPagesBySearch()));
    expect(listed[0]).toBe(`${PUBLIC_ORIGIN}/`);
    for (const restricted of ['/members', '/staff', '/search']) {
      expect(listed).not.toContain(`${PUBLIC_ORIGIN}${restricted}`);
    }
    expect(answer.body).toContain(`<url><loc>${PUBLIC_ORIGIN}/courses/bsc-marine-biology</loc><lastmod>`);
    // The content tree's keys, so a purge by surrogate key renews it.
    expect(String(answer.headers['surrogate-key'])).not.toBe('');
  });

  it('lists pages an anonymous visitor can open', async () => {
    const listed = locations((await get(live, '/sitemap.xml')).body);
    // Every 25th page, and the last: each answers 200 without signing in.
    const sample = listed.filter((_, index) => index % 25 === 0 || index === listed.length - 1);
    for (const url of sample) {
      const path = new URL(url).pathname;
      expect((await get(live, path)).status, path).toBe(200);
    }
    expect((await get(live, '/members')).status).toBe(302);
  });

  it('becomes an index of parts past its limit, holding the same pages in the same order', async () => {
    const whole = locations((await get(live, '/sitemap.xml')).body);
    const index = await get(split, '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locations(index.body);
    expect(parts).toEqual(
      Array.from(
        { length: Math.ceil(whole.length / 100) },
        (_, i) => `${PUBLIC_ORIGIN}/sitemap-${i + 1}.xml`,
      ),
    );
    const joined: string[] = [];
    for (const part of parts) {
      const answer = await get(split, new URL(part).pathname);
      expect(answer.status).toBe(200);
      const urls = locations(answer.body);
      expect(urls.length).toBeLessThanOrEqual(100);
      joined.push(...urls);
    }
    expect(joined).toEqual(whole);
    expect((await get(split, `/sitemap-${parts.length + 1}.xml`)).status).toBe(404);
    expect((await get(live, '/sitemap-1.xml')).status).toBe(404);
  });
});

describe('robots.txt', () => {
  it('disallows everything on a preview host', async () => {
    const answer = await get(live, '/robots.txt', 'preview-aberwen.example.com');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toBe('User-agent: *\nDisallow: /\n');
    for (const host of ['cms-aberwen.example.com', 'api-aberwen.example.com', 'localhost']) {
      expect((await get(live, '/robots.txt', host)).body, host).toBe('User-agent: *\nDisallow: /\n');
    }
  });

  it("gives live hosts the site's rules and the sitemap", async () => {
    const expected = [
      'User-agent: *',
      'Disallow: /account/',
      'Disallow: /api/',
      'Disallow: /preview/',
      'Disallow: /search',
      // The same in Welsh: the account area and the search pages under /cy, by their Welsh
      // address too (/cy/chwilio), so crawlers keep out of them in both languages.
      'Disallow: /cy/account/',
      'Disallow: /cy/api/',
      'Disallow: /cy/preview/',
      'Disallow: /cy/search',
      'Disallow: /cy/chwilio',
      '',
      `Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`,
      '',
    ].join('\n');
    expect((await get(live, '/robots.txt')).body).toBe(expected);
    // Each live host names the sitemap on its own configured address.
    expect((await get(live, '/robots.txt', 'live-aberwen.example.com')).body).toBe(
      expected.replace(PUBLIC_ORIGIN, 'https://live-aberwen.example.com'),
    );
  });
});

describe('absolute addresses', () => {
  it("come from the host's configured address, never from the request's Host", async () => {
    // Another port in Host, and a forwarded host the site does not trust: the same addresses.
    const spellings: Record<string, string>[] = [
      { host: `${HOST}:8443` },
      { host: HOST, 'x-forwarded-host': 'evil.example' },
    ];
    for (const headers of spellings) {
      const request = { host: headers.host ?? HOST, headers };
      const robots = await httpGet(live.url, '/robots.txt', request);
      expect(robots.body).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
      const sitemap = await httpGet(live.url, '/sitemap.xml', request);
      expect(sitemap.status).toBe(200);
      const urls = locations(sitemap.body);
      expect(urls.length).toBeGreaterThan(10);
      for (const url of urls) expect(url.startsWith(`${PUBLIC_ORIGIN}/`), url).toBe(true);
      const page = await httpGet(live.url, '/courses/bsc-marine-biology', request);
      expect(page.body).toContain(
        `<link rel="canonical" href="${PUBLIC_ORIGIN}/courses/bsc-marine-biology"/>`,
      );
      expect(page.body).not.toContain('evil.example');
      expect(page.body).not.toContain(':8443');
    }
    // A host the site is not configured for is refused before anything is built.
    for (const path of ['/robots.txt', '/sitemap.xml', '/courses/bsc-marine-biology']) {
      const refused = await get(live, path, 'evil.example');
      expect(refused.status, path).toBe(400);
      expect(refused.body).not.toContain('evil.example');
    }
  });
});

describe('page metadata', () => {
  function head(answer: HttpAnswer): string {
    return /<head>(.*)<\/head>/s.exec(answer.body)?.[1] ?? '';
  }

  it('links a page to its canonical URL and describes it for sharing', async () => {
    const answer = await get(live, '/courses/bsc-marine-biology?utm_source=newsletter');
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('data-scripts');
    const tags = head(answer);
    expect(tags).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/courses/bsc-marine-biology"/>`);
    expect(tags).toContain(`<meta property="og:url" content="${PUBLIC_ORIGIN}/courses/bsc-marine-biology"/>`);
    expect(tags).toContain('<meta property="og:type" content="website"/>');
    expect(tags).toMatch(/<meta name="description" content="[^"]+"\/>/);
    expect(tags).toMatch(/<meta property="og:title" content="[^"]*\| Aberwen University"\/>/);
    expect(tags).toContain(
      `<meta property="og:image" content="${PUBLIC_ORIGIN}/image-library/courses/marine-biology.svg"/>`,
    );
    expect(tags).toContain('<meta property="og:locale" content="en_GB"/>');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it('describes every indexable page in the sitemap for search engines', async () => {
    const pages = locations((await get(live, '/sitemap.xml')).body).map((url) => new URL(url).pathname);
    expect(pages).toContain('/');
    const missing: string[] = [];
    for (const path of pages) {
      const tags = head(await get(live, path));
      if (!/<meta name="description" content="[^"]+"\/>/.test(tags)) missing.push(path);
    }
    expect(missing).toEqual([]);
  });

  it("uses the site's override for news articles, and no canonical link on a missing page", async () => {
    const news = locations((await get(live, '/sitemap.xml')).body).find((url) => url.includes('/news/'));
    const article = await get(live, new URL(news as string).pathname);
    expect(head(article)).toContain('<meta property="og:type" content="article"/>');
    const missing = await get(live, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(head(missing)).not.toContain('rel="canonical"');
  });
});

describe('the platform down', () => {
  it('answers 503 with the site layout: header, footer and styles, no menu, no detail', async () => {
    await platform.stop();
    // Nothing of the platform kept: a page this server never served has no stale copy either.
    split.clearCache();
    try {
      const answer = await get(split, '/courses/ba-history');
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('30');
      const body = answer.body;
      expect(body).toContain('<header class="site-header">');
      expect(body).toMatch(/<a class="site-name" href="\/"[^>]*>Aberwen University<\/a>/);
      expect(body).toContain('<footer class="site-footer">');
      expect(body).toContain('<link rel="stylesheet" href="/static/assets/entry-client-test.css"/>');
      expect(body).toContain('<h1>Sorry, this page is not available right now</h1>');
      expect(body).toContain(
        '<title>Sorry, this page is not available right now | Aberwen University</title>',
      );
      expect(body).toContain('Try again in a few minutes.');
      expect(body).not.toContain('<script');
      expect(body).not.toContain(platform.url);
      expect(body).not.toMatch(/ECONNREFUSED|fetch failed|127\.0\.0\.1/);

      const sitemap = await get(split, '/sitemap.xml');
      expect(sitemap.status).toBe(503);
      expect(sitemap.headers['retry-after']).toBe('30');
      expect(sitemap.body).not.toContain(platform.url);
      // robots.txt needs no platform.
      expect((await get(split, '/robots.txt')).status).toBe(200);
    } finally {
      await platform.restart();
    }
  });
});
