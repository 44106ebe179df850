import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserFixture } from './browser.js';

const SHOTS = fileURLToPath(new URL('../../test-results/accounts/', import.meta.url));

/** Screenshots of a page at desktop width and at 390 px (a phone), for people to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Axe finds nothing serious or critical on the page. */
export async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`),
  ).toEqual([]);
}

/** Signing in waits for the platform to hash a password: longer limits than page loads need. */
export function patient(context: BrowserContext): void {
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
}

/** Fills and sends a sign-in form (the site's or the platform's: they share the labels). */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username or email address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A context without JavaScript: every form must still work (POST, then redirect). */
export async function withoutScript<T>(
  fixture: BrowserFixture,
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await fixture.browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 800 },
  });
  patient(context);
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}
