import type { Entry } from '@canopy/web';

// Entry fields are `unknown` in @canopy/web (their types depend on the content type), so the
// pages read them through these narrowing helpers rather than casting: content an editor left
// empty, or a link the platform could not resolve, then renders as nothing instead of failing.

/** A non-empty string field, or null. */
export function textField(entry: Entry | null | undefined, id: string): string | null {
  const value = entry?.[id];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The strings of a string-array field (other items are skipped). */
export function stringsField(entry: Entry | null | undefined, id: string): string[] {
  const value = entry?.[id];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];
}

/** A finite number field, or null. */
export function numberField(entry: Entry | null | undefined, id: string): number | null {
  const value = entry?.[id];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A boolean field, or null when it is not set. */
export function booleanField(entry: Entry | null | undefined, id: string): boolean | null {
  const value = entry?.[id];
  return typeof value === 'boolean' ? value : null;
}

/** An object field (date range, location, taxonomy term, quote…), or null. */
export function objectField(entry: Entry | null | undefined, id: string): Record<string, unknown> | null {
  const value = entry?.[id];
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * Whether a value is an entry the platform resolved. An unresolved link (past the link depth,
 * or beyond the platform's link budget) carries only `sys`, so there is nothing to show.
 */
export function isResolvedEntry(value: unknown): value is Entry {
  if (value === null || typeof value !== 'object') return false;
  const sys = (value as { sys?: unknown }).sys;
  if (sys === null || typeof sys !== 'object' || typeof (sys as { id?: unknown }).id !== 'string')
    return false;
  return Object.keys(value).some((key) => key !== 'sys');
}

/** The resolved entry an entry field links to, or null. */
export function linkedEntry(entry: Entry | null | undefined, id: string): Entry | null {
  const value = entry?.[id];
  return isResolvedEntry(value) ? value : null;
}

/** The resolved entries an entry-array field links to. */
export function linkedEntries(entry: Entry | null | undefined, id: string): Entry[] {
  const value = entry?.[id];
  return Array.isArray(value) ? value.filter(isResolvedEntry) : [];
}

/** The title of an entry: its entry title, else its `title` field. */
export function titleOf(entry: Entry): string {
  return entry.entryTitle ?? textField(entry, 'title') ?? '';
}

/** The site path of an entry (its URI), or null for entries that are not pages. */
export function pathOf(entry: Entry): string | null {
  const uri = entry.sys.uri;
  return typeof uri === 'string' && uri.startsWith('/') ? uri : null;
}
