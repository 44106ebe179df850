import type { RunningSiteServer, SiteState } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import { startTestPlatform, type TestPlatform } from '../../packages/web/src/test-support/platform.js';
import { startSourceSite } from './test/source-site.js';

// The demo in English and Welsh over real HTTP from a real platform seeded with the demo:
// Welsh under /cy, every delivery call of a Welsh page in Welsh, the switcher to the same page
// in the other language, hreflang and canonical links, the sitemap's alternates, search per
// language and the page cache keeping the languages apart. Rendered from source (no build).

const PUBLIC_ORIGIN = 'https://www.aberwen.example';
const HOST = 'www.aberwen.example';

let platform: TestPlatform;
let server: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  server = await startSourceSite(platform.url, {
    publicUri: `${PUBLIC_ORIGIN}/`,
  });
});

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(server.url, path, { host: HOST });

async function stateOf(path: string): Promise<SiteState> {
  const answer = await get(`${path}${path.includes('?') ? '&' : '?'}redux=true`);
  expect(answer.status, path).toBe(200);
  return JSON.parse(answer.body) as SiteState;
}

/** The language bar's links: where each goes, its language attributes and its words. */
function switcherLinks(html: string): { href: string; lang: string; hreflang: string; text: string }[] {
  const bar = /<nav class="language-bar"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [...bar.matchAll(/<a href="([^"]*)" lang="([^"]*)" hrefLang="([^"]*)">([^<]*)<\/a>/g)].map((m) => ({
    href: (m[1] as string).replaceAll('&amp;', '&'),
    lang: m[2] as string,
    hreflang: m[3] as string,
    text: m[4] as string,
  }));
}

function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );
}

/** A course the demo has in English only. */
const UNTRANSLATED = '/courses/phd-history';

/** Whether a delivery call asks for `language`: as a parameter, or in a search's where clause. */
function asksFor(url: string, language: string): boolean {
  const decoded = decodeURIComponent(url);
  return (
    decoded.includes(`language=${language}`) ||
    decoded.includes(`{"field":"sys.language","equalTo":"${language}"}`)
  );
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];

describe('the Welsh site under /cy', () => {
  it('renders the Welsh home page in Welsh, from Welsh delivery calls only', async () => {
    const answer = await get('/cy');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<html lang="cy">');
    expect(answer.body).toContain('<h1>Prifysgol Aberwen</h1>');
    // The Welsh menu, each link under /cy.
    expect(answer.body).toMatch(/<a href="\/cy\/cyrsiau"[^>]*>Cyrsiau<\/a>/);
    expect(answer.body).toMatch(/<a class="site-name" href="\/cy"/);

    const state = await stateOf('/cy');
    expect(state.routing).toMatchObject({ language: 'cy', basePath: '/cy', currentPath: '/' });
    const calls = state.routing.apiCalls.map((call) => call.url);
    // The page's own calls in Welsh; the switcher's one asks where the page is in English.
    const [others, own] = partition(calls, (url) => url.includes('/nodes/?') && url.includes('entryId='));
    expect(own.length).toBeGreaterThan(0);
    for (const url of own) expect(asksFor(url, 'cy'), url).toBe(true);
    expect(others).toHaveLength(1);
    expect(others[0]).toContain('language=en-GB');
    // The navigation tree was asked for in Welsh too.
    expect(state.navigation.root?.children?.map((node) => node.displayName)).toContain('Cyrsiau');
  });

  it('keeps English at the root with its addresses unchanged', async () => {
    const answer = await get('/courses/llb-law');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<html lang="en-GB">');
    expect(answer.body).toContain('<h1>LLB Law</h1>');
    const state = await stateOf('/courses/llb-law');
    expect(state.routing.language).toBeUndefined();
    expect(state.routing.basePath).toBeUndefined();
    const [others, own] = partition(
      state.routing.apiCalls.map((call) => call.url),
      (url) => url.includes('/nodes/?') && url.includes('entryId='),
    );
    for (const url of own) expect(asksFor(url, 'en-GB'), url).toBe(true);
    expect(others.map((url) => url.includes('language=cy'))).toEqual([true]);
  });

  it('redirects a trailing slash and sign-in under the prefix', async () => {
    const slash = await get('/cy/');
    expect(slash.status).toBe(302);
    expect(slash.headers.location).toBe('/cy');
    const restricted = await get('/cy/account');
    expect(restricted.status).toBe(302);
    expect(restricted.headers.location).toBe('/cy/account/login?redirect_uri=%2Fcy%2Faccount');
  });

  it('answers a Welsh address that does not exist with a Welsh 404', async () => {
    const answer = await get('/cy/dim-tudalen-fel-hyn');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('<html lang="cy">');
    expect(switcherLinks(answer.body)).toEqual([
      { href: '/?translation=missing', lang: 'en-GB', hreflang: 'en-GB', text: 'English' },
    ]);
  });
});

