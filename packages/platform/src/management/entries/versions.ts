/**
 * Entry version numbers (`sys.version.versionNo`, contract §1.6.2): `"{major}.{minor}"`. The
 * contract infers the rules from examples (§8 question 12); the platform applies them as:
 * a new entry is `0.1`, every save adds one to the minor number (`0.1` → `0.2`, `1.0` → `1.1`),
 * and publishing moves to the next major number (`0.2` → `1.0`, `1.1` → `2.0`).
 */

import { formatVersionNo, nextMajor, nextMinor, parseVersionNo, sameVersion } from '../version-numbers.js';

/** The version of a newly created entry variation. */
export const FIRST_VERSION = '0.1';

// What an unreadable stored version counts up from, so the next one is still well formed.
const UNNUMBERED = { major: 0, minor: 0 };

/**
 * The version a save produces: the minor number plus one.
 *
 * @example
 * nextMinorVersion('1.0'); // '1.1'
 */
export function nextMinorVersion(current: string): string {
  return formatVersionNo(nextMinor(parseVersionNo(current) ?? UNNUMBERED));
}

/**
 * The version publishing produces: the next major number.
 *
 * @example
 * nextMajorVersion('0.2'); // '1.0'
 * nextMajorVersion('1.1'); // '2.0'
 */
export function nextMajorVersion(current: string): string {
  return formatVersionNo(nextMajor(parseVersionNo(current) ?? UNNUMBERED));
}

/** Whether two version texts name the same version (`"1.0"` and `" 1.0"` do; `"1.0"` and `"1.00"` do too). */
export function sameVersionText(a: string, b: string): boolean {
  const left = parseVersionNo(a);
  const right = parseVersionNo(b);
  return left !== undefined && right !== undefined && sameVersion(left, right);
}
