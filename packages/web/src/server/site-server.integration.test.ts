import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
import type { SiteState } from '../state/store-types.js';
import { fixtureSite, SECRET_ERROR_TEXT } from '../test-support/fixture-site.js';
import { httpGet } from '../test-support/http.js';
import {
  DELIVERY_TOKEN,
  PREVIEW_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import type { Session } from '../user/session.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

const PUBLIC_HOST = 'www.aberwen.example';
const PREVIEW_HOST = 'preview-aberwen.example';
let platform: TestPlatform;
let site: RunningSiteServer;

/** Sessions for tests: the header names the user's groups. */
function testSession({
  headers,
}: {
  headers: Readonly<Record<string, string | string[] | undefined>>;
}): Session | null {
  const groups = headers['x-test-groups'];
  if (typeof groups !== 'string') return null;
  return { user: { id: 'u1', username: 'ann', groups: groups.split(',').map((name) => ({ name })) } };
}

const get = (path: string, options: Parameters<typeof httpGet>[2] = {}) =>
  httpGet(site.url, path, { host: PUBLIC_HOST, ...options });

beforeAll(async () => {
  platform = await startTestPlatform();
  // These tests sign visitors in with a test session reader, which holds no platform
  // credentials: the site's own access rules are tested here over a platform that restricts
  // nothing (the platform's rules: restricted-content.integration.test.ts).
  platform.db.exec('DELETE FROM entry_access');
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    assets: {
      entryModule: '/static/assets/entry-client-test.js',
      preloadModules: [],
      stylesheets: ['/static/assets/site.css'],
      headModules: [],
      inlineModules: [],
    },
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    previewToken: PREVIEW_TOKEN,
    port: 0,
    logger: false,
    getSession: testSession,
    environment: 'production',
    build: { commitRef: 'c0ffee4711', buildNo: '977' },
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

function inlineScriptNonce(html: string): string | null {
  return /<script nonce="([^"]+)"[^>]*>window\.__CANOPY_STATE__=/.exec(html)?.[1] ?? null;
}

describe('pages', () => {
  it('renders the home page with its content in the HTML, before any script', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = answer.body;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const heading = html.indexOf('<h1>Welcome to Aberwen University</h1>');
    expect(heading).toBeGreaterThan(0);
    expect(heading).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('<title>Aberwen University | Fixture University</title>');
    expect(html).toMatch(/<nav aria-label="Main">.*<a href="\/courses">Courses<\/a>/s);
    expect(html).toContain('<link rel="stylesheet" href="/static/assets/site.css"/>');
    // The page's code loads once the page has painted, from the loader script after the content.
    expect(html).toMatch(
      /<script type="module" nonce="[^"]+">const m=\[[^\]]*\];.*import\("\/static\/assets\/entry-client-test\.js"\)/,
    );
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it('renders breadcrumbs and a content page with its title', async () => {
    const answer = await get('/about/history');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(
      /<ol aria-label="Breadcrumb"><li>Aberwen University<\/li><li>About[^<]*<\/li><li>[^<]+<\/li><\/ol>/,
    );
    expect(answer.body).toMatch(/<title>[^<]+ \| Fixture University<\/title>/);
  });

  it('sets a CSP whose nonce is the one on the inline state script, and the other security headers', async () => {
    const answer = await get('/about');
    const csp = String(answer.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(inlineScriptNonce(answer.body)).toBe(nonce);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    const again = await get('/about');
    expect(/'nonce-([^']+)'/.exec(String(again.headers['content-security-policy']))?.[1]).not.toBe(nonce);
  });

  it('sets the cache headers and the surrogate keys the platform returned', async () => {
    const answer = await get('/about');
    // The site keeps serving its last good copy for a day if the platform fails, and says so.
    expect(answer.headers['cache-control']).toBe('private, stale-if-error=86400');
    expect(answer.headers['surrogate-control']).toBe('max-age=3600, stale-if-error=86400');
    const keys = String(answer.headers['surrogate-key']).split(' ');
    expect(keys).toContain('project:website');
    expect(keys.some((key) => key.startsWith('node:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('entry:'))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serves a page again from the delivery cache with the same surrogate keys and API calls', async () => {
    site.clearCache();
    const first = await get('/about/governance');
    const firstState = JSON.parse((await get('/about/governance?redux=true')).body) as SiteState;
    const second = await get('/about/governance');
    const secondState = JSON.parse((await get('/about/governance?redux=true')).body) as SiteState;
    expect(second.status).toBe(200);
    expect(second.headers['surrogate-key']).toBe(first.headers['surrogate-key']);
    expect(String(second.headers['surrogate-key'])).toContain('entry:');
    expect(secondState.routing.apiCalls).toEqual(firstState.routing.apiCalls);
    expect(secondState.routing.surrogateKeys).toEqual(firstState.routing.surrogateKeys);
    expect(secondState.routing.entry).toEqual(firstState.routing.entry);
  });

  it('redirects a trailing slash with 302, keeping the query string, before loading anything', async () => {
    const answer = await get('/about/?tab=2&x=%2F');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/about?tab=2&x=%2F');
    expect(answer.headers['surrogate-key']).toBeUndefined();
    expect((await get('/courses//')).headers.location).toBe('/courses');
  });

  it('never redirects off-site, whatever the request line holds', async () => {
    for (const path of [
      '/\\evil.example/',
      '//evil.example/',
      '/\\/evil.example/?x=1',
      '/%5Cevil.example/',
    ]) {
      const answer = await get(path, { raw: true });
      expect(answer.status, path).toBe(302);
      const location = String(answer.headers.location);
      expect(new URL(location, `https://${PUBLIC_HOST}/a/b`).host, `${path} -> ${location}`).toBe(
        PUBLIC_HOST,
      );
      expect(location.startsWith('/') && !/^\/[/\\]/.test(location), location).toBe(true);
    }
  });

  it('answers 404 with the not-found page and a short shared-cache life', async () => {
    const answer = await get('/no/such/page');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('<h1>404 Page Not Found</h1>');
    expect(answer.headers['surrogate-control']).toBe('max-age=10');
    expect(inlineScriptNonce(answer.body)).not.toBeNull();
  });

  it('answers 500 without any error detail or stack trace when loading fails', async () => {
    const answer = await get('/boom');
    expect(answer.status).toBe(500);
    expect(answer.body).toContain('<h1>500 Page Not Found</h1>');
    expect(answer.body).not.toContain(SECRET_ERROR_TEXT);
    expect(answer.body).not.toMatch(/\bat .+\.(ts|js|tsx):\d+/);
    expect(answer.body).not.toContain('node_modules');
  });

  it('answers HEAD like GET without a body', async () => {
    const answer = await get('/about', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('');
  });
});

describe('?redux=true', () => {
  it('answers the initial state as JSON without tokens', async () => {
    const answer = await get('/about?redux=true');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const state = JSON.parse(answer.body) as SiteState;
    expect(state.routing.entry?.entryTitle).toBe('About Aberwen University');
    expect(state.routing.currentPath).toBe('/about');
    expect(state.routing.location.search).toBe('');
    expect(state.routing.statusCode).toBe(200);
    expect(state.routing.currentProject).toBe('website');
    expect(state.routing.currentHostname).toBe(PUBLIC_HOST);
    expect(state.routing.apiCalls.length).toBeGreaterThan(0);
    expect(state.routing.apiCalls[0]?.url).toMatch(/^\/api\/delivery\/projects\/website\//);
    expect(state.routing.surrogateKeys.length).toBeGreaterThan(0);
    expect(state.navigation.isReady).toBe(true);
    const menu = state.navigation.root?.children ?? [];
    expect(menu.map((node) => node.path)).toContain('/courses');
    expect(menu.flatMap((node) => [node, ...(node.children ?? [])]).every((node) => node.includeInMenu)).toBe(
      true,
    );
    expect(state.version.versionStatus).toBe('published');
    expect(state.user.authenticationState.isAuthenticated).toBe(false);
    expect(answer.body).not.toContain(DELIVERY_TOKEN);
    expect(answer.body).not.toContain(PREVIEW_TOKEN);
    expect(answer.body.toLowerCase()).not.toContain('accesstoken');
  });

  it('carries the status of the page', async () => {
    const answer = await get('/missing?redux=true');
    expect(answer.status).toBe(404);
    expect((JSON.parse(answer.body) as SiteState).routing.notFound).toBe(true);
  });
});

describe('routing', () => {
  it('loads a static route node by level', async () => {
    const course = await get('/courses?redux=true');
    const state = JSON.parse(course.body) as SiteState;
    expect(state.routing.entry).not.toBeNull();
    const listing = await get('/courses/bsc-marine-biology/apply');
    expect(listing.status).toBe(200);
    expect(listing.body).toContain('Apply for ');
    expect(listing.body).toContain('slug <!-- -->bsc-marine-biology');
  });

  it('loads a mapping with custom fields and siblings', async () => {
    const answer = await get('/courses/bsc-marine-biology?redux=true');
    const state = JSON.parse(answer.body) as SiteState;
    expect(state.routing.entry?.sys.contentTypeId).toBe('course');
    expect(Object.keys(state.routing.entry ?? {}).sort()).toEqual(
      ['entryDescription', 'entryTitle', 'summary', 'sys', 'title']
        .filter((key) => key in (state.routing.entry ?? {}))
        .sort(),
    );
    expect(state.routing.currentNodeSiblings.length).toBeGreaterThan(0);
    expect(state.routing.currentNodeAncestors.map((node) => node.path)).toEqual(['/', '/courses']);
  });

  it('sends anonymous visitors of a login route to sign in, with the requested path', async () => {
    const answer = await get('/private-static?x=1');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/account/login?redirect_uri=%2Fprivate-static%3Fx%3D1');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const allowed = await get('/private-static', { headers: { 'x-test-groups': 'Members' } });
    expect(allowed.status).toBe(200);
  });

  it('applies a mapping requirement taken from the entry: sign in, then access denied', async () => {
    expect((await get('/members')).headers.location).toBe('/account/login?redirect_uri=%2Fmembers');
    const staff = await get('/members', { headers: { 'x-test-groups': 'Staff' } });
    expect(staff.status).toBe(302);
    expect(staff.headers.location).toBe('/account/access-denied?original_uri=%2Fmembers');
    const member = await get('/members', { headers: { 'x-test-groups': 'Members' } });
    expect(member.status).toBe(200);
    expect(member.body).toContain('Members area');
    expect(member.headers['cache-control']).toBe('private, no-store');
  });

  it('does not leak a restricted entry through ?redux=true', async () => {
    const answer = await get('/members?redux=true');
    expect(answer.status).toBe(401);
    const state = JSON.parse(answer.body) as SiteState;
    expect(state.routing.entry).toBeNull();
    expect(state.routing.redirect?.location).toBe('/account/login?redirect_uri=%2Fmembers');
    expect(state.routing.allowedGroups).toEqual(['Members']);
    expect(answer.body).not.toContain('Welcome back');
  });

  it('previews an entry on the preview host, to editors only in production', async () => {
    const about = JSON.parse((await get('/about?redux=true')).body) as SiteState;
    const id = about.routing.entry?.sys.id;
    const signIn = `/account/login?redirect_uri=${encodeURIComponent(`/preview/${id}`)}`;
    // Production: neither this machine's names nor the preview host give drafts to anyone.
    for (const host of [PUBLIC_HOST, `127.0.0.1:${site.port}`, `localhost:${site.port}`, PREVIEW_HOST]) {
      const refused = await get(`/preview/${id}`, { host });
      expect(refused.status, host).toBe(302);
      expect(refused.headers.location, host).toBe(signIn);
    }
    const editor = { 'x-test-groups': 'Editors' };
    const preview = await get(`/preview/${id}?redux=true`, { host: PREVIEW_HOST, headers: editor });
    expect(preview.status).toBe(200);
    const state = JSON.parse(preview.body) as SiteState;
    expect(state.routing.isPreview).toBe(true);
    expect(state.routing.entry?.sys.versionStatus).toBe('latest');
    expect(state.version.versionStatus).toBe('latest');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    // An editor on the live host reads what is published.
    const live = await get('/about?redux=true&versionStatus=latest', { headers: editor });
    expect((JSON.parse(live.body) as SiteState).version.versionStatus).toBe('published');
  });
});

describe('version information', () => {
  it('serves /version with every item of the list', async () => {
    const answer = await get('/version');
    expect(answer.status).toBe(200);
    for (const label of [
      'Package',
      'Repository',
      'Pipeline',
      'Commit',
      'Project',
      'Content version status',
      'Environment alias',
      'Public URI',
      'Package versions',
      'Servers',
      'Reverse proxy paths',
      'Projects',
      'Delivery API',
      'Delivery API requests proxied',
      'Server-side inline state disabled',
      'Runtime environment',
    ]) {
      expect(answer.body).toContain(`<th scope="row">${label}</th>`);
    }
    expect(answer.body).toMatch(/iis preview/);
    expect(answer.body).toContain('color:#1a7f37');
    expect(answer.body).not.toContain(DELIVERY_TOKEN);
  });

  it('serves /__version__ as JSON without tokens', async () => {
    const answer = await get('/__version__');
    expect(answer.status).toBe(200);
    const info = JSON.parse(answer.body);
    expect(info).toMatchObject({
      project: 'website',
      contentVersionStatus: 'published',
      proxyDeliveryApi: true,
      disableInlineState: false,
      environment: 'production',
      deliveryApi: { accessToken: 'configured', previewToken: 'configured', cacheEntries: 100 },
    });
    expect(answer.body).not.toContain(DELIVERY_TOKEN);
    expect(answer.body).not.toContain(PREVIEW_TOKEN);
  });

  it('shows no internal address, exact version or build on a live host', async () => {
    const json = await get('/__version__');
    const info = JSON.parse(json.body);
    expect(info).toMatchObject({
      detail: 'public',
      packageVersion: null,
      commitRef: null,
      packageVersions: {},
      servers: { api: null, cms: null },
      deliveryApi: { rootUrl: null },
    });
    const page = await get('/version');
    const state = JSON.parse((await get('/version?redux=true')).body) as SiteState;
    const about = await get('/about');
    for (const body of [json.body, page.body, JSON.stringify(state), about.body]) {
      expect(body).not.toContain('c0ffee4711');
      expect(body).not.toContain(platform.url);
      expect(body).not.toContain('127.0.0.1');
      expect(body).not.toContain('"0.1.0"');
    }
    expect(page.body).toContain('shown on internal hosts only');
  });

  it('shows everything to signed-in editors only in production, whatever the host', async () => {
    const editor = { 'x-test-groups': 'Editors' };
    for (const options of [{ headers: editor }, { host: PREVIEW_HOST, headers: editor }]) {
      const info = JSON.parse((await get('/__version__', options)).body);
      expect(info.detail, JSON.stringify(options)).toBe('full');
      expect(info.packageVersions['@canopy/web']).toBe('0.1.0');
      expect(info.deliveryApi.rootUrl).toBe(platform.url);
      expect(info.servers.api).toBe(platform.url);
      expect(info.commitRef).toBe('c0ffee4711');
    }
    const state = JSON.parse((await get('/about?redux=true', { headers: editor })).body) as SiteState;
    expect(state.version).toMatchObject({ commitRef: 'c0ffee4711', buildNo: '977' });
    const page = await get('/version', { headers: editor });
    expect(page.body).toContain(platform.url);
    expect(page.body).toContain('c0ffee4711');
    expect(page.body).not.toContain('shown on internal hosts only');
    // Naming the preview host or this machine is not enough, nor is membership of another group.
    for (const options of [
      { host: PREVIEW_HOST },
      { host: `localhost:${site.port}` },
      { headers: { 'x-test-groups': 'Students' } },
    ]) {
      const info = JSON.parse((await get('/__version__', options)).body);
      expect(info.detail, JSON.stringify(options)).toBe('public');
      expect(JSON.stringify(info)).not.toContain(platform.url);
    }
    // A host the site is not configured for gets nothing at all.
    for (const host of ['cms-aberwen.example', 'preview-x.evil.example']) {
      expect((await get('/__version__', { host })).status, host).toBe(400);
    }
  });
});

describe('reverse proxy', () => {
  it('serves library images from the platform', async () => {
    const state = JSON.parse((await get('/about?redux=true')).body) as SiteState;
    const hero = state.routing.entry?.heroImage as { asset: { sys: { uri: string } } };
    const uri = hero.asset.sys.uri;
    expect(uri).toMatch(/^\/image-library\//);
    const viaSite = await get(uri);
    const direct = await httpGet(platform.url, uri);
    expect(viaSite.status).toBe(200);
    expect(viaSite.headers['content-type']).toBe(direct.headers['content-type']);
    expect(viaSite.bytes.equals(direct.bytes)).toBe(true);
    expect(String(viaSite.headers['content-security-policy'])).toContain('sandbox');
    expect((await get('/image-library/no-such-file.svg')).status).toBe(404);
    // Variants travel through the proxy with their query, bad values with the platform's 400.
    const variant = await get(`${uri}?w=200&f=png`);
    expect(variant.status).toBe(200);
    expect(variant.headers['content-type']).toBe('image/png');
    expect(variant.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await get(`${uri}?w=0`)).status).toBe(400);
  });

  it('proxies the delivery API for the site project, adding the token itself', async () => {
    const root = await get('/api/delivery/projects/website/nodes/root');
    expect(root.status).toBe(200);
    expect(JSON.parse(root.body).path).toBe('/');
    const other = await get('/api/delivery/projects/another/nodes/root');
    expect(other.status).toBe(404);
    const latest = await get('/api/delivery/projects/website/nodes/root?versionStatus=latest');
    expect(latest.status).toBe(403);
    // Production: drafts through the proxy only for an editor on the preview host.
    for (const host of [`localhost:${site.port}`, PREVIEW_HOST]) {
      const refused = await get('/api/delivery/projects/website/nodes/root?versionStatus=latest', { host });
      expect(refused.status, host).toBe(403);
    }
    const editor = await get('/api/delivery/projects/website/nodes/root?versionStatus=latest', {
      host: PREVIEW_HOST,
      headers: { 'x-test-groups': 'Editors' },
    });
    expect(editor.status).toBe(200);
  });

  it('passes POST searches through', async () => {
    const answer = await get('/api/delivery/projects/website/entries/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        pageIndex: 0,
        pageSize: 2,
        where: [
          { field: 'sys.contentTypeId', equalTo: 'course' },
          { field: 'sys.versionStatus', equalTo: 'published' },
        ],
      }),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).items).toHaveLength(2);
  });
});

describe('favicon.ico', () => {
  it('is a cacheable 404 that says so (the site links its own icon)', async () => {
    const answer = await get('/favicon.ico');
    expect(answer.status).toBe(404);
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    expect(answer.body).toBe('Not Found');
  });
});

describe('health', () => {
  it('answers the load balancer always and the heartbeat with the platform state, recovering by itself', async () => {
    expect((await get('/__lbheartbeat__')).status).toBe(200);
    expect((await get('/__heartbeat__')).status).toBe(200);

    await platform.stop();
    try {
      site.clearCache();
      const heartbeat = await get('/__heartbeat__');
      expect(heartbeat.status).toBe(503);
      expect((await get('/__lbheartbeat__')).status).toBe(200);
      const page = await get('/events');
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toBe('30');
      expect(page.body).toContain('<h1>503 Page Not Found</h1>');
      expect(page.body).not.toMatch(/ECONNREFUSED|fetch failed|127\.0\.0\.1/);
      expect((await get('/image-library/x.svg')).status).toBe(502);
    } finally {
      await platform.restart();
    }
    expect((await get('/__heartbeat__')).status).toBe(200);
    expect((await get('/events')).status).toBe(200);
  });
});
