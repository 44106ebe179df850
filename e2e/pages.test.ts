import { describe, expect, it } from 'vitest';
import { describeProblems, useBrowser } from './support/browser.js';
import { e2eEnvironment } from './support/environment.js';
import { DEMO, documentRequests, mainHeading, waitForHydration } from './support/site.js';

const browser = useBrowser();
const env = e2eEnvironment();

/** Stack frames (`at fn (/srv/x.ts:1:2)`) and source file positions. */
const STACK_LINE = /^\s*at\s.+$|\bat\s+\S+\s+\(|[\w/.-]+\.(?:[cm]?[jt]sx?):\d+/m;

describe('server rendering', () => {
  it('renders the home page with its content on the server, before and without any script', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(browser.url('/'));
      expect(response?.status()).toBe(200);

      // What the server sent: the content comes before the first script element.
      const html = (await response?.text()) ?? '';
      const content = html.indexOf(DEMO.homeIntroduction);
      expect(content, 'the home introduction is in the HTML').toBeGreaterThan(0);
      expect(content).toBeLessThan(html.indexOf('<script'));

      // What a visitor without JavaScript sees.
      await expect(mainHeading(page).textContent()).resolves.toContain(DEMO.home.title);
      const text = await page.locator('body').innerText();
      expect(text).toContain(DEMO.homeIntroduction);
      expect(text).toContain(DEMO.course.title);
      expect(text).toContain(DEMO.article.title);
      expect(await page.title()).toContain(DEMO.home.title);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const section of [DEMO.courses, DEMO.news, DEMO.events]) {
        await expect(
          nav.getByRole('link', { name: section.title, exact: true }).getAttribute('href'),
        ).resolves.toBe(section.path);
      }
    } finally {
      await context.close();
    }
  });

  it('renders a course and a news article on the server', async () => {
    const context = await browser.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const { path, title } of [DEMO.course, DEMO.article]) {
        const response = await page.goto(browser.url(path));
        expect(response?.status(), path).toBe(200);
        await expect(mainHeading(page).textContent(), path).resolves.toContain(title);
        expect(await page.title(), path).toContain(title);
      }
    } finally {
      await context.close();
    }
  });

  it('hydrates the server HTML without replacing it', async () => {
    const { page } = browser;
    await page.goto(browser.url(DEMO.course.path));
    const serverHeading = await mainHeading(page).elementHandle();
    await waitForHydration(page);
    // The same element is still in the document: React adopted the server's markup.
    expect(await serverHeading?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(mainHeading(page).textContent()).resolves.toContain(DEMO.course.title);
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });
});

describe('trailing slash', () => {
  it('redirects /courses/?a=1 with 302 to /courses?a=1, keeping the query and the hash', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url('/courses/?a=1#top'));
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(302);
    expect(redirect?.headers().location).toBe('/courses?a=1');
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(browser.url('/courses?a=1#top'));
    await expect(mainHeading(page).textContent()).resolves.toContain(DEMO.courses.title);
  });
});

describe('errors', () => {
  it('answers an unknown path with the NotFound page and 404, and stays there after hydration', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url(DEMO.missing.path));
    expect(response?.status()).toBe(404);
    await expect(mainHeading(page).textContent()).resolves.toBe(DEMO.missing.heading);
    expect(await page.title()).toBe(`${DEMO.missing.heading} | ${DEMO.home.title}`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // A fresh 404 must not reload itself (only a page that had an entry does).
    expect(documentRequests(browser.requests)).toEqual([browser.url(DEMO.missing.path)]);
    await expect(mainHeading(page).textContent()).resolves.toBe(DEMO.missing.heading);
  });

  it('answers a page whose loading fails with 500 and no error detail or stack trace', async () => {
    const { page } = browser;
    const response = await page.goto(browser.url(env.failingPath));
    expect(response?.status()).toBe(500);
    const html = (await response?.text()) ?? '';
    await expect(mainHeading(page).textContent()).resolves.toBe(DEMO.serverError.heading);
    await waitForHydration(page);
    await expect(mainHeading(page).textContent()).resolves.toBe(DEMO.serverError.heading);
    const text = await page.locator('body').innerText();
    for (const [what, body] of [
      ['HTML', html],
      ['page text', text],
    ] as const) {
      expect(body, what).not.toContain(env.failureSecret);
      expect(body, what).not.toContain('SqliteError');
      expect(body, what).not.toContain('/srv/');
      expect(body, what).not.toContain('node_modules');
      expect(body, what).not.toMatch(STACK_LINE);
    }
    expect(text).not.toMatch(/\bat\s/);

    const state = await page.request.get(browser.url(`${env.failingPath}?redux=true`));
    expect(state.status()).toBe(500);
    const json = await state.text();
    expect(json).not.toContain(env.failureSecret);
    expect(json).not.toMatch(STACK_LINE);
  });
});

describe('?redux=true', () => {
  /** Every key of a JSON value, nested ones included. */
  function keysOf(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap(keysOf);
    if (value && typeof value === 'object')
      return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
    return [];
  }

  it('answers the initial state as JSON without tokens or secrets', async () => {
    // Named by the website spec (§3): the state of the password flows, never a password.
    const SPEC_FLOW_KEYS = /"(passwordResetRequest|resetPassword|changePassword)"/g;
    const { page } = browser;
    for (const { path, title } of [DEMO.home, DEMO.course, DEMO.article]) {
      const response = await page.goto(browser.url(`${path}?redux=true`));
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-type'], path).toMatch(/^application\/json/);
      const body = (await response?.text()) ?? '';
      const state = JSON.parse(body) as {
        routing: { currentPath: string; statusCode: number; entry: { entryTitle?: string } | null };
        navigation: { isReady: boolean };
      };
      expect(state.routing.currentPath, path).toBe(path);
      expect(state.routing.statusCode, path).toBe(200);
      expect(state.routing.entry?.entryTitle, path).toBe(title);
      expect(state.navigation.isReady, path).toBe(true);

      expect(body, path).not.toContain(env.deliveryToken);
      expect(body, path).not.toContain(env.previewToken);
      // The user slice's flow states carry the spec's names; they hold no password.
      const scanned = body.replace(SPEC_FLOW_KEYS, '""');
      for (const word of ['password', 'secret', 'bearer', 'accesstoken', 'refreshtoken', 'clientsecret']) {
        expect(scanned.toLowerCase(), `${path}: "${word}"`).not.toContain(word);
      }
      const suspicious = keysOf(state)
        .filter((key) => !/^(passwordResetRequest|resetPassword|changePassword)$/.test(key))
        .filter((key) => /token|password|secret|bearer|credential/i.test(key));
      expect(suspicious, path).toEqual([]);
    }
  });
});
