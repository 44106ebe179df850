import { DEMO_ACCOUNTS } from '@canopy/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../render/renderer.js';
import { defineSite } from '../site/site-definition.js';
import type { SiteState } from '../state/store-types.js';
import { CookieJar, csrfTokenOf, formBody } from '../test-support/cookie-jar.js';
import { fixtureSite } from '../test-support/fixture-site.js';
import { type HttpAnswer, httpGet } from '../test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../test-support/platform.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { type RunningSiteServer, startSiteServer } from './site-server.js';

const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
const editor = DEMO_ACCOUNTS.find((account) => account.username === 'editor')!;

/**
 * The fixture site with no access rule of its own on content pages: only the platform stands
 * between a visitor and the members and staff pages, so these tests show that its 401 and 403
 * are enough.
 */
const platformGatedSite = defineSite({
  ...fixtureSite,
  contentTypeMappings: fixtureSite.contentTypeMappings.map(({ requireLogin: _rule, ...mapping }) => mapping),
});

const DELIVERY = `/api/delivery/projects/${PROJECT_ID}`;
/** Text only the restricted pages hold: none of it may reach a visitor not entitled to it. */
const MEMBERS_TEXT = ['Members area', 'alumni association'];
const STAFF_TEXT = ['Staff intranet', 'Notices and resources for university staff'];

let platform: TestPlatform;
let site: RunningSiteServer;
let membersEntryId: string;

function get(jar: CookieJar | null, path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return httpGet(site.url, path, { headers: { ...headers, ...(jar?.header() ?? {}) } }).then((answer) => {
    jar?.take(answer.headers);
    return answer;
  });
}

async function signIn(username: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const page = await get(jar, '/account/login');
  const { body, headers } = formBody({
    _csrf: csrfTokenOf(page.body),
    username,
    password,
    redirect_uri: '/',
  });
  const answer = await httpGet(site.url, '/account/login', {
    method: 'POST',
    body,
    headers: { ...headers, ...jar.header() },
  });
  jar.take(answer.headers);
  expect(answer.status).toBe(303);
  return jar;
}

const expectNoneOf = (body: string, texts: readonly string[]) => {
  for (const text of texts) expect(body).not.toContain(text);
};

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  site = await startSiteServer({
    renderer: createSiteRenderer(platformGatedSite),
    platformUrl: platform.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: false,
    sessionSecret: 'restricted-content-test-session-secret-0123',
    port: 0,
    logger: false,
    environment: 'production',
  });
  membersEntryId = (
    platform.db
      .prepare(
        "SELECT n.entry_id AS id FROM nodes n JOIN node_localisations l ON l.node_id = n.id WHERE l.path = '/members'",
      )
      .get() as { id: string }
  ).id;
}, 120_000);

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

describe('the delivery proxy', () => {
  it('refuses the members page to an anonymous visitor, without any of its content', async () => {
    for (const path of [
      `${DELIVERY}/nodes/members?entryFields=*`,
      `${DELIVERY}/entries/${membersEntryId}`,
      `${DELIVERY}/nodes/?entryId=${membersEntryId}`,
    ]) {
      const answer = await get(null, path);
      expect(answer.status, path).toBe(401);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expectNoneOf(answer.body, MEMBERS_TEXT);
    }
  });

  it('never lets a browser speak for a visitor with platform cookies of its own', async () => {
    // Real platform tokens of the member, sent by the browser as the platform's cookies.
    const token = await fetch(`${platform.url}/authenticate/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'contensis_classic',
        username: member.username,
        password: member.password,
      }),
    });
    const refresh = ((await token.json()) as { refresh_token: string }).refresh_token;
    const classic = token.headers.get('x-contensis-classic-token')!;
    const answer = await get(null, `${DELIVERY}/nodes/members?entryFields=*`, {
      cookie: `ContensisCMSUserName=${classic}; RefreshToken=${refresh}`,
    });
    expect(answer.status).toBe(401);
    expectNoneOf(answer.body, MEMBERS_TEXT);
  });

  it('serves a signed-in member what they may read, from their session, and refuses the rest', async () => {
    const jar = await signIn(member.username, member.password);
    const members = await get(jar, `${DELIVERY}/nodes/members?entryFields=*`);
    expect(members.status).toBe(200);
    expect(members.body).toContain('Members area');
    expect(members.headers['cache-control']).toBe('private, no-store');
    const staff = await get(jar, `${DELIVERY}/nodes/staff?entryFields=*`);
    expect(staff.status).toBe(403);
    expectNoneOf(staff.body, STAFF_TEXT);

    // Searches list what the visitor may read, and nothing more.
    const search = (cookies: CookieJar | null) =>
      httpGet(site.url, `${DELIVERY}/entries/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookies?.header() ?? {}) },
        body: JSON.stringify({
          where: [{ field: 'sys.contentTypeId', equalTo: 'contentPage' }],
          pageSize: 100,
        }),
      });
    const mine = await search(jar);
    expect(mine.body).toContain('Members area');
    expectNoneOf(mine.body, STAFF_TEXT);
    const anonymous = await search(null);
    expect(anonymous.status).toBe(200);
    expectNoneOf(anonymous.body, [...MEMBERS_TEXT, ...STAFF_TEXT]);
  });
});

describe('pages the platform restricts', () => {
  it('sends an anonymous visitor to sign in and back, with nothing a shared cache may keep', async () => {
    const answer = await get(null, '/members?tab=1');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/account/login?redirect_uri=%2Fmembers%3Ftab%3D1');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['surrogate-control']).toBeUndefined();
    expectNoneOf(answer.body, MEMBERS_TEXT);
    // The state says where to go (the browser's navigation reads it), and holds nothing of the page.
    const json = await get(null, '/members?redux=true');
    expect(json.status).toBe(401);
    expect(json.body).toContain('/account/login?redirect_uri=%2Fmembers');
    expectNoneOf(json.body, MEMBERS_TEXT);
  });

  it('shows a member their page as a private answer, and sends them to access denied for staff pages', async () => {
    const jar = await signIn(member.username, member.password);
    const page = await get(jar, '/members');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Members area');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['surrogate-control']).toBeUndefined();
    const state = JSON.parse((await get(jar, '/members?redux=true')).body) as SiteState;
    expect(state.routing.entry?.entryTitle).toBe('Members area');
    expect(JSON.stringify(state)).not.toMatch(/RefreshToken|ContensisCMSUserName/);

    const staff = await get(jar, '/staff');
    expect(staff.status).toBe(302);
    expect(staff.headers.location).toBe('/account/access-denied?original_uri=%2Fstaff');
    expectNoneOf(staff.body, STAFF_TEXT);
    const editorJar = await signIn(editor.username, editor.password);
    expect((await get(editorJar, '/staff')).body).toContain('Staff intranet');
  });

  it('never serves what a member read to the next anonymous visitor', async () => {
    const jar = await signIn(member.username, member.password);
    // The member reads the page and the tree twice (a second read would come from a cache).
    for (let i = 0; i < 2; i++) expect((await get(jar, '/members')).status).toBe(200);
    const anonymous = await get(null, '/members');
    expect(anonymous.status).toBe(302);
    expectNoneOf(anonymous.body, MEMBERS_TEXT);
    // The home page's navigation, read anonymously, lists no restricted page.
    const home = JSON.parse((await get(null, '/?redux=true')).body) as SiteState;
    expect(JSON.stringify(home.navigation)).not.toContain('/members');
    expect(JSON.stringify(home.navigation)).not.toContain('/staff');
  });
});
