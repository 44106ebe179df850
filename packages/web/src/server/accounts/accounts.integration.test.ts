import { DEMO_ACCOUNTS, readOutbox } from '@canopy/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteRenderer } from '../../render/renderer.js';
import type { SiteState } from '../../state/store-types.js';
import { CookieJar, csrfTokenOf, setCookies } from '../../test-support/cookie-jar.js';
import { fixtureSite } from '../../test-support/fixture-site.js';
import { httpGet } from '../../test-support/http.js';
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
import { EMAIL_NOT_VERIFIED } from '../../user/platform-accounts.js';
import { createSessionSealer } from '../../user/session-seal.js';
import type { SiteServerOptions } from '../options.js';
import { DEMO_HOSTS } from '../site-hosts.js';
import { type RunningSiteServer, startSiteServer } from '../site-server.js';

const SECRET = 'integration-test-session-secret-0123456789';
const member = DEMO_ACCOUNTS.find((account) => account.username === 'member')!;
const editor = DEMO_ACCOUNTS.find((account) => account.username === 'editor')!;

let platform: TestPlatform;
let site: RunningSiteServer;
let other: RunningSiteServer;

const siteOptions = (): SiteServerOptions => ({
  renderer: createSiteRenderer(fixtureSite),
  platformUrl: platform.url,
  hosts: DEMO_HOSTS,
  projectId: PROJECT_ID,
  deliveryToken: DELIVERY_TOKEN,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  contentChanges: false,
  sessionSecret: SECRET,
  staffDomain: 'aberwen.example',
  port: 0,
  logger: false,
  environment: 'production',
});

beforeAll(async () => {
  platform = await startTestPlatform({ accounts: true });
  // Two processes of the same site: a session from one must work on the other.
  [site, other] = await Promise.all([startSiteServer(siteOptions()), startSiteServer(siteOptions())]);
});

afterAll(async () => {
  await Promise.all([site?.close(), other?.close()]);
  await platform?.dispose();
});

const get = (jar: CookieJar, path: string, server = site) => getWithCookies(server.url, jar, path);
const post = (jar: CookieJar, path: string, fields: Record<string, string>, server = site) =>
  postFormWithCookies(server.url, jar, path, fields);

/** Signs in through the sign-in form as a browser without JavaScript would. */
async function signIn(jar: CookieJar, username: string, password: string, redirect = '/') {
  const page = await get(jar, `/account/login?redirect_uri=${encodeURIComponent(redirect)}`);
  return post(jar, '/account/login', {
    _csrf: csrfTokenOf(page.body),
    username,
    password,
    redirect_uri: redirect,
  });
}

