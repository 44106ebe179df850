import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildSite, DEMO_HOSTS, type RunningSiteServer, startSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageModules } from '../../packages/web/src/render/module-loader.js';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import {
  DELIVERY_TOKEN,
  PREVIEW_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { expectHeadingOutline, expectStableImages } from './test/html.js';
import { mainOf } from './test/render-page.js';

const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const HOST = 'www.aberwen.example';
const SEEDED_ON = '2026-09-01';
let platform: TestPlatform;
let site: RunningSiteServer;

beforeAll(async () => {
  // Seeded on a fixed day, so the course start dates and event dates below never change.
  platform = await startTestPlatform({ today: SEEDED_ON });
  await buildSite({ siteRoot });
  site = await startSiteServer({
    siteRoot,
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    // Anyone on the preview host sees the version page's internals (the live host does not).
    anonymousPreview: true,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    previewToken: PREVIEW_TOKEN,
    port: 0,
    logger: false,
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(site.url, path, { host: HOST });

describe('the built demo site', () => {
  it('serves the home page with the hashed client assets from the manifest', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<h1>Aberwen University</h1>');
    expect(answer.body).toMatch(/<a class="site-name" href="\/"[^>]*>Aberwen University<\/a>/);
    const script = /import\("(\/static\/assets\/entry-client-[\w-]+\.js)"\)/.exec(answer.body)?.[1];
    const style = /<link rel="stylesheet" href="(\/static\/assets\/entry-client-[\w-]+\.css)"/.exec(
      answer.body,
    )?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();

    const js = await get(script as string);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).not.toContain(DELIVERY_TOKEN);
    expect((await get(style as string)).headers['content-type']).toBe('text/css; charset=utf-8');
    // Revalidation by ETag and Last-Modified; byte ranges; hidden files (the build manifest) stay hidden.
    expect(js.headers.etag).toBeTruthy();
    expect(js.headers['last-modified']).toBeTruthy();
    const again = await httpGet(site.url, script as string, {
      host: HOST,
      headers: { 'if-none-match': String(js.headers.etag) },
    });
    expect(again.status).toBe(304);
    const part = await httpGet(site.url, script as string, { host: HOST, headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.bytes.length).toBe(10);
    expect((await get('/static/.vite/manifest.json')).status).toBe(404);
    expect((await get('/static/assets/no-such-file.js')).status).toBe(404);
  });

  it('sends the precompressed copy of assets the browser accepts, and the plain file otherwise', async () => {
    const page = await get('/');
    const script = /import\("(\/static\/assets\/entry-client-[\w-]+\.js)"\)/.exec(page.body)![1]!;
    const plain = await get(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const withEncoding = (value: string) =>
      httpGet(site.url, script, { host: HOST, headers: { 'accept-encoding': value } });

    const br = await withEncoding('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);

    const gz = await withEncoding('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).equals(plain.bytes)).toBe(true);
    // Refused encodings are honoured: br;q=0 means gzip.
    expect((await withEncoding('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await withEncoding('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses pages on the fly, with a weak ETag that answers 304 when it matches', async () => {
    const plain = await get('/courses/bsc-marine-biology');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const br = await httpGet(site.url, '/courses/bsc-marine-biology', {
      host: HOST,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(etag);
    // The same page, byte for byte, in a fraction of the bytes (the nonce differs per request).
    const unpacked = brotliDecompressSync(br.bytes).toString('utf8');
    expect(unpacked.replace(/nonce="[^"]+"/g, '')).toBe(plain.body.replace(/nonce="[^"]+"/g, ''));
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);

    const gz = await httpGet(site.url, '/courses/bsc-marine-biology', {
      host: HOST,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).length).toBe(plain.bytes.length);

    const again = await httpGet(site.url, '/courses/bsc-marine-biology', {
      host: HOST,
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const tiny = await httpGet(site.url, '/__lbheartbeat__', {
      host: HOST,
      headers: { 'accept-encoding': 'br' },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the tokens out of every file the browser gets', async () => {
    const manifest = JSON.parse(
      readFileSync(`${siteRoot}/dist/client/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string }>;
    for (const chunk of Object.values(manifest)) {
      const body = (await get(`/static/${chunk.file}`)).body;
      expect(body).not.toContain(DELIVERY_TOKEN);
      expect(body).not.toContain(PREVIEW_TOKEN);
    }
    expect((await get('/static/.vite/manifest.json')).status).toBe(404);
    expect((await get('/static/favicon.svg')).status).toBe(200);
  });

  it('renders every demo content type with its own page, sized images and one h1', async () => {
    const pages: Record<string, string[]> = {
      '/': [
        '<h1>Aberwen University</h1>',
        '<h2 id="featured-courses">Featured courses</h2>',
        '<h2 id="latest-news">Latest news</h2>',
        '<h2 id="featured-news">In the news</h2>',
      ],
      '/about/history': [
        '<article class="content-page">',
        '<h2>The Old College</h2>',
        '<figcaption>The Old College, around 1895</figcaption>',
        '<h2 id="section-listing-heading">In this section</h2>',
      ],
      '/about/history/founders': ['<figure class="quote"><blockquote><p>Let the college belong'],
      '/courses/bsc-marine-biology': [
        '<article class="course-page">',
        '<dt>Course code</dt><dd>MARB-U124</dd>',
        '<dt>Starts</dt><dd><time dateTime="2026-09-21T09:00:00Z">21 September 2026</time></dd>',
        '<h2 id="related-courses">Related courses</h2>',
      ],
      '/news/nursing-volunteers-help-out-in-local-primary-schools': [
        '<article class="news-page">',
        '<p class="person-card-name"><a href="/people/tomos-griffiths"',
        '<a href="/courses/bsc-adult-nursing"',
      ],
      '/events/undergraduate-open-day-arts-and-humanities': [
        '<article class="event-page">',
        'Friday 9 January 2026, 10am to 4pm',
        'https://www.openstreetmap.org/?mlat=52.2071&amp;mlon=-4.2952',
      ],
      '/people/tomos-griffiths': [
        '<article class="person-page">',
        'href="mailto:tomos.griffiths@aberwen.ac.example"',
      ],
      '/news': [
        '<h2 id="listing-heading">All news</h2>',
        '120 articles, showing 1–12',
        'href="/news?pageIndex=2"',
      ],
      '/events': ['<h2 id="listing-heading">Upcoming events</h2>', 'href="/events?when=past"'],
      '/people': ['<h2 id="listing-heading">All staff</h2>', '<article class="card card-person">'],
      '/courses': [
        '<h2 id="listing-heading">All courses</h2>',
        '<article class="card card-course">',
        '<legend>Mode of study</legend>',
      ],
      '/search/courses?term=marine': [
        '<form id="search-form-facets" class="search-page-form" action="/search/courses" method="get">',
        'results for “marine”',
        // The word searched for is marked in the result's title.
        'BSc <mark>Marine</mark> Biology</a></h3>',
      ],
    };
    for (const [path, fragments] of Object.entries(pages)) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain('<nav aria-label="Main">');
      for (const fragment of fragments) expect(answer.body, path).toContain(fragment);
      const main = mainOf(answer.body);
      expectHeadingOutline(main);
      // The mappings' field selections keep the assets' width and height; only a hero is eager.
      expectStableImages(main, { hero: main.includes('fetchPriority="high"') });
    }
    expect((await get('/about/history')).body).toContain('<nav aria-label="Breadcrumb" class="breadcrumbs">');
    // Drafts have no published version: the public site lists no card for them.
    expect(mainOf((await get('/news')).body)).not.toContain('Winter graduation moves to the Great Hall');
    // Load more without JavaScript: the address names the last page, the server shows them all.
    expect((await get('/news?pageIndex=3')).body).toContain('120 articles, showing 1–36');
  });

  it('serves the account pages restricted pages send visitors to', async () => {
    const login = await get('/account/login?redirect_uri=%2Fmembers');
    expect(login.status).toBe(200);
    expect(login.body).toContain('<h1>Sign in</h1>');
    // Pages are named by their title, never by their address; this site has no API client to
    // read a restricted page's title with, so it says so in plain words.
    expect(login.body).toContain('<p>Sign in to continue to the page you asked for.</p>');
    expect(login.body).not.toContain('<code>');
    expect(login.body).toContain('<title>Sign in | Aberwen University</title>');
    const denied = await get('/account/access-denied?original_uri=%2Fstaff');
    expect(denied.status).toBe(200);
    expect(denied.body).toContain('<h1>Access denied</h1>');
    expect(denied.body).toContain('<title>Access denied | Aberwen University</title>');
  });

  it('answers unknown paths with the not-found page and restricted ones with a sign-in redirect', async () => {
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<h1>Page not found</h1>');
    const members = await get('/members');
    expect(members.status).toBe(302);
    expect(members.headers.location).toBe('/account/login?redirect_uri=%2Fmembers');
  });

  it('serves the version page with the built commit on the preview host only', async () => {
    const internal = await httpGet(site.url, '/__version__', { host: 'preview-aberwen.example' });
    const info = JSON.parse(internal.body);
    expect(info.packageName).toBe('@canopy/site');
    expect(info.packageVersions['react-router']).toBe('7.18.5');
    const live = JSON.parse((await get('/__version__')).body);
    expect(live.packageName).toBe('@canopy/site');
    expect(live.packageVersions).toEqual({});
    const page = (await get('/version')).body;
    expect(page).toContain('<h1>Version information</h1>');
    expect(page).toContain('<title>Version information | Aberwen University</title>');
  });

  it("keeps a course page's first-load JavaScript within 100 kB gzip, without code only some pages use", async () => {
    const page = await get('/courses/bsc-marine-biology');
    expect(page.status).toBe(200);
    const manifest = JSON.parse(
      readFileSync(`${siteRoot}/dist/client/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string; imports?: string[] }>;
    const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
    // The scripts the page names and their static imports (the browser loads those before they run).
    const files: string[] = [];
    const visit = (file: string) => {
      if (files.includes(file)) return;
      files.push(file);
      for (const key of byFile.get(file)?.imports ?? []) if (manifest[key]) visit(manifest[key].file);
    };
    for (const src of pageModules(page.body)) visit(src.replace(/^\/static\//, ''));
    expect(files.filter((file) => /\/(entry-client|CoursePage)-/.test(file))).toHaveLength(2);
    const scripts = files.map((file) => readFileSync(`${siteRoot}/dist/client/${file}`));
    const gzip = scripts.reduce((sum, bytes) => sum + gzipSync(bytes, { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(100_000);
    // Each loads with the code that uses it (docs/web.md, "Code splitting"): the listener
    // middleware, reselect, and the server's memory history.
    const code = scripts.map((bytes) => bytes.toString('utf8')).join('\n');
    expect(code).not.toContain('TaskAbortError');
    expect(code).not.toContain('createSelector expects');
    expect(code).not.toContain('memory history');
  });

  it('writes source maps for an error tracker but neither links nor serves them', async () => {
    const manifest = JSON.parse(
      readFileSync(`${siteRoot}/dist/client/.vite/manifest.json`, 'utf8'),
    ) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file as string;
    expect(existsSync(`${siteRoot}/dist/client/${entry}.map`)).toBe(true);
    expect((await get(`/static/${entry}`)).body).not.toContain('sourceMappingURL');
    expect((await get(`/static/${entry}.map`)).status).toBe(404);
  });
});

describe('development mode', () => {
  it('renders from source through Vite with the HMR client and refresh preamble', async () => {
    const dev = await startSiteServer({
      siteRoot,
      dev: true,
      platformUrl: platform.url,
      hosts: DEMO_HOSTS,
      projectId: PROJECT_ID,
      deliveryToken: DELIVERY_TOKEN,
      port: 0,
      logger: false,
    });
    try {
      // Vite's dev server only answers local host names (DNS rebinding protection).
      const page = await httpGet(dev.url, '/about');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<h1>About Aberwen University</h1>');
      expect(page.body).toContain('src="/static/@vite/client"');
      expect(page.body).toContain('/static/src/entry-client.tsx');
      const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
      expect(page.body).toContain(`<script type="module" nonce="${nonce}">import { injectIntoGlobalHook }`);
      const entry = await httpGet(dev.url, '/static/src/entry-client.tsx');
      expect(entry.status).toBe(200);
      expect(entry.headers['content-type']).toMatch(/javascript/);
    } finally {
      await dev.close();
    }
  });
});
