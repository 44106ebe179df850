import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { DEMO, mainHeading, waitForHydration } from './support/site.js';

const browser = useBrowser();

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** Impacts that fail the build. */
const BLOCKING = new Set(['serious', 'critical']);

/** Violations as a list a person can act on: rule, impact, help, and each element. */
function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `      ${node.target.join(' ')}\n        ${node.html.slice(0, 200)}`)
        .join('\n');
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

async function audit(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
}

describe('accessibility (axe)', () => {
  for (const { name, path, status, heading } of [
    { name: 'the home page', path: DEMO.home.path, status: 200, heading: DEMO.home.title },
    { name: 'a course page', path: DEMO.course.path, status: 200, heading: DEMO.course.title },
    { name: 'a news article', path: DEMO.article.path, status: 200, heading: DEMO.article.title },
    { name: 'the events listing', path: DEMO.events.path, status: 200, heading: DEMO.events.title },
    { name: 'the 404 page', path: DEMO.missing.path, status: 404, heading: DEMO.missing.heading },
  ]) {
    it(`finds no serious or critical violation on ${name}`, async () => {
      const { page } = browser;
      const response = await page.goto(browser.url(path));
      expect(response?.status()).toBe(status);
      await waitForHydration(page);
      await expect(mainHeading(page).textContent()).resolves.toContain(heading);
      const violations = await audit(page);
      expect(
        violations.map((violation) => `${violation.id} (${violation.impact})`),
        `axe violations on ${path}:\n${describeViolations(violations)}`,
      ).toEqual([]);
    });
  }
});

// Every part of a page lies in a landmark (axe's moderate "region" rule), so a screen reader's
// list of landmarks reaches all of it. The language bar above the header (Cymraeg / English)
// used to be a bare <div>, outside every landmark, on every page at every width.
describe('landmarks (axe region)', () => {
  for (const path of [DEMO.home.path, DEMO.course.path, '/cy/cyrsiau/bsc-bioleg-y-mor']) {
    it(`leaves nothing outside a landmark on ${path} at 390 px`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(browser.url(path));
      await waitForHydration(page);
      const results = await new AxeBuilder({ page }).withRules(['region']).analyze();
      expect(results.violations, describeViolations(results.violations)).toEqual([]);
      await expect(
        page
          .getByRole('navigation', { name: path.startsWith('/cy') ? 'Iaith' : 'Language' })
          .getByRole('link')
          .count(),
      ).resolves.toBe(1);
    });
  }
});
