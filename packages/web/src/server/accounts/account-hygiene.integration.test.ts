import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../../render/renderer.js';
import { CookieJar, csrfTokenOf } from '../../test-support/cookie-jar.js';
import { fixtureSite } from '../../test-support/fixture-site.js';
import { type HttpAnswer, httpGet } from '../../test-support/http.js';
import { getWithCookies } from '../../test-support/jar-requests.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  DELIVERY_TOKEN,
  PROJECT_ID,
  startTestPlatform,
  type TestPlatform,
} from '../../test-support/platform.js';
import { ACCOUNT_PATHS } from '../../user/account-paths.js';
import { type RunningSiteServer, startSiteServer } from '../site-server.js';

// Text no client should send (a lone UTF-16 surrogate, a NUL, bytes that are not UTF-8) in
// any account field is the sender's mistake: a 400 that says so, never the 503 of an outage
// (a lone surrogate used to reach the platform call, where encodeURIComponent threw).

let platform: TestPlatform;
let site: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  site = await startSiteServer({
    renderer: createSiteRenderer(fixtureSite),
    platformUrl: platform.url,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: false,
    sessionSecret: 'account-hygiene-session-secret-0123456789',
    port: 0,
    logger: false,
  });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await platform?.dispose();
});

/** A visitor with a session and its CSRF token, as the sign-in page gives them. */
async function visitor(): Promise<{ jar: CookieJar; token: string }> {
  const jar = new CookieJar();
  const token = csrfTokenOf((await getWithCookies(site.url, jar, ACCOUNT_PATHS.login)).body);
  return { jar, token };
}

function postJson(jar: CookieJar, token: string, path: string, body: string): Promise<HttpAnswer> {
  return httpGet(site.url, path, {
    method: 'POST',
    // JSON.stringify writes a lone surrogate as a `\ud800` escape: the body itself is ASCII.
    body,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-csrf-token': token,
      ...jar.header(),
    },
  });
}

/** Every account endpoint and the fields it reads (nested ones dotted). */
const FIELDS: Record<string, string[]> = {
  [ACCOUNT_PATHS.login]: ['username', 'password', 'ReturnURL', 'redirect_uri', 'redirect'],
  [ACCOUNT_PATHS.logout]: ['redirect_uri'],
  [ACCOUNT_PATHS.register]: [
    'firstName',
    'lastName',
    'email',
    'username',
    'password',
    'credentials.password',
    'redirect_uri',
  ],
  [ACCOUNT_PATHS.resetRequest]: ['userEmail'],
  [ACCOUNT_PATHS.resetPassword]: ['token', 'password'],
  [ACCOUNT_PATHS.changePassword]: ['userId', 'currentPassword', 'newPassword'],
};

/** A valid body for the endpoint with `bad` put into one field. */
function bodyWith(path: string, field: string, bad: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of FIELDS[path] ?? []) {
    const [outer, inner] = name.split('.');
    if (inner) body[outer!] = { [inner]: name === field ? bad : 'Valid-text-2026' };
    else
      body[name] = name === field ? bad : name.toLowerCase().includes('email') ? 'a@example.com' : 'x-2026';
  }
  return body;
}

const cases = Object.entries(FIELDS).flatMap(([path, fields]) =>
  fields.flatMap((field) => [
    [path, field, 'lone high surrogate', 'ab\uD800cd'],
    [path, field, 'lone low surrogate', '\uDC00'],
    [path, field, 'NUL character', 'a\u0000b'],
  ]),
);

describe('account JSON bodies with text that is not UTF-8', () => {
  it.each(cases)('%s, %s holding a %s: 400 with a message', async (path, field, _what, bad) => {
    const { jar, token } = await visitor();
    const answer = await postJson(jar, token, path!, JSON.stringify(bodyWith(path!, field!, bad!)));
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as { ok: boolean; error: { message: string; fields: object } };
    expect(body.ok).toBe(false);
    expect(body.error.message).toMatch(/cannot be read/);
    expect(Object.keys(body.error.fields)).toEqual([field]);
  });

  it('refuses a surrogate in a key, and names it printably', async () => {
    const { jar, token } = await visitor();
    const answer = await postJson(jar, token, ACCOUNT_PATHS.login, '{"username":"a","pass\\ud800":"b"}');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.fields).toEqual({ 'pass\\ud800': expect.any(String) });
  });

  it('refuses JSON bytes that are not UTF-8 with a 400 page', async () => {
    const { jar, token } = await visitor();
    const bytes = Buffer.concat([
      Buffer.from('{"username":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    const answer = await fetch(`${site.url}${ACCOUNT_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, ...jar.header() },
      body: bytes,
    });
    expect(answer.status).toBe(400);
    expect((await answer.text()).length).toBeGreaterThan(3);
  });

  it('refuses a form whose percent-encoding is not UTF-8, and one with a NUL', async () => {
    for (const value of ['%ED%A0%80', '%FF', 'a%00b']) {
      const { jar, token } = await visitor();
      const answer = await httpGet(site.url, ACCOUNT_PATHS.resetRequest, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...jar.header() },
        body: `_csrf=${encodeURIComponent(token)}&userEmail=${value}`,
      });
      expect(answer.status, value).toBe(400);
      expect(answer.body.length, value).toBeGreaterThan(3);
    }
  });

  it('still reads well-formed text, astral characters included', async () => {
    const { jar, token } = await visitor();
    const answer = await postJson(
      jar,
      token,
      ACCOUNT_PATHS.login,
      JSON.stringify({ username: 'nobody-🌳@example.com', password: 'wrong 🌳 password' }),
    );
    expect(answer.status).toBe(401);
  });
});
