import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
import { DEMO_HOSTS } from '../server/site-hosts.js';
import { type RunningSiteServer, startSiteServer } from '../server/site-server.js';
import type { LayoutProps } from '../site/site-definition.js';
import type { SiteState } from '../state/store-types.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import { httpGet } from '../test-support/http.js';
import {
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { ConsentGate } from './ConsentGate.js';
import type { ConsentConfig } from './consent-config.js';
import { decodeConsent, encodeConsent, NO_CONSENT } from './consent-record.js';

const PUBLIC_HOST = 'www.aberwen.example';
const COOKIE = 'test_consent';
const GATED_SCRIPT = '/static/gated-analytics.js';

const consent: ConsentConfig = {
  cookieName: COOKIE,
  message: '<p>We use cookies.<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
  categories: [
    { id: 'necessary', name: 'Necessary', description: 'Needed.', required: true },
    {
      id: 'analytics',
      name: 'Analytical',
      description: 'Counting visits.',
      cookies: [
        { name: 'aw_visitor', provider: 'Us', purpose: 'Visits', expiration: '1 year' },
        { name: '_ga_*', provider: 'Google', purpose: 'Visits', expiration: '2 years' },
      ],
    },
    { id: 'marketing', name: 'Marketing', description: 'Films.' },
  ],
};

const FixtureLayout = fixtureSite.layout ?? (({ children }: LayoutProps) => <>{children}</>);

function Layout({ children }: LayoutProps) {
  return (
    <>
      <ConsentGate category="analytics" placeholder={null}>
        <script async src={GATED_SCRIPT} />
      </ConsentGate>
      <FixtureLayout>{children}</FixtureLayout>
    </>
  );
}

let platform: TestPlatform;
let site: RunningSiteServer;

const cookieHeader = (record: typeof NO_CONSENT) => `other=1; ${COOKIE}=${encodeConsent(record)}`;
const get = (path: string, cookie?: string) =>
  httpGet(site.url, path, { host: PUBLIC_HOST, headers: cookie ? { cookie } : {} });
const post = (body: string, headers: Record<string, string> = {}) =>
  httpGet(site.url, '/__consent__', {
    host: PUBLIC_HOST,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

beforeAll(async () => {
  platform = await startTestPlatform();
  site = await startSiteServer({
    renderer: createSiteRenderer({ ...fixtureSite, layout: Layout, consent }),
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    logger: false,
    environment: 'production',
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

describe('pages of a site that asks for consent', () => {
  it('carry the popup (with the sanitised message) and no gated script when no choice is saved', async () => {
    const answer = await get('/about');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('aria-label="Cookie consent"');
    expect(answer.body).toContain('<p>We use cookies.</p>');
    expect(answer.body).not.toContain('alert(');
    expect(answer.body).not.toContain(GATED_SCRIPT);
  });

  it('carry neither the popup nor a refused script once the visitor chose, and the allowed script once allowed', async () => {
    const declined = await get('/about', cookieHeader(NO_CONSENT));
    expect(declined.body).not.toContain('aria-label="Cookie consent"');
    expect(declined.body).not.toContain(GATED_SCRIPT);
    const allowed = await get('/about', cookieHeader({ ...NO_CONSENT, analytics: true }));
    expect(allowed.body).toContain(GATED_SCRIPT);
  });

  it('treat a damaged cookie as no choice', async () => {
    const answer = await get('/about', `${COOKIE}=%7Bnot-json`);
    expect(answer.body).toContain('aria-label="Cookie consent"');
    expect(answer.headers['surrogate-control']).toMatch(/^max-age=3600\b/);
  });

  it('vary by cookie, and only the page without a choice may be kept by a shared cache', async () => {
    const anonymous = await get('/about');
    expect(anonymous.headers.vary).toBe('Cookie');
    expect(anonymous.headers['surrogate-control']).toMatch(/^max-age=3600\b/);
    expect(anonymous.headers['surrogate-key']).toContain('project:');

    const compressed = await httpGet(site.url, '/about', {
      host: PUBLIC_HOST,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(String(compressed.headers.vary).toLowerCase().split(/,\s*/).sort()).toEqual([
      'accept-encoding',
      'cookie',
    ]);

    const chosen = await get('/about', cookieHeader({ ...NO_CONSENT, analytics: true }));
    expect(chosen.headers.vary).toBe('Cookie');
    expect(chosen.headers['cache-control']).toMatch(/^private\b/);
    expect(chosen.headers['cache-control']).not.toMatch(/public|s-maxage/);
    expect(chosen.headers['surrogate-control']).toBe('no-store');
    expect(chosen.headers['surrogate-key']).toBeUndefined();
  });

  it('hand the saved choice to the browser in ?redux=true, with the same cache rules', async () => {
    const record = { ...NO_CONSENT, marketing: true };
    const answer = await get('/about?redux=true', cookieHeader(record));
    const state = JSON.parse(answer.body) as SiteState;
    expect(state.consent.stored).toEqual(record);
    expect(state.consent.message).toBe('<p>We use cookies.</p>');
    expect(answer.headers['surrogate-control']).toBe('no-store');
    const anonymous = JSON.parse((await get('/about?redux=true')).body) as SiteState;
    expect(anonymous.consent.stored).toBeNull();
  });

  it('open the panel from the address (no JavaScript), with the choices saved', async () => {
    const answer = await get('/about?consent=preferences', cookieHeader({ ...NO_CONSENT, marketing: true }));
    expect(answer.body).toContain('Customise Consent Preferences');
    expect(answer.body).toMatch(/name="marketing" checked=""/);
    expect(answer.body).toContain('Always Active');
  });
});

describe('POST /__consent__ (the consent forms without JavaScript)', () => {
  it('saves Accept all with path /, 90 days, SameSite=Lax, and goes back to the page', async () => {
    const answer = await post('choice=accept&return=%2Fnews%3Fpage%3D2', { origin: `http://${PUBLIC_HOST}` });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/news?page=2');
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=`));
    expect(cookie).toContain('; Path=/; Max-Age=7776000; SameSite=Lax');
    const value = cookie.slice(COOKIE.length + 1).split(';')[0];
    expect(decodeConsent(value)).toEqual({
      analytics: true,
      advertising: true,
      functional: true,
      marketing: true,
    });
  });

  it('saves the panel choices and keeps other categories when allowing one', async () => {
    const saved = await post('choice=save&marketing=on&return=/about');
    expect(decodeConsent(String(saved.headers['set-cookie']).split(';')[0]?.split('=')[1])).toEqual({
      ...NO_CONSENT,
      marketing: true,
    });
    const allowed = await post('choice=allow&category=analytics&return=/', {
      cookie: cookieHeader({ ...NO_CONSENT, marketing: true }),
    });
    expect(decodeConsent(String(allowed.headers['set-cookie']).split(';')[0]?.split('=')[1])).toEqual({
      ...NO_CONSENT,
      marketing: true,
      analytics: true,
    });
  });

  it('deletes the cookies of a category switched off, on the domain and the paths of the page', async () => {
    const all = { analytics: true, advertising: true, functional: true, marketing: true };
    const answer = await post('choice=save&marketing=on&return=/news/item', {
      cookie: `aw_visitor=v1; _ga_Q7=2; other=1; ${COOKIE}=${encodeConsent(all)}`,
    });
    expect(answer.status).toBe(303);
    const cookies = answer.headers['set-cookie'] as unknown as string[];
    const expired = cookies.filter((cookie) => cookie.includes('Max-Age=0'));
    const where = (name: string) =>
      expired
        .filter((cookie) => cookie.startsWith(`${name}=;`))
        .map((cookie) => `${/Path=([^;]*)/.exec(cookie)?.[1]} ${/Domain=([^;]*)/.exec(cookie)?.[1] ?? '-'}`);
    expect(where('aw_visitor')).toContain('/ -');
    expect(where('aw_visitor')).toContain('/news www.aberwen.example');
    expect(where('aw_visitor')).toContain('/news/item aberwen.example');
    expect(where('_ga_Q7')).toContain('/ aberwen.example');
    expect(where('other')).toEqual([]);
    expect(where(COOKIE)).toEqual([]);
    // The choice itself is still saved, last.
    expect(decodeConsent(cookies.at(-1)?.split(';')[0]?.split('=')[1])).toEqual({
      ...NO_CONSENT,
      marketing: true,
    });
    // Nothing switched off: nothing deleted.
    const more = await post('choice=accept&return=/', { cookie: cookieHeader(NO_CONSENT) });
    expect(String(more.headers['set-cookie'])).not.toContain('Max-Age=0');
  });

  it('only sends visitors back to paths of this site', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '']) {
      const answer = await post(`choice=decline&return=${encodeURIComponent(target)}`);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe('/');
    }
    // A backslash would read as a second slash in a browser: it is encoded instead.
    const backslash = await post(`choice=decline&return=${encodeURIComponent('/\\evil.example')}`);
    expect(backslash.headers.location).toBe('/%5Cevil.example');
  });

  it('refuses posts from other sites and changes nothing', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const answer = await post('choice=accept&return=/', headers);
      expect(answer.status).toBe(403);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers bad input with a 4xx and a message, setting no cookie', async () => {
    const noChoice = await post('return=/');
    expect(noChoice.status).toBe(400);
    expect(noChoice.body).toContain('needs a choice');
    const badCategory = await post('choice=allow&category=everything');
    expect(badCategory.status).toBe(400);
    expect(badCategory.body).toContain('Unknown consent category');
    const json = await httpGet(site.url, '/__consent__', {
      host: PUBLIC_HOST,
      method: 'POST',
      body: '{"choice":"accept"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    const huge = await post(`choice=accept&return=/${'x'.repeat(10_000)}`);
    expect(huge.status).toBe(413);
    for (const answer of [noChoice, badCategory, json, huge])
      expect(answer.headers['set-cookie']).toBeUndefined();
  });
});
