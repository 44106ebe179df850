import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_LAUNCH, describeProblems, useBrowser } from './support/browser.js';
import { DEMO, mainHeading, waitForHydration } from './support/site.js';

const browser = useBrowser();

describe('delivery to the browser', () => {
  it('receives the page, its script and its stylesheet compressed', async () => {
    const { page } = browser;
    const encodings = new Map<string, string | undefined>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname === DEMO.course.path || url.pathname.startsWith('/static/assets/entry-client-')) {
        encodings.set(url.pathname, (await response.allHeaders())['content-encoding']);
      }
    });
    await page.goto(browser.url(DEMO.course.path));
    await waitForHydration(page);
    expect(encodings.get(DEMO.course.path)).toBe('br');
    const assets = [...encodings].filter(([path]) => path.startsWith('/static/'));
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const [path, encoding] of assets) expect(encoding, path).toBe('br');
    expect(browser.problems, describeProblems(browser.problems)).toEqual([]);
  });

  it('revalidates a reloaded page with a 304 and still hydrates it (the kept copy keeps its own CSP)', async () => {
    // Pages on localhost count as previews (never stored); a public host name is mapped to the
    // test server so the browser treats the page as it would on a live site.
    const site = new URL(browser.siteUrl);
    const publicBrowser = await chromium.launch({
      ...CHROMIUM_LAUNCH,
      args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=MAP www.aberwen.example ${site.hostname}`],
    });
    try {
      const page = await publicBrowser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // What went over the wire: Playwright reports a revalidated page as the cached 200.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const documents: { conditional: boolean; status?: number }[] = [];
      const byId = new Map<string, { conditional: boolean; status?: number }>();
      cdp.on('Network.requestWillBeSent', (event) => {
        if (event.type === 'Document') byId.set(event.requestId, { conditional: false });
      });
      cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
        const document = byId.get(event.requestId);
        if (document) {
          document.conditional = Object.keys(event.headers).some(
            (name) => name.toLowerCase() === 'if-none-match',
          );
          documents.push(document);
        }
      });
      cdp.on('Network.responseReceivedExtraInfo', (event) => {
        const document = byId.get(event.requestId);
        if (document) document.status = event.statusCode;
      });
      const url = `http://www.aberwen.example:${site.port}${DEMO.course.path}`;
      await page.goto(url);
      await waitForHydration(page);
      await page.reload();
      await expect(mainHeading(page).textContent()).resolves.toContain(DEMO.course.title);
      await waitForHydration(page);
      expect(documents.map((document) => document.status)).toEqual([200, 304]);
      expect(documents[1]?.conditional).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await publicBrowser.close();
    }
  });
});