describe('Welsh addresses of the static routes', () => {
  it('shows the Welsh listings and search at the Welsh sections’ addresses', async () => {
    for (const [path, listing] of [
      ['/cy/newyddion', 'news'],
      ['/cy/digwyddiadau', 'events'],
      ['/cy/cyrsiau', 'courses'],
      ['/cy/pobl', 'people'],
    ] as const) {
      const state = await stateOf(path);
      expect(state.routing.staticRoute?.path, path).toBe(`/${listing}`);
      const search = (state as unknown as { search: { listings: Record<string, { path: string }> } }).search;
      // The listing's own links (pages, filters) are built on its Welsh address.
      expect(search.listings[listing]?.path, path).toBe(path.slice(3));
    }
    const search = await stateOf('/cy/chwilio/courses?term=seicoleg');
    expect(search.routing.staticRoute?.path).toBe('/search/*');
    // English keeps its addresses.
    expect((await stateOf('/news')).routing.staticRoute?.path).toBe('/news');
  });

  it("redirects a route's English address under /cy to its Welsh one for good, query kept", async () => {
    for (const [from, to] of [
      ['/cy/news', '/cy/newyddion'],
      ['/cy/search', '/cy/chwilio'],
      ['/cy/search/courses?term=seicoleg&page=2', '/cy/chwilio/courses?term=seicoleg&page=2'],
      ['/cy/people', '/cy/pobl'],
    ] as const) {
      const answer = await get(from);
      expect(answer.status, from).toBe(301);
      expect(answer.headers.location, from).toBe(to);
    }
  });

  it('takes every header and footer link of a Welsh page to a working Welsh page', async () => {
    const home = await get('/cy');
    const chrome = [/<header[^>]*>.*?<\/header>/s, /<footer[^>]*>.*?<\/footer>/s]
      .map((part) => part.exec(home.body)?.[0] ?? '')
      .join('');
    const links = [
      ...new Set(
        [...chrome.matchAll(/href="(\/[^"#]*)"/g)].map((m) => (m[1] as string).replaceAll('&amp;', '&')),
      ),
    ];
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      expect(link.startsWith('/cy'), link).toBe(true);
      const answer = await get(link);
      // Sign in is a plain page; the account page itself would redirect to it.
      expect(answer.status, link).toBe(200);
      expect(answer.body, link).toContain('<html lang="cy">');
    }
  });
});

describe('the interface in the page’s language', () => {
  it('speaks Welsh on Welsh pages: header, footer, search box', async () => {
    const { body } = await get('/cy/cyrsiau/llb-y-gyfraith');
    expect(body).toMatch(/<a class="site-name" href="\/cy"[^>]*>Prifysgol Aberwen<\/a>/);
    expect(body).toContain('<a class="skip-link" href="#content">Neidio i’r prif gynnwys</a>');
    expect(body).toContain('<nav aria-label="Prif ddewislen">');
    expect(body).toContain('Dewislen</button>');
    expect(body).toMatch(/>Mewngofnodi<\/a>/);
    expect(body).toContain('<label for="');
    expect(body).toContain('>Chwilio’r wefan</label>');
    // The box leads straight to the Welsh search page's address, not through a redirect.
    expect(body).toContain('<form class="search-form" action="/cy/chwilio/all" method="get">');
    expect(body).toContain('<h2 id="footer-contact">Cysylltu â ni</h2>');
    expect(body).toContain('<nav aria-label="Briwsion bara" class="breadcrumbs"><ol><li><a href="/cy"');
    expect(body).toContain('>Hafan</a>');
    // The course's start date, with the month's Welsh name.
    expect(body).toMatch(
      /<time dateTime="[^"]+">\d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}<\/time>/,
    );
    expect(body).toContain('Prifysgol ddychmygol yw hon, cynnwys enghreifftiol Canopy.');
    // The English words are only the keys of the Welsh ones in the inline state.
    expect(body.slice(0, body.indexOf('<script'))).not.toContain('Skip to content');
  });

  it('keeps English pages as they were, with no words in their state', async () => {
    const { body } = await get('/courses/llb-law');
    expect(body).toContain('<a class="skip-link" href="#content">Skip to content</a>');
    expect(body).toContain('<h2 id="footer-contact">Contact us</h2>');
    expect(body).toContain('<form class="search-form" action="/search/all" method="get">');
    expect((await stateOf('/courses/llb-law')).routing.words).toBeUndefined();
  });

  it('explains a Welsh 404 in Welsh', async () => {
    const { body } = await get('/cy/dim-tudalen-fel-hyn');
    expect(body).toContain('Efallai hefyd fod y dudalen wedi symud: ceisiwch chwilio amdani.');
    expect(body).toContain('>Mynd i’r hafan</a>');
    expect(body).toContain('<h1>Heb ddod o hyd i’r dudalen</h1>');
    expect(body).toContain('<title>Heb ddod o hyd i’r dudalen | Prifysgol Aberwen</title>');
  });

  it("names the site in the page's language in the title and og:site_name", async () => {
    const welsh = await get('/cy/cyrsiau/llb-y-gyfraith');
    expect(welsh.body).toMatch(/<title>[^<|]+ \| Prifysgol Aberwen<\/title>/);
    expect(welsh.body).toContain('<meta property="og:site_name" content="Prifysgol Aberwen"/>');
    expect((await get('/cy')).body).toContain('<title>Prifysgol Aberwen</title>');
    const english = await get('/courses/llb-law');
    expect(english.body).toContain('<title>LLB Law | Aberwen University</title>');
    expect(english.body).toContain('<meta property="og:site_name" content="Aberwen University"/>');
    expect((await get('/nothing-here')).body).toContain('<title>Page not found | Aberwen University</title>');
  });

  it('says on the home page when the page switched from has no translation', async () => {
    const welsh = await get('/cy?translation=missing');
    expect(welsh.body).toContain(
      '<p class="translation-notice">Nid yw’r dudalen yr oeddech yn ei darllen ar gael yn Gymraeg eto.</p>',
    );
    const english = await get('/?translation=missing');
    expect(english.body).toContain(
      '<p class="translation-notice">The page you were reading is not available in English yet.</p>',
    );
    expect((await get('/cy')).body).not.toContain('translation-notice');
  });
});

