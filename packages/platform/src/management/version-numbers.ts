/**
 * Version numbers of entries, content types, components and nodes: `"{major}.{minor}"`
 * (contract §1.5, §1.6.2), with the counting rules the contract infers (§8 question 12).
 */

/** A `major.minor` version number split into its parts. */
export interface VersionNumber {
  major: number;
  minor: number;
}

const VERSION_PATTERN = /^(\d{1,9})\.(\d{1,9})$/;

/**
 * Parses `"1.2"` into `{ major: 1, minor: 2 }`; anything else (wrong shape, not a string) is
 * undefined — numbers too, since a JSON `1.10` and `1.1` would be indistinguishable.
 *
 * @example
 * parseVersionNo('3.0'); // { major: 3, minor: 0 }
 * parseVersionNo('v3'); // undefined
 */
export function parseVersionNo(value: unknown): VersionNumber | undefined {
  if (typeof value !== 'string') return undefined;
  const match = VERSION_PATTERN.exec(value.trim());
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : undefined;
}

/** Formats a version number as the contract writes it: `"1.2"`. */
export function formatVersionNo(version: VersionNumber): string {
  return `${version.major}.${version.minor}`;
}

/**
 * The version a saved change gets: the next minor version (`0.1` → `0.2`, `1.0` → `1.1`).
 * Entry saves, drafts and node updates count up this way.
 */
export function nextMinor(version: VersionNumber): VersionNumber {
  return { major: version.major, minor: version.minor + 1 };
}

/**
 * The version a publish gets: the next major version (`0.3` → `1.0`, `1.2` → `2.0`), the
 * contract's inferred rule (§7.10 #6, §8 #12).
 */
export function nextMajor(version: VersionNumber): VersionNumber {
  return { major: version.major + 1, minor: 0 };
}

/** Whether two version numbers are the same. */
export function sameVersion(a: VersionNumber, b: VersionNumber): boolean {
  return a.major === b.major && a.minor === b.minor;
}

/** Orders version numbers ascending. */
export function compareVersions(a: VersionNumber, b: VersionNumber): number {
  return a.major - b.major || a.minor - b.minor;
}
