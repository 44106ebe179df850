import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../../render/renderer.js';
import type { SiteState } from '../../state/store-types.js';
import { CookieJar, csrfTokenOf } from '../../test-support/cookie-jar.js';
import {
  FAULTY_ACCOUNT_EMAILS,
  FAULTY_REGISTRATION_MESSAGE,
  type FaultProxy,
  startFaultProxy,
} from '../../test-support/fault-proxy.js';
import { fixtureSite } from '../../test-support/fixture-site.js';
import { type HttpAnswer, httpGet } from '../../test-support/http.js';
import { inlineState } from '../../test-support/inline-state.js';
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
import { DEMO_HOSTS } from '../site-hosts.js';
import { type RunningSiteServer, startSiteServer } from '../site-server.js';

// The account flows' failure messages of the website spec (§5, §8), each caused by a platform
// that answers oddly (the fault proxy) or by a form sent without what the flow needs.

let platform: TestPlatform;
let proxy: FaultProxy;
let site: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  proxy = await startFaultProxy(platform.url, 'no-such-slug', 'unused');
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: proxy.url,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: false,
    sessionSecret: 'account-failures-session-secret-0123456789',
    port: 0,
    logger: false,
    environment: 'production',
  });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await proxy?.close();
  await platform?.dispose();
});

const get = (jar: CookieJar, path: string) => getWithCookies(site.url, jar, path);
const post = (jar: CookieJar, path: string, fields: Record<string, string>) =>
  postFormWithCookies(site.url, jar, path, fields);

async function postJson(jar: CookieJar, path: string, body: unknown, token: string): Promise<HttpAnswer> {
  return httpGet(site.url, path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, ...jar.header() },
  });
}

/** The user state the page after a form's redirect was rendered with. */
async function userAfter(jar: CookieJar, answer: HttpAnswer): Promise<SiteState['user']> {
  expect(answer.status).toBe(303);
  return inlineState((await get(jar, answer.headers.location ?? '')).body).user;
}

const newcomer = (email: string) => ({
  firstName: 'Rhys',
  lastName: 'Fault',
  email,
  password: 'Rhys-registers-2026',
});

describe('registration failures', () => {
  it.each([
    [FAULTY_ACCOUNT_EMAILS.createdUserUnreadable, ACCOUNT_MESSAGES.unparsableUser, 503],
    [FAULTY_ACCOUNT_EMAILS.registrationDown, 'Registration service: Service Unavailable', 502],
    [FAULTY_ACCOUNT_EMAILS.registrationRefused, FAULTY_REGISTRATION_MESSAGE, 422],
  ])(
    'for %s say %j, to a form on the registration page and to JSON callers',
    async (email, message, status) => {
      const jar = new CookieJar();
      const token = csrfTokenOf((await get(jar, '/account/register')).body);
      const user = await userAfter(
        jar,
        await post(jar, '/account/register', { _csrf: token, ...newcomer(email) }),
      );
      expect(user.registration).toEqual({ error: message, isLoading: false, success: false });
      // The visitor keeps what they typed, except the password.
      expect(user.form?.values).toMatchObject({ email, firstName: 'Rhys' });
      expect(JSON.stringify(user)).not.toContain('Rhys-registers-2026');

      const json = await postJson(jar, '/account/register', newcomer(email), token);
      expect(json.status).toBe(status);
      expect(JSON.parse(json.body).error.message).toBe(message);
    },
  );
});

describe('password reset failures', () => {
  it("says 'No response from server' when the platform does not answer a reset request", async () => {
    const jar = new CookieJar();
    const token = csrfTokenOf((await get(jar, '/account/forgot-password')).body);
    const user = await userAfter(
      jar,
      await post(jar, '/account/reset', { _csrf: token, userEmail: FAULTY_ACCOUNT_EMAILS.resetNoResponse }),
    );
    expect(user.passwordResetRequest).toEqual({
      isSending: false,
      sent: false,
      error: 'No response from server',
    });
    expect(user.form?.values).toEqual({ userEmail: FAULTY_ACCOUNT_EMAILS.resetNoResponse });
  });

  it("says 'Invalid object' for a reset without its token or password", async () => {
    const jar = new CookieJar();
    const token = csrfTokenOf((await get(jar, '/account/reset-password?token=abc')).body);
    const withoutToken = await userAfter(
      jar,
      await post(jar, '/account/reset/password', { _csrf: token, password: 'Some-password-2026' }),
    );
    expect(withoutToken.resetPassword.error).toBe('Invalid object');
    const withoutPassword = await post(jar, '/account/reset/password', { _csrf: token, token: 'abc' });
    expect(withoutPassword.headers.location).toBe('/account/reset-password?token=abc');
    expect((await userAfter(jar, withoutPassword)).resetPassword.error).toBe('Invalid object');
  });

  it("shows the first item of the platform's message list for a token it refuses", async () => {
    const jar = new CookieJar();
    const token = csrfTokenOf((await get(jar, '/account/reset-password?token=made-up')).body);
    const user = await userAfter(
      jar,
      await post(jar, '/account/reset/password', {
        _csrf: token,
        token: 'made-up',
        password: 'Some-password-2026',
      }),
    );
    expect(user.resetPassword).toEqual({
      isSending: false,
      sent: false,
      error: 'The password reset link is invalid or has expired',
    });
  });
});