describe('the language switcher and alternates', () => {
  it('goes from an English course to the same course in Welsh, and back', async () => {
    const english = await get('/courses/llb-law');
    expect(switcherLinks(english.body)).toEqual([
      { href: '/cy/cyrsiau/llb-y-gyfraith', lang: 'cy', hreflang: 'cy', text: 'Cymraeg' },
    ]);
    const welsh = await get('/cy/cyrsiau/llb-y-gyfraith');
    expect(welsh.status).toBe(200);
    expect(welsh.body).toContain('<h1>LLB y Gyfraith</h1>');
    expect(switcherLinks(welsh.body)).toEqual([
      { href: '/courses/llb-law', lang: 'en-GB', hreflang: 'en-GB', text: 'English' },
    ]);

    const versions = {
      'en-GB': `${PUBLIC_ORIGIN}/courses/llb-law`,
      cy: `${PUBLIC_ORIGIN}/cy/cyrsiau/llb-y-gyfraith`,
      'x-default': `${PUBLIC_ORIGIN}/courses/llb-law`,
    };
    expect(alternatesOf(english.body)).toEqual(versions);
    expect(alternatesOf(welsh.body)).toEqual(versions);
    // Each version is canonical for itself.
    expect(canonicalOf(english.body)).toBe(versions['en-GB']);
    expect(canonicalOf(welsh.body)).toBe(versions.cy);
    expect(canonicalOf((await get('/cy')).body)).toBe(`${PUBLIC_ORIGIN}/cy`);
  });

  it("leads from a page without a translation to the other language's home page", async () => {
    // A story without a Welsh variation.
    const state = await stateOf(UNTRANSLATED);
    expect(state.routing.entry?.sys.availableLanguages).toEqual(['en-GB']);
    const answer = await get(UNTRANSLATED);
    expect(switcherLinks(answer.body)).toEqual([
      { href: '/cy?translation=missing', lang: 'cy', hreflang: 'cy', text: 'Cymraeg' },
    ]);
    // One version only: no alternates.
    expect(alternatesOf(answer.body)).toEqual({});
  });

  it('links a static route to its address in the other language', async () => {
    const search = await get('/cy/chwilio?term=seicoleg');
    expect(switcherLinks(search.body)[0]?.href).toBe('/search');
    expect(alternatesOf(search.body)).toEqual({
      'en-GB': `${PUBLIC_ORIGIN}/search`,
      cy: `${PUBLIC_ORIGIN}/cy/chwilio`,
      'x-default': `${PUBLIC_ORIGIN}/search`,
    });
    expect(switcherLinks((await get('/news')).body)[0]?.href).toBe('/cy/newyddion');
    expect(switcherLinks((await get('/cy/digwyddiadau')).body)[0]?.href).toBe('/events');
    // A static route with one address keeps it in both languages.
    expect(switcherLinks((await get('/cy/account/login')).body)[0]?.href).toBe('/account/login');
  });
});