describe('the session cookie', () => {
  it('is one HttpOnly, SameSite=Lax cookie, set with the first form page, which no cache may keep', async () => {
    const jar = new CookieJar();
    const page = await get(jar, '/account/login');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['surrogate-control']).toBeUndefined();
    const cookies = setCookies(page.headers);
    expect(cookies.map((cookie) => cookie.name)).toEqual(['canopy_session']);
    const [cookie] = cookies;
    expect(cookie?.attributes).toHaveProperty('httponly');
    expect(cookie?.attributes.samesite).toBe('Lax');
    expect(cookie?.attributes.path).toBe('/');
    expect(cookie?.attributes).not.toHaveProperty('secure');
    // Ordinary pages stay cacheable and set nothing for anonymous visitors.
    const home = await get(new CookieJar(), '/');
    expect(home.headers['set-cookie']).toBeUndefined();
    expect(home.headers['surrogate-control']).toMatch(/^max-age=3600\b/);
  });

  it('lasts 15 days from signing in, the life of the platform refresh token', async () => {
    const jar = new CookieJar();
    const before = Date.now();
    const answer = await signIn(jar, member.username, member.password);
    const cookie = setCookies(answer.headers).find((each) => each.name === 'canopy_session');
    const days = (Date.parse(cookie?.attributes.expires ?? '') - before) / 86_400_000;
    expect(Math.round(days)).toBe(15);
    // The cookie ends with the refresh token it holds (HTTP dates count whole seconds).
    const sealed = await createSessionSealer([SECRET]).unseal(cookie?.value ?? '');
    const refreshEnds = Date.parse(sealed?.credentials?.refreshTokenExpiryDate ?? '');
    expect(Math.floor(refreshEnds / 1000)).toBe(Date.parse(cookie?.attributes.expires ?? '') / 1000);
  });

  it('is Secure when the site is reached over HTTPS', async () => {
    const secure = await startSiteServer({ ...siteOptions(), trustProxy: true });
    try {
      const answer = await httpGet(secure.url, '/account/login', {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(setCookies(answer.headers)[0]?.attributes).toHaveProperty('secure');
    } finally {
      await secure.close();
    }
  });
});

describe('signing in', () => {
  it('signs a member in, keeps every token out of the page, the state and script-readable cookies', async () => {
    const jar = new CookieJar();
    const answer = await signIn(jar, member.username, member.password, '/members');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/members');

    const page = await get(jar, '/members');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Members area');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['surrogate-control']).toBeUndefined();
    expect(page.headers.vary).toMatch(/cookie/i);

    const state = JSON.parse((await get(jar, '/members?redux=true')).body) as SiteState;
    expect(state.user).toMatchObject({
      username: 'member',
      firstName: member.firstName,
      lastName: member.lastName,
      name: `${member.firstName} ${member.lastName}`,
      email: member.email,
      isZengentiStaff: true,
      authenticationState: { isAuthenticated: true, isError: false, isAuthenticationError: false },
    });
    expect(state.user.groups.map((group) => group.name)).toEqual(['Members']);

    // The platform's tokens exist only inside the sealed cookie, which scripts cannot read.
    const sealed = jar.get('canopy_session') ?? '';
    const credentials = (await createSessionSealer([SECRET]).unseal(sealed))?.credentials;
    expect(credentials?.refreshToken).toBeTruthy();
    const secrets = [credentials?.refreshToken, credentials?.bearerToken, credentials?.contensisClassicToken];
    for (const text of [page.body, JSON.stringify(state)]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain(sealed);
      expect(text).not.toMatch(/refresh_?token|bearer|access_token|ContensisCMSUserName/i);
      expect(text).not.toContain(member.password);
      expect(text).not.toContain(CLIENT_SECRET);
    }
  });

  it('accepts the session cookie of one site process in another', async () => {
    const jar = new CookieJar();
    await signIn(jar, member.username, member.password);
    const elsewhere = await get(jar, '/members', other);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toContain('Members area');
  });

  it('refuses a wrong password with a message on the sign-in page, keeping the username', async () => {
    const jar = new CookieJar();
    const answer = await signIn(jar, member.username, 'not-the-password', '/members');
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/account/login?redirect_uri=%2Fmembers');
    const state = JSON.parse(
      (await get(jar, '/account/login?redirect_uri=%2Fmembers&redux=true')).body,
    ) as SiteState;
    expect(state.user.authenticationState).toMatchObject({ isAuthenticated: false });
    // ?redux=true does not take the message: the page shows it.
    const page = await get(jar, '/account/login?redirect_uri=%2Fmembers');
    expect(page.body).not.toContain('not-the-password');
    const shown = /window\.__CANOPY_STATE__=(.*?);<\/script>/s.exec(page.body)?.[1] ?? '';
    expect(shown).toContain('The username or password is not right');
    expect(shown).toContain('"values":{"username":"member"}');
    // Shown once.
    expect((await get(jar, '/account/login')).body).not.toContain('The username or password is not right');
    expect((await get(jar, '/members')).status).toBe(302);
  });

  it.each([
    'https://evil.example/members',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '%2F%2Fevil.example',
    '/\t/evil.example',
  ])('sends a visitor whose redirect_uri is %j to a path of the site', async (target) => {
    const jar = new CookieJar();
    const answer = await signIn(jar, member.username, member.password, target);
    expect(answer.status).toBe(303);
    const location = answer.headers.location ?? '';
    expect(location.startsWith('/')).toBe(true);
    expect(new URL(location, 'https://site.example/account/login').host).toBe('site.example');
  });

  it('refuses POSTs without the CSRF token, or with another browser’s, and changes nothing', async () => {
    const jar = new CookieJar();
    await get(jar, '/account/login');
    const missing = await post(jar, '/account/login', {
      username: member.username,
      password: member.password,
    });
    expect(missing.status).toBe(403);
    expect(missing.headers['set-cookie']).toBeUndefined();

    const stranger = new CookieJar();
    const strangerToken = csrfTokenOf((await get(stranger, '/account/login')).body);
    const forged = await post(jar, '/account/login', {
      _csrf: strangerToken,
      username: member.username,
      password: member.password,
    });
    expect(forged.status).toBe(403);
    expect((await get(jar, '/members')).status).toBe(302);

    const signedIn = new CookieJar();
    await signIn(signedIn, member.username, member.password);
    for (const path of [
      '/account/logout',
      '/account/change-password',
      '/account/register',
      '/account/reset',
    ]) {
      const answer = await post(signedIn, path, {
        newPassword: 'x',
        currentPassword: 'y',
        userEmail: 'a@b.c',
      });
      expect(answer.status, path).toBe(403);
    }
    const json = await httpGet(site.url, '/account/logout', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', ...signedIn.header() },
    });
    expect(json.status).toBe(403);
    expect(JSON.parse(json.body).error.message).toMatch(/security token/);
    expect((await get(signedIn, '/members')).status).toBe(200);
  });
});

