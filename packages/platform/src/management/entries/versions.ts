/**
 * Entry version numbers (`sys.version.versionNo`, contract §1.6.2): `"{major}.{minor}"`. The
 * contract infers the rules from examples (§8 question 12); the platform applies them as:
 * a new entry is `0.1`, every save adds one to the minor number (`0.1` → `0.2`, `1.0` → `1.1`),
 * and publishing moves to the next major number (`0.2` → `1.0`, `1.1` → `2.0`).
 */

/** A parsed version number. */
export interface VersionNumber {
  major: number;
  minor: number;
}

/** The version of a newly created entry variation. */
export const FIRST_VERSION = '0.1';

const VERSION_PATTERN = /^(\d{1,9})\.(\d{1,9})$/;

/**
 * Parses `"major.minor"`; undefined for anything else (including numbers such as `1.1`
 * sent as JSON numbers: `1.10` and `1.1` would be indistinguishable).
 *
 * @example
 * parseVersionNo('1.2'); // { major: 1, minor: 2 }
 * parseVersionNo('1'); // undefined
 */
export function parseVersionNo(text: unknown): VersionNumber | undefined {
  if (typeof text !== 'string') return undefined;
  const match = VERSION_PATTERN.exec(text.trim());
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]) };
}

/** Formats a version number. */
export function formatVersionNo(version: VersionNumber): string {
  return `${version.major}.${version.minor}`;
}

/**
 * The version a save produces: the minor number plus one.
 *
 * @example
 * nextMinorVersion('1.0'); // '1.1'
 */
export function nextMinorVersion(current: string): string {
  const parsed = parseVersionNo(current) ?? { major: 0, minor: 0 };
  return formatVersionNo({ major: parsed.major, minor: parsed.minor + 1 });
}

/**
 * The version publishing produces: the next major number.
 *
 * @example
 * nextMajorVersion('0.2'); // '1.0'
 * nextMajorVersion('1.1'); // '2.0'
 */
export function nextMajorVersion(current: string): string {
  const parsed = parseVersionNo(current) ?? { major: 0, minor: 0 };
  return formatVersionNo({ major: parsed.major + 1, minor: 0 });
}

/** Whether two version texts name the same version (`"1.0"` and `" 1.0"` do; `"1.0"` and `"1.00"` do too). */
export function sameVersion(a: string, b: string): boolean {
  const left = parseVersionNo(a);
  const right = parseVersionNo(b);
  return (
    left !== undefined && right !== undefined && left.major === right.major && left.minor === right.minor
  );
}
