import type { RunningSiteServer } from '@canopy/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startTestPlatform,
  type TestPlatform,
} from '../../packages/web/src/test-support/platform.js';
import { startSourceSite } from './test/source-site.js';

// The links in the main part of Welsh pages lead to their Welsh addresses directly: following
// one answers with the page, not with a redirect (the open days button of the Welsh home page
// led to /cy/events, which redirects to /cy/digwyddiadau). Over real HTTP from a platform
// seeded with the demo, rendered from source (no build).

const HOST = 'www.aberwen.example';

let platform: TestPlatform;
let server: RunningSiteServer;

beforeAll(async () => {
  platform = await startTestPlatform();
  server = await startSourceSite(platform.url, {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    contentChanges: false,
    pageCacheSeconds: 0,
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
});

const get = (path: string) => httpGet(server.url, path, { host: HOST });

/** The site's own page links in a page's main part (no files, no other sites). */
function mainLinks(html: string): string[] {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const hrefs = [...main.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) =>
    (match[1] as string).replaceAll('&amp;', '&'),
  );
  return [...new Set(hrefs)].filter(
    (href) => href.startsWith('/') && !/^\/(image|video|asset)-library\//.test(href),
  );
}

describe('links on Welsh pages', () => {
  for (const path of ['/cy', '/cy/cyrsiau/llb-y-gyfraith']) {
    it(`on ${path} answer without a redirect`, async () => {
      const page = await get(path);
      expect(page.status).toBe(200);
      const links = mainLinks(page.body);
      const answers = await Promise.all(links.map(async (link) => [link, (await get(link)).status] as const));
      expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
      // The open days button is among them, at its Welsh address.
      expect(links).toContain('/cy/digwyddiadau?category=open-day');
    }, 60_000);
  }
});
