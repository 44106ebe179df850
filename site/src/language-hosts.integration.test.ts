import { createSiteRenderer, type RunningSiteServer, type SiteState } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAnswer, httpGet } from '../../packages/web/src/test-support/http.js';
import { startTestPlatform, type TestPlatform } from '../../packages/web/src/test-support/platform.js';
import { SITE_CATALOGUES } from './messages/catalogues.js';
import { site } from './site.js';
import { startSourceSite } from './test/source-site.js';

// The demo with Welsh on a host of its own (`languageHosts: { cy: 'www.aberwen.cymru' }`), two
// configured hosts, over real HTTP from a real platform: the request's Host picks the
// configured host and with it the language, nothing more; links to the other language are
// absolute on its configured public address, never built from the request.

const ENGLISH_HOST = 'www.aberwen.example';
const WELSH_HOST = 'www.aberwen.cymru';

let platform: TestPlatform;
let server: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ today: '2026-09-01' });
  server = await startSourceSite(platform.url, {
    renderer: createSiteRenderer(
      { ...site, languageHosts: { cy: WELSH_HOST } },
      { messages: SITE_CATALOGUES },
    ),
    hosts: [`https://${ENGLISH_HOST}`, `https://${WELSH_HOST}`],
  });
});

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

const on = (host: string, path: string, headers: Record<string, string> = {}) =>
  httpGet(server.url, path, { host, ...headers });

function switcherHrefs(answer: HttpAnswer): string[] {
  const bar = /<nav class="language-bar"[^>]*>(.*?)<\/nav>/s.exec(answer.body)?.[1] ?? '';
  return [...bar.matchAll(/<a href="([^"]*)"/g)].map((m) => (m[1] as string).replaceAll('&amp;', '&'));
}

function alternatesOf(answer: HttpAnswer): Record<string, string> {
  return Object.fromEntries(
    [...answer.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );
}

describe('a language on a host of its own', () => {
  it('serves Welsh at the root of the Welsh host, and English at the root of the English one', async () => {
    const welsh = await on(WELSH_HOST, '/');
    expect(welsh.status).toBe(200);
    expect(welsh.body).toContain('<html lang="cy">');
    expect(welsh.body).toContain('<h1>Prifysgol Aberwen</h1>');
    // Its links are the Welsh tree's paths, without a prefix.
    expect(welsh.body).toMatch(/<a href="\/cyrsiau"[^>]*>Cyrsiau<\/a>/);
    const state = JSON.parse((await on(WELSH_HOST, '/?redux=true')).body) as SiteState;
    expect(state.routing).toMatchObject({ language: 'cy', currentPath: '/' });
    expect(state.routing.basePath ?? '').toBe('');
    expect(state.routing.languageOrigins).toEqual({
      'en-GB': `https://${ENGLISH_HOST}`,
      cy: `https://${WELSH_HOST}`,
    });

    const english = await on(ENGLISH_HOST, '/');
    expect(english.body).toContain('<html lang="en-GB">');
    expect(english.body).not.toContain('<h1>Prifysgol Aberwen</h1>');
  });

  it("links a course to its version in the other language on that language's configured address", async () => {
    const welsh = await on(WELSH_HOST, '/cyrsiau/llb-y-gyfraith');
    expect(welsh.status).toBe(200);
    expect(welsh.body).toContain('<h1>LLB y Gyfraith</h1>');
    expect(switcherHrefs(welsh)).toEqual([`https://${ENGLISH_HOST}/courses/llb-law`]);
    expect(welsh.body).toContain(
      `<link rel="canonical" href="https://${WELSH_HOST}/cyrsiau/llb-y-gyfraith"/>`,
    );
    expect(alternatesOf(welsh)).toEqual({
      'en-GB': `https://${ENGLISH_HOST}/courses/llb-law`,
      cy: `https://${WELSH_HOST}/cyrsiau/llb-y-gyfraith`,
      'x-default': `https://${ENGLISH_HOST}/courses/llb-law`,
    });
    const english = await on(ENGLISH_HOST, '/courses/llb-law');
    expect(switcherHrefs(english)).toEqual([`https://${WELSH_HOST}/cyrsiau/llb-y-gyfraith`]);
    // The Welsh static routes are at their Welsh addresses there too.
    const news = JSON.parse((await on(WELSH_HOST, '/newyddion?redux=true')).body) as SiteState;
    expect(news.routing.staticRoute?.path).toBe('/news');
  });

  it("lists each host's own pages in its sitemap, with their versions on the other host", async () => {
    const sitemapOf = async (host: string) => {
      const answer = await on(host, '/sitemap.xml');
      expect(answer.status).toBe(200);
      return [...answer.body.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1] as string);
    };
    const locs = (urls: string[]) => urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)?.[1] ?? '');
    const welsh = await sitemapOf(WELSH_HOST);
    expect(locs(welsh)).toContain(`https://${WELSH_HOST}/cyrsiau/llb-y-gyfraith`);
    expect(locs(welsh).every((loc) => loc.startsWith(`https://${WELSH_HOST}/`))).toBe(true);
    expect(
      welsh.find((url) => url.includes(`<loc>https://${WELSH_HOST}/cyrsiau/llb-y-gyfraith</loc>`)),
    ).toContain(
      `<xhtml:link rel="alternate" hreflang="en-GB" href="https://${ENGLISH_HOST}/courses/llb-law"/>`,
    );
    const english = await sitemapOf(ENGLISH_HOST);
    expect(locs(english)).toContain(`https://${ENGLISH_HOST}/courses/llb-law`);
    expect(locs(english).every((loc) => loc.startsWith(`https://${ENGLISH_HOST}/`))).toBe(true);
  });

  it('lets the Host pick only a configured host and its language', async () => {
    // Not a configured host: refused, whatever language it looks like.
    expect((await on('www.aberwen.cymru.evil.example', '/')).status).toBe(400);
    // A forwarded host from a proxy the site does not trust changes nothing.
    const forwarded = await on(ENGLISH_HOST, '/courses/llb-law', { 'x-forwarded-host': WELSH_HOST });
    expect(forwarded.body).toContain('<html lang="en-GB">');
    // The Welsh prefix is not Welsh on the English host: Welsh lives on its own host.
    expect((await on(ENGLISH_HOST, '/cy/cyrsiau/llb-y-gyfraith')).status).toBe(404);
  });
});
