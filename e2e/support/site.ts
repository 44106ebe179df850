import type { Page, Request } from 'playwright-core';

declare global {
  interface Window {
    /** Set by tests before a client navigation; a full page load loses it. */
    __e2eMarker?: string;
  }
}

/**
 * Pages of the demo content (the platform's deterministic seed) the tests visit, with the
 * titles a visitor sees. The course and the article are featured on the home page.
 */
export const DEMO = {
  home: { path: '/', title: 'Aberwen University' },
  about: { path: '/about', title: 'About Aberwen University' },
  history: { path: '/about/history', title: 'Our history' },
  courses: { path: '/courses', title: 'Courses' },
  news: { path: '/news', title: 'News' },
  events: { path: '/events', title: 'Events' },
  people: { path: '/people', title: 'People' },
  course: { path: '/courses/bsc-marine-biology', title: 'BSc Marine Biology' },
  article: {
    path: '/news/nursing-volunteers-help-out-in-local-primary-schools',
    title: 'Nursing volunteers help out in local primary schools',
  },
  /** Words of the home page's introduction. */
  homeIntroduction: 'A university by the sea',
  missing: { path: '/e2e-no-such-page', heading: 'Page not found' },
  /** The heading of the error page of a page that failed to load (500). */
  serverError: { heading: 'Sorry, there is a problem with this page' },
} as const;

/**
 * Resolves once React has hydrated the server-rendered page: the first element of `#root`
 * carries its fiber. Clicking a link before that would be a plain full-page navigation.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const first = document.getElementById('root')?.firstElementChild;
      return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** The page's level-one heading. */
export function mainHeading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** The link of the main navigation with this name. */
export function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** Requests for whole documents (full page loads), e.g. to prove a navigation made none. */
export function documentRequests(requests: readonly Request[]): string[] {
  return requests.filter((request) => request.resourceType() === 'document').map((request) => request.url());
}

/** Puts a marker on `window` that only a full page load removes. */
export async function setMarker(page: Page, value = 'still the same document'): Promise<string> {
  await page.evaluate((marker) => {
    window.__e2eMarker = marker;
  }, value);
  return value;
}

/** The marker of {@link setMarker}, or `null` after a full page load. */
export function readMarker(page: Page): Promise<string | null> {
  return page.evaluate(() => window.__e2eMarker ?? null);
}
