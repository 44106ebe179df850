import type { Page } from 'playwright-core';

/** Follows a page's requests from now on, to wait until none has been in flight for a while. */
export interface NetworkWatch {
  /**
   * Resolves once no request of the page has been in flight for `quietMs` (prefetches, lazily
   * loaded code and images done). Unlike `waitForLoadState('networkidle')`, which resolves at
   * once when the page was idle before, this waits for the requests started since.
   */
  quiet(quietMs?: number): Promise<void>;
}

/** Starts following the requests of `page` (call it before the page acts). */
export function watchRequests(page: Page): NetworkWatch {
  const inFlight = new Set<unknown>();
  let quietSince = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
  });
  const end = (request: unknown) => {
    inFlight.delete(request);
    quietSince = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(quietMs = 300) {
      // A request the page is about to make (a timer, a chunk import) gets a moment to start.
      await page.waitForTimeout(50);
      while (inFlight.size > 0 || Date.now() - quietSince < quietMs) await page.waitForTimeout(25);
    },
  };
}
