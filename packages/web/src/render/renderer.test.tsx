import type { Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import type { RouteComponentProps, SiteDefinition } from '../site/site-definition.js';
import { useSiteSelector } from '../state/hooks.js';
import { selectMenuItems } from '../state/selectors.js';
import type { SiteState } from '../state/store-types.js';
import { fakePlatform } from '../test-support/fake-platform.js';
import type { Session } from '../user/session.js';
import { NO_ASSETS, type RenderRequest, type RenderResult } from './render-types.js';
import { createSiteRenderer } from './renderer.js';

function Page({ entry }: RouteComponentProps) {
  return <h1 className="page">{entry?.entryTitle}</h1>;
}

function Layout({ children }: { children: React.ReactNode }) {
  const items = useSiteSelector(selectMenuItems);
  return (
    <>
      <nav>{items.map((item) => item.title).join(',')}</nav>
      {children}
    </>
  );
}

const site: SiteDefinition = {
  name: 'Fake Site',
  layout: Layout,
  contentTypeMappings: [
    { contentTypeId: 'home', component: Page },
    {
      contentTypeId: 'page',
      component: Page,
      nodeOptions: { siblings: true },
      requireLogin: (entry: Entry) => (entry.requiredGroups as string[] | undefined) ?? false,
    },
  ],
};

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function request(url: string, overrides: Partial<RenderRequest> = {}) {
  const platform = fakePlatform();
  const full: RenderRequest = {
    url,
    hostname: 'www.example.com',
    format: 'html',
    nonce: 'TEST-NONCE',
    session: null,
    versionStatus: 'published',
    canPreview: false,
    build: { commitRef: 'abc', buildNo: '7' },
    delivery: {
      rootUrl: 'http://platform.invalid',
      projectId: 'fake',
      accessToken: 'delivery-secret',
      previewToken: 'preview-secret',
      fetchFn: platform.fetchFn,
    },
    versionInfo: () => {
      throw new Error('not needed');
    },
    assets: NO_ASSETS,
    inlineState: true,
    logger: silent,
    ...overrides,
  };
  return { platform, full };
}

async function render(url: string, overrides: Partial<RenderRequest> = {}) {
  const { platform, full } = request(url, overrides);
  const result = await createSiteRenderer(site).render(full);
  return { result, platform, html: result.kind === 'html' ? await text(result.body) : '' };
}

async function text(stream: NodeJS.ReadableStream | string): Promise<string> {
  if (typeof stream === 'string') return stream;
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

function state(result: RenderResult): SiteState {
  if (result.kind !== 'json') throw new Error(`Expected JSON, got ${result.kind}`);
  return JSON.parse(result.body) as SiteState;
}

const staff: Session = { user: { id: 'u', groups: [{ id: 'g', name: 'Staff' }] } };

describe('createSiteRenderer', () => {
  it('renders a content page in one pass with navigation, title and the inlined state', async () => {
    const { result, html } = await render('/about');
    expect(result).toMatchObject({ kind: 'html', status: 200 });
    expect(html).toContain('<h1 class="page">About us</h1>');
    expect(html).toContain('<nav>About,News,Odd</nav>');
    expect(html).toContain('<title>About us | Fake Site</title>');
    expect(html).toMatch(/<script nonce="TEST-NONCE"[^>]*>window\.__CANOPY_STATE__=/);
    expect(html).not.toContain('delivery-secret');
  });

  it('escapes hostile content in the inlined state', async () => {
    const { html } = await render('/news');
    const script = /<script nonce="TEST-NONCE"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(script).toContain('window.__CANOPY_STATE__=');
    expect(script).not.toContain('<');
    expect(html).toContain('News &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('collects the surrogate keys of every platform call of the page', async () => {
    const { result } = await render('/about');
    expect(result.kind === 'html' && result.surrogateKeys).toEqual(
      expect.arrayContaining(['project:fake', 'node:n-root', 'node:n-about', 'entry:e-about']),
    );
  });

  it('sends the delivery token, never the preview token, for published pages', async () => {
    const { platform } = await render('/about');
    expect(new Set(platform.calls.map((call) => call.token))).toEqual(new Set(['delivery-secret']));
  });

  it('uses the preview token for latest', async () => {
    const { platform } = await render('/about', { versionStatus: 'latest', canPreview: true });
    expect(platform.calls.every((call) => call.token === 'preview-secret')).toBe(true);
    expect(platform.calls.some((call) => call.path.includes('versionStatus=latest'))).toBe(true);
  });

  it('renders the not-found component with status 404', async () => {
    const { result, html } = await render('/nothing');
    expect(result.kind === 'html' && result.status).toBe(404);
    expect(html).toContain('<h1>404 Page Not Found</h1>');
    expect(html).toContain('<title>404 Page Not Found | Fake Site</title>');
  });

  it('treats an entry without a mapping as not found', async () => {
    const { result } = await render('/odd');
    expect(result.kind === 'html' && result.status).toBe(404);
  });

  it('turns a platform error into the error state without its message', async () => {
    const { result, html } = await render('/broken');
    expect(result.kind === 'html' && result.status).toBe(500);
    expect(html).toContain('<h1>500 Page Not Found</h1><h2>Internal Server Error</h2>');
    expect(html).not.toContain('database on fire');
  });

  it('answers 503 (unavailable) when the platform cannot be reached', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const { full } = request('/about');
    const result = await createSiteRenderer(site).render({
      ...full,
      delivery: { ...full.delivery, fetchFn: down },
    });
    // The site's own page: its layout (without the menu it could not load) and not-found
    // component, with no script to hydrate and nothing of the platform's error.
    expect(result).toMatchObject({ kind: 'unavailable', status: 503 });
    const html = result.kind === 'unavailable' && result.body ? await text(result.body) : '';
    expect(html).toContain('<nav></nav>');
    expect(html).toContain('<h1>503 Page Not Found</h1><h2>The content platform is not available</h2>');
    expect(html).toContain('<title>503 Page Not Found | Fake Site</title>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('fetch failed');
    expect(html).not.toContain('platform.invalid');
    const json = await createSiteRenderer(site).render({
      ...full,
      format: 'json',
      delivery: { ...full.delivery, fetchFn: down },
    });
    const loaded = state(json);
    expect(loaded.routing.statusCode).toBe(503);
    expect(loaded.navigation.error).toEqual({
      isError: true,
      message: 'The content platform is not available',
    });
  });

  it('logs failing siblings and gives an empty list', async () => {
    const errors: string[] = [];
    const { result } = await render('/about', {
      format: 'json',
      logger: { ...silent, error: (message) => errors.push(message) },
    });
    const loaded = state(result);
    expect(loaded.routing.statusCode).toBe(200);
    expect(loaded.routing.currentNodeSiblings).toEqual([]);
    expect(loaded.routing.currentNodeAncestors.map((node) => node.path)).toEqual(['/']);
    expect(errors).toEqual(['Loading the siblings of node n-about failed']);
  });

  it('redirects to sign in, or to access denied, as the entry requires', async () => {
    const anonymous = await render('/secret');
    expect(anonymous.result).toMatchObject({
      kind: 'redirect',
      status: 302,
      location: '/account/login?redirect_uri=%2Fsecret',
    });
    const other = await render('/secret?a=b', {
      session: { user: { id: 'u', groups: [{ name: 'Members' }] } },
    });
    expect(other.result).toMatchObject({
      kind: 'redirect',
      location: '/account/access-denied?original_uri=%2Fsecret%3Fa%3Db',
    });
    const allowed = await render('/secret', { session: staff });
    expect(allowed.html).toContain('Secret page');
  });

  it('answers the state as JSON with the spec defaults filled in', async () => {
    const { result } = await render('/about', { format: 'json' });
    const loaded = state(result);
    expect(loaded.routing).toMatchObject({
      currentPath: '/about',
      canonicalPath: '/about',
      entryID: 'e-about',
      isLoading: false,
      notFound: false,
      isError: false,
      statusCode: 200,
      staticRoute: null,
      allowedGroups: null,
      currentHostname: 'www.example.com',
      currentProject: 'fake',
      currentNodeSiblingsParent: 'n-root',
      nextPath: null,
    });
    expect(loaded.version).toMatchObject({ commitRef: 'abc', buildNo: '7', versionStatus: 'published' });
    expect(loaded.navigation.isReady).toBe(true);
  });

  it('leaves the state out of the page when inline state is off', async () => {
    const { html } = await render('/about', { inlineState: false });
    expect(html).not.toContain('__CANOPY_STATE__');
  });

  it('previews entries by id only for visitors who may preview', async () => {
    const denied = await render('/preview/e-about');
    expect(denied.result).toMatchObject({
      kind: 'redirect',
      location: '/account/login?redirect_uri=%2Fpreview%2Fe-about',
    });
    const { result } = await render('/preview/e-about', {
      canPreview: true,
      versionStatus: 'latest',
      format: 'json',
    });
    const loaded = state(result);
    expect(loaded.routing.isPreview).toBe(true);
    expect(loaded.routing.entry?.sys.versionStatus).toBe('latest');
    // The preview's own call is recorded with the route's others.
    expect(loaded.routing.apiCalls).toEqual([
      expect.objectContaining({
        status: 200,
        url: expect.stringMatching(/\/entries\/e-about\?.*versionStatus=latest/),
      }),
    ]);
    expect(loaded.routing.currentNode).toBeNull();
  });

  it('renders the same tree from a loaded state, without platform calls', async () => {
    const { result } = await render('/about', { format: 'json' });
    const loaded = state(result);
    const streamed = await render('/about');
    const renderer = createSiteRenderer(site);
    const html = await renderer.renderStateToString?.({ url: '/about', state: loaded, nonce: 'TEST-NONCE' });
    const root = (page: string) => /<div id="root">(.*)<\/div><script/s.exec(page)?.[1];
    const rootOfString = (page: string) => /<div id="root">(.*)<\/div><\/body>/s.exec(page)?.[1];
    expect(html).toContain('<h1 class="page">About us</h1>');
    expect(root(streamed.html)).toContain('<h1 class="page">About us</h1>');
    expect(rootOfString(html ?? '')).toBe(root(streamed.html));
    expect(html).not.toContain('__CANOPY_STATE__');
  });
});

describe('the renderer’s settings', () => {
  it('name the prefix of each prefixed language and the host of each hosted one (the server’s fallback pages use them)', () => {
    const hosted = { ...site, language: 'en-GB', languages: ['en-GB', 'cy', 'ga'] };
    expect(
      createSiteRenderer({ ...hosted, languageHosts: { cy: 'WWW.Aberwen.Cymru' } }).settings,
    ).toMatchObject({
      languagePaths: { ga: '/ga' },
      languageHosts: { cy: 'www.aberwen.cymru' },
    });
    expect(createSiteRenderer(hosted).settings.languageHosts).toBeUndefined();
    expect(createSiteRenderer(site).settings.languageHosts).toBeUndefined();
  });
});