describe('search per language', () => {
  it('finds Welsh pages in Welsh and English pages in English', async () => {
    const welsh = await get('/cy/chwilio/courses?term=seicoleg');
    expect(welsh.status).toBe(200);
    expect(welsh.body).toContain('<html lang="cy">');
    expect(welsh.body).toContain(
      '<a href="/cy/cyrsiau/bsc-seicoleg" data-discover="true">BSc <mark>Seicoleg</mark>',
    );
    // The search form and the filters without JavaScript stay in Welsh too.
    expect(welsh.body).toContain('action="/cy/chwilio/courses"');
    const state = await stateOf('/cy/chwilio/courses?term=seicoleg');
    const searches = state.routing.apiCalls.filter((call) => call.url.includes('/entries/search'));
    expect(searches.length).toBeGreaterThan(0);

    const english = await get('/search/courses?term=psychology');
    expect(english.body).toContain(
      '<a href="/courses/bsc-psychology" data-discover="true">BSc <mark>Psychology</mark>',
    );
    expect(english.body).not.toContain('href="/cy/cyrsiau');
    // The Welsh word finds nothing in English.
    const none = await stateOf('/search/courses?term=seicoleg');
    expect(JSON.stringify(none)).not.toContain('Seicoleg');
  });
});

describe('the sitemap in two languages', () => {
  it('lists the pages of both languages, each with its versions as alternates', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...answer.body.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1] as string);
    const byLoc = new Map(urls.map((url) => [/<loc>([^<]+)<\/loc>/.exec(url)?.[1], url]));
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en-GB" href="${PUBLIC_ORIGIN}/courses/llb-law"/>`,
      `<xhtml:link rel="alternate" hreflang="cy" href="${PUBLIC_ORIGIN}/cy/cyrsiau/llb-y-gyfraith"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_ORIGIN}/courses/llb-law"/>`,
    ].join('');
    expect(byLoc.get(`${PUBLIC_ORIGIN}/courses/llb-law`)).toContain(alternates);
    expect(byLoc.get(`${PUBLIC_ORIGIN}/cy/cyrsiau/llb-y-gyfraith`)).toContain(alternates);
    expect(byLoc.has(`${PUBLIC_ORIGIN}/cy`)).toBe(true);
    // An English-only page: listed once, without alternates; never under /cy.
    expect(byLoc.get(`${PUBLIC_ORIGIN}${UNTRANSLATED}`)).not.toContain('xhtml:link');
    expect([...byLoc.keys()].some((loc) => loc?.includes('/cy/courses/'))).toBe(false);
    expect([...byLoc.keys()].some((loc) => loc?.includes('/cy/cyrsiau/phd-history'))).toBe(false);
  });
});

describe('caching per language', () => {
  it('keeps the English and Welsh pages apart in the page cache', async () => {
    // The English home page twice (the second from the page cache), then the Welsh one.
    for (let visit = 0; visit < 2; visit++) expect((await get('/')).body).toContain('<html lang="en-GB">');
    const welsh = await get('/cy');
    expect(welsh.body).toContain('<html lang="cy">');
    expect(welsh.body).toContain('<h1>Prifysgol Aberwen</h1>');
    expect((await get('/')).body).not.toContain('Prifysgol Aberwen</h1>');
    expect((await get('/cy')).body).toContain('<h1>Prifysgol Aberwen</h1>');
  });
});