describe('access rules with a real session', () => {
  it('sends a member to access denied for the staff page, and shows it to staff', async () => {
    const jar = new CookieJar();
    await signIn(jar, member.username, member.password);
    const refused = await get(jar, '/staff');
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toBe('/account/access-denied?original_uri=%2Fstaff');

    const staff = new CookieJar();
    await signIn(staff, editor.username, editor.password);
    const shown = await get(staff, '/staff');
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('Staff intranet');
  });
});

describe('signing out', () => {
  it('ends the session here and on the platform, then goes to a same-site path', async () => {
    const jar = new CookieJar();
    await signIn(jar, member.username, member.password);
    const before = jar.get('canopy_session');
    const page = await get(jar, '/members');
    const answer = await post(jar, '/account/logout', {
      _csrf: csrfTokenOf(page.body),
      redirect_uri: '//evil.example',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect((await get(jar, '/members')).status).toBe(302);
    // The old cookie, replayed, no longer opens the page: the platform revoked its tokens.
    const replay = await httpGet(other.url, '/members', { headers: { cookie: `canopy_session=${before}` } });
    expect(replay.status).toBe(302);
  });
});

/** The state a page was rendered with (what the browser hydrates). */
describe('registration', () => {
  it('creates a member who confirms their address through the outbox, then signs in and sees the members page', async () => {
    const jar = new CookieJar();
    const page = await get(jar, '/account/register?redirect_uri=%2Fmembers');
    const answer = await post(jar, '/account/register', {
      _csrf: csrfTokenOf(page.body),
      firstName: 'Rhian',
      lastName: 'Newcomer',
      email: 'rhian@example.org',
      password: 'Rhian-registers-2026',
      redirect_uri: '/members',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/members');
    const signedIn = new CookieJar();
    // Not yet: the address waits for confirmation, and the visitor is told so.
    const early = await signIn(signedIn, 'rhian@example.org', 'Rhian-registers-2026');
    expect(early.headers.location).toBe('/account/login');
    const refused = inlineState((await get(signedIn, '/account/login')).body);
    expect(refused.user.authenticationState).toMatchObject({
      isAuthenticationError: true,
      errorMessage: EMAIL_NOT_VERIFIED,
    });

    const [mail] = readOutbox(platform.dataDir, { to: 'rhian@example.org' });
    const link = new URL(mail!.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${site.url}/account/verify`);
    const verified = await get(signedIn, `${link.pathname}${link.search}`);
    expect(verified.status).toBe(303);
    expect(verified.headers.location).toBe('/account/login');
    const loginPage = inlineState((await get(signedIn, '/account/login')).body);
    expect(loginPage.user.verifyEmail).toEqual({ isSending: false, sent: true, error: null });
    // Followed again, the link says the address is confirmed and offers signing in.
    const visitor = new CookieJar();
    const again = await get(visitor, `${link.pathname}${link.search}`);
    expect(again.headers.location).toBe('/account/login');
    const confirmed = inlineState((await get(visitor, '/account/login')).body);
    expect(confirmed.user.verifyEmail).toEqual({ isSending: false, sent: true, error: null });
    const madeUp = await get(new CookieJar(), `${link.pathname}${link.search}x`);
    expect(madeUp.headers.location).toBe('/account/verify-email');

    await signIn(signedIn, 'rhian@example.org', 'Rhian-registers-2026');
    const members = await get(signedIn, '/members');
    expect(members.status).toBe(200);
    const state = JSON.parse((await get(signedIn, '/?redux=true')).body) as SiteState;
    expect(state.user).toMatchObject({ name: 'Rhian Newcomer', isZengentiStaff: false });
    expect(state.user.groups.map((group) => group.name)).toEqual(['Members']);
  });

  it('answers JSON callers with the created user, and shows field errors to form users', async () => {
    const jar = new CookieJar();
    const token = csrfTokenOf((await get(jar, '/account/register')).body);
    const json = await httpGet(site.url, '/account/register', {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Owain',
        lastName: 'Json',
        email: 'owain@example.org',
        credentials: { password: 'Owain-registers-2026' },
      }),
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, ...jar.header() },
    });
    expect(json.status).toBe(200);
    // The user as sent (the username defaults to the address): no id, groups or anything else.
    expect(JSON.parse(json.body)).toEqual({
      username: 'owain@example.org',
      email: 'owain@example.org',
      firstName: 'Owain',
      lastName: 'Json',
    });
    expect(json.body).not.toContain('Owain-registers-2026');

    const form = await post(jar, '/account/register', {
      _csrf: token,
      firstName: 'Owain',
      email: 'not-an-email',
      password: 'short',
    });
    expect(form.status).toBe(303);
    const shown = inlineState((await get(jar, form.headers.location ?? '')).body).user;
    expect(shown.registration).toMatchObject({
      success: false,
      error: 'Check the highlighted fields and try again.',
    });
    expect(shown.form?.fieldErrors).toMatchObject({
      lastName: 'Enter your last name.',
      email: 'Enter an email address like name@example.com.',
    });
    expect(shown.form?.values).toEqual({ firstName: 'Owain', email: 'not-an-email' });

    const policy = await post(jar, '/account/register', {
      _csrf: token,
      firstName: 'Owain',
      lastName: 'Short',
      email: 'owain.short@example.org',
      password: 'short',
    });
    const refused = inlineState((await get(jar, policy.headers.location ?? '')).body).user;
    expect(refused.form?.fieldErrors.password).toMatch(/at least 8 characters/);
  });

  /** Every user row of the platform, to show that nothing was created or changed. */
  const accountRows = () => JSON.stringify(platform.db.prepare('SELECT * FROM users ORDER BY id').all());

  /** Registers through the form as a browser does; answers the redirect and the page it leads to. */
  async function registerByForm(email: string, extra: Record<string, string> = {}) {
    const jar = new CookieJar();
    const token = csrfTokenOf((await get(jar, '/account/register')).body);
    const answer = await post(jar, '/account/register', {
      _csrf: token,
      firstName: 'Carys',
      lastName: 'Probe',
      email,
      password: 'Carys-probes-2026',
      ...extra,
    });
    const page = await get(jar, answer.headers.location ?? '');
    return { answer, page, token };
  }

  /** The page as a visitor sees it, apart from what differs between any two visits (CSRF token, nonce). */
  const comparable = (html: string, email: string) =>
    html
      .replace(/(name="csrf-token" content=|name="_csrf" value=)"[^"]*"/g, '$1"CSRF"')
      .replace(/nonce="[^"]*"/g, 'nonce')
      .replaceAll(email, 'ADDRESS')
      .replaceAll(encodeURIComponent(email), 'ADDRESS');

  it('answers an address that has an account exactly as a new one, mails its owner and changes no account', async () => {
    const before = accountRows();
    const ownerMails = readOutbox(platform.dataDir, { to: member.email }).length;
    const taken = await registerByForm(member.email.toUpperCase());
    expect(accountRows()).toBe(before);
    const fresh = await registerByForm('carys.new@example.org');

    expect(taken.answer.status).toBe(303);
    expect(fresh.answer.status).toBe(303);
    expect(taken.answer.headers.location).toBe(fresh.answer.headers.location);
    expect(taken.page.status).toBe(fresh.page.status);
    expect(comparable(taken.page.body, member.email.toUpperCase())).toBe(
      comparable(fresh.page.body, 'carys.new@example.org'),
    );
    expect(inlineState(taken.page.body).user.registration).toEqual({
      success: true,
      isLoading: false,
      error: null,
    });

    // JSON callers too: the same status and body, apart from the address.
    const jar = new CookieJar();
    const token = csrfTokenOf((await get(jar, '/account/register')).body);
    const registerJson = (email: string) =>
      httpGet(site.url, '/account/register', {
        method: 'POST',
        body: JSON.stringify({ firstName: 'Carys', lastName: 'Json', email, password: 'Carys-probes-2026' }),
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, ...jar.header() },
      });
    const beforeJson = accountRows();
    const takenJson = await registerJson(member.email);
    expect(accountRows()).toBe(beforeJson);
    const freshJson = await registerJson('carys.json@example.org');
    expect(takenJson.status).toBe(200);
    expect(takenJson.status).toBe(freshJson.status);
    expect(takenJson.body.replaceAll(member.email, 'ADDRESS')).toBe(
      freshJson.body.replaceAll('carys.json@example.org', 'ADDRESS'),
    );

    // The owner is told instead, with links to this site; nobody else gets a mail about it.
    const warnings = readOutbox(platform.dataDir, { to: member.email }).slice(ownerMails);
    expect(warnings.map((mail) => mail.kind)).toEqual(['registration-attempt', 'registration-attempt']);
    expect(warnings[0]!.link).toBe(`${site.url}/account/login`);
    expect(warnings[0]!.text).toContain(`${site.url}/account/forgot-password`);
    expect(warnings[0]!.text).not.toContain('Carys-probes-2026');
    expect(readOutbox(platform.dataDir, { to: 'carys.new@example.org' }).map((mail) => mail.kind)).toEqual([
      'email-verification',
    ]);
    // The owner's password still works; the prober's does not.
    expect((await signIn(new CookieJar(), member.username, member.password)).headers.location).toBe('/');
    expect((await signIn(new CookieJar(), member.email, 'Carys-probes-2026')).headers.location).toBe(
      '/account/login',
    );
  });

  it('says a chosen username is taken (the visitor picks another), and refuses one with @', async () => {
    const before = accountRows();
    const mails = readOutbox(platform.dataDir).length;
    const taken = await registerByForm('carys.name@example.org', { username: 'Editor' });
    const shown = inlineState(taken.page.body).user;
    expect(shown.registration).toMatchObject({
      success: false,
      error: 'This username is taken. Choose another, or leave it empty to sign in with your email address.',
    });
    expect(shown.form?.fieldErrors.username).toMatch(/username is taken/);
    expect(shown.form?.values).toMatchObject({ username: 'Editor', email: 'carys.name@example.org' });
    // A username that is somebody's address would say that the address has an account.
    const address = await registerByForm('carys.at@example.org', { username: member.email });
    expect(inlineState(address.page.body).user.form?.fieldErrors.username).toBe(
      'A username cannot contain ‘@’. Leave it empty to sign in with your email address.',
    );
    expect(accountRows()).toBe(before);
    expect(readOutbox(platform.dataDir)).toHaveLength(mails);
  });
});

describe('password reset and change', () => {
  it('resets a forgotten password through the outbox, and changes it on the account page', async () => {
    const { readOutbox } = await import('@canopy/platform');
    const jar = new CookieJar();
    const forgot = await get(jar, '/account/forgot-password');
    const empty = await post(jar, '/account/reset', { _csrf: csrfTokenOf(forgot.body) });
    expect(
      inlineState((await get(jar, empty.headers.location ?? '')).body).user.passwordResetRequest.error,
    ).toBe('Invalid object');
    const asked = await post(jar, '/account/reset', {
      _csrf: csrfTokenOf(forgot.body),
      userEmail: editor.email,
    });
    expect(asked.headers.location).toBe('/account/forgot-password');
    expect(inlineState((await get(jar, '/account/forgot-password')).body).user.passwordResetRequest).toEqual({
      isSending: false,
      sent: true,
      error: null,
    });
    const mail = readOutbox(platform.dataDir, { to: editor.email }).at(-1);
    const link = new URL(mail?.link ?? '');
    expect(link.pathname).toBe('/account/reset-password');

    const resetPage = await get(jar, `${link.pathname}${link.search}`);
    const reset = await post(jar, '/account/reset/password', {
      _csrf: csrfTokenOf(resetPage.body),
      token: link.searchParams.get('token') ?? '',
      password: 'Editor-reset-2026',
    });
    expect(reset.headers.location).toBe('/account/reset-password');
    expect(inlineState((await get(jar, '/account/reset-password')).body).user.resetPassword.sent).toBe(true);

    const signedIn = new CookieJar();
    expect((await signIn(signedIn, 'editor', 'Editor-reset-2026')).headers.location).toBe('/');
    // The fixture site has no account page; any page of the account area shows the outcome.
    const account = await get(signedIn, '/account/login');
    const token = csrfTokenOf(account.body);
    const wrong = await post(signedIn, '/account/change-password', {
      _csrf: token,
      currentPassword: 'not-it',
      newPassword: 'Editor-changed-2026',
    });
    expect(wrong.headers.location).toBe('/account');
    const refused = inlineState((await get(signedIn, '/account/login')).body).user;
    expect(refused.changePassword.error).toBe('The existing password is not correct');
    expect(refused.form?.fieldErrors.currentPassword).toBe('The existing password is not correct');

    await post(signedIn, '/account/change-password', {
      _csrf: token,
      currentPassword: 'Editor-reset-2026',
      newPassword: 'Editor-changed-2026',
    });
    expect(inlineState((await get(signedIn, '/account/login')).body).user.changePassword.sent).toBe(true);
    // Still signed in after changing the password; the new one works.
    expect((await get(signedIn, '/staff')).status).toBe(200);
    expect((await signIn(new CookieJar(), 'editor', 'Editor-changed-2026')).headers.location).toBe('/');

    const missing = await post(signedIn, '/account/change-password', { _csrf: token, currentPassword: 'x' });
    expect(missing.status).toBe(303);
    expect(inlineState((await get(signedIn, '/account/login')).body).user.changePassword.error).toBe(
      'Invalid action object sent to changePassword saga',
    );
  });
});
