import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Whether two boxes overlap. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Checks that the cookie banner (the consent dialog) does not cover `target`: scrolled into
 * view as a visitor would, their boxes do not overlap, and a click on the target's middle
 * reaches the target (nothing else lies over it).
 */
export async function expectUncovered(page: Page, target: Locator): Promise<void> {
  const banner = page.getByRole('dialog', { name: 'Cookie consent' });
  await target.scrollIntoViewIfNeeded();
  const [bannerBox, targetBox] = await Promise.all([banner.boundingBox(), target.boundingBox()]);
  expect(bannerBox).not.toBeNull();
  expect(targetBox).not.toBeNull();
  expect(overlaps(bannerBox as never, targetBox as never), JSON.stringify({ bannerBox, targetBox })).toBe(
    false,
  );
  const reached = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(reached).toBe(true);
}
