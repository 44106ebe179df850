import { ManagementClient } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../../../../platform/src/test-support/tokens.js';
import { createSiteRenderer } from '../../render/renderer.js';
import type { SiteState } from '../../state/store-types.js';
import { CookieJar, csrfTokenOf } from '../../test-support/cookie-jar.js';
import { fixtureSite } from '../../test-support/fixture-site.js';
import { type HttpAnswer, httpGet } from '../../test-support/http.js';
import { getWithCookies, postFormWithCookies } from '../../test-support/jar-requests.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../test-support/platform.js';
import { ACCOUNT_MESSAGES } from '../../user/account-messages.js';
import type { SiteServerOptions } from '../options.js';
import { type RunningSiteServer, startSiteServer } from '../site-server.js';

// A session cookie copied from the owner's browser (a stolen cookie) is replayed after the
// owner changed their password or an administrator suspended them: two processes of one site
// against one platform, each holding the visitor's profile, must both treat it as signed out
// on its next request — not a minute later, when the kept profile would have expired.

const SECRET = 'revocation-test-session-secret-0123456789';

let platform: TestPlatform;
let site: RunningSiteServer;
let other: RunningSiteServer;
let admin: ManagementClient;

const siteOptions = (): SiteServerOptions => ({
  renderer: createSiteRenderer(fixtureSite),
  platformUrl: platform.url,
  projectId: PROJECT_ID,
  deliveryToken: DELIVERY_TOKEN,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  // The event stream on, as in a deployment with client credentials.
  contentChanges: { reconnectDelayMs: 100, maxReconnectDelayMs: 1000 },
  sessionSecret: SECRET,
  port: 0,
  logger: false,
  environment: 'test',
});

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  admin = ManagementClient.create({
    rootUrl: platform.url,
    projectId: PROJECT_ID,
    credentials: {
      bearerToken: issueTestToken(platform.db, 'admin'),
      bearerTokenExpiryDate: '2999-01-01T00:00:00Z',
    },
  });
  [site, other] = await Promise.all([startSiteServer(siteOptions()), startSiteServer(siteOptions())]);
  // Both processes listen to the platform's event stream before anything happens.
  const deadline = Date.now() + 10_000;
  while (platform.eventStreams() < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(platform.eventStreams()).toBe(2);
});

afterAll(async () => {
  await Promise.all([site?.close(), other?.close()]);
  await platform?.dispose();
});

let counter = 0;
/** A member (verified, in Members) made by an administrator for one test. */
async function newMember(): Promise<{ id: string; username: string; password: string }> {
  counter += 1;
  const username = `revoked${counter}`;
  const password = `Revoked-member-${counter}-pass`;
  const user = await admin.security.users.create({
    username,
    email: `${username}@example.org`,
    firstName: 'Revoked',
    lastName: `Number${counter}`,
    credentials: { password },
  });
  await admin.security.groups.addUser('Members', user.id);
  return { id: user.id, username, password };
}

async function signIn(jar: CookieJar, username: string, password: string): Promise<void> {
  const page = await getWithCookies(site.url, jar, '/account/login');
  const answer = await postFormWithCookies(site.url, jar, '/account/login', {
    _csrf: csrfTokenOf(page.body),
    username,
    password,
  });
  expect(answer.headers.location).toBe('/');
}

/** A request carrying exactly the copied cookie, as its thief sends it again and again. */
const replay = (server: RunningSiteServer, cookie: string, path: string) =>
  httpGet(server.url, path, { headers: { cookie: `canopy_session=${cookie}` } });

/** The site's JSON change-password endpoint, called with the copied cookie and its page's token. */
const changePasswordJson = (server: RunningSiteServer, cookie: string, csrf: string): Promise<HttpAnswer> =>
  httpGet(server.url, '/account/change-password', {
    method: 'POST',
    headers: {
      cookie: `canopy_session=${cookie}`,
      'content-type': 'application/json',
      'x-csrf-token': csrf,
    },
    body: JSON.stringify({ currentPassword: 'guessed-password-1', newPassword: 'Taken-over-2026' }),
  });

const signedIn = async (server: RunningSiteServer, cookie: string) =>
  (JSON.parse((await replay(server, cookie, '/?redux=true')).body) as SiteState).user.authenticationState
    .isAuthenticated;

/**
 * Signs a new member in and copies their cookie; both processes serve the copy once (so each
 * keeps the member's profile) and give the thief a form token.
 */
async function stolenSession() {
  const member = await newMember();
  const owner = new CookieJar();
  await signIn(owner, member.username, member.password);
  const stolen = owner.get('canopy_session') ?? '';
  const tokens = new Map<RunningSiteServer, string>();
  for (const server of [site, other]) {
    const page = await replay(server, stolen, '/members');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Members area');
    tokens.set(server, csrfTokenOf(page.body));
  }
  return { member, owner, stolen, tokens };
}

/** The copied cookie, on each process: signed out for pages, 401 for the account endpoint. */
async function expectSignedOut(stolen: string, tokens: Map<RunningSiteServer, string>): Promise<void> {
  for (const server of [other, site]) {
    const name = server === site ? 'site' : 'other';
    const json = await changePasswordJson(server, stolen, tokens.get(server) ?? '');
    expect(json.status, name).toBe(401);
    // Refused by the site as from a signed-out visitor, not by the platform's check of the tokens.
    expect(JSON.parse(json.body).error.message, name).toBe(ACCOUNT_MESSAGES.signInRequired);
    expect((await replay(server, stolen, '/members')).status, name).toBe(302);
    expect(await signedIn(server, stolen), name).toBe(false);
  }
}

describe('a copied session cookie', () => {
  it('is signed out on every process at its next request after the owner changes the password', async () => {
    const { member, owner, stolen, tokens } = await stolenSession();
    const account = await getWithCookies(site.url, owner, '/members');
    const changed = await postFormWithCookies(site.url, owner, '/account/change-password', {
      _csrf: csrfTokenOf(account.body),
      currentPassword: member.password,
      newPassword: 'The-owners-new-password-1',
    });
    expect(changed.status).toBe(303);
    expect(owner.get('canopy_session')).not.toBe(stolen);

    await expectSignedOut(stolen, tokens);
    // The owner goes on signed in, on both processes, with their form token still valid.
    for (const server of [site, other]) {
      const page = await getWithCookies(server.url, owner, '/members');
      expect(page.status).toBe(200);
      expect(csrfTokenOf(page.body)).toBeTruthy();
    }
    const later = await getWithCookies(site.url, owner, '/members');
    const out = await postFormWithCookies(site.url, owner, '/account/logout', {
      _csrf: csrfTokenOf(later.body),
    });
    expect(out.status).toBe(303);
  });

  it('is signed out on every process at its next request after an administrator suspends the owner', async () => {
    const { member, stolen, tokens } = await stolenSession();
    await admin.security.users.suspendUser(member.id);
    await expectSignedOut(stolen, tokens);
  });

  it('is signed out on every process at its next request after the owner signs out elsewhere', async () => {
    const { owner, stolen, tokens } = await stolenSession();
    const page = await getWithCookies(other.url, owner, '/members');
    await postFormWithCookies(other.url, owner, '/account/logout', { _csrf: csrfTokenOf(page.body) });
    await expectSignedOut(stolen, tokens);
  });
});
