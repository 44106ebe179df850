import type { EntryLink, Entry as PlatformEntry, Image as PlatformImage, TaxonomyNode } from '@canopy/client';

/**
 * An entry of the platform, optionally with the data fields of its content type (as
 * `canopy-web types` generates them) and its content type id. Without arguments it is the
 * platform's entry as it comes: `sys`, the synthetic `entryTitle`… fields, and every other
 * field `unknown`.
 *
 * @example
 * import type { Course } from './content/generated/content-types.js';
 * function CourseTitle({ entry }: { entry: Entry<Course, 'course'> }) {
 *   return <h1>{entry.title}</h1>; // string | null | undefined, not unknown
 * }
 */
export type Entry<
  TFields extends object = Record<never, never>,
  TContentTypeId extends string = string,
> = PlatformEntry & TFields & { sys: { contentTypeId: TContentTypeId } };

/** An entry link the platform did not resolve (past the link depth): only its `sys`. */
export interface EntryLinkTo<TContentTypeId extends string = string> {
  sys: EntryLink['sys'] & { contentTypeId?: TContentTypeId };
}

/**
 * The value of an entry or asset link field: the linked entry when the platform resolved it
 * (within the link depth), else the bare link.
 *
 * @example
 * type Author = LinkTo<Entry<Person, 'person'>>;
 */
export type LinkTo<TEntry extends PlatformEntry> = TEntry | EntryLinkTo<TEntry['sys']['contentTypeId']>;

/** An image field: a link to an image asset (or the resolved asset) with its presentation. */
export type Image = PlatformImage;

/** A date and time as the platform writes it: ISO 8601, e.g. `2026-09-21T09:00:00Z`. */
export type DateTimeString = string;

/** A `daterange` field. */
export interface DateRange {
  from: DateTimeString;
  to: DateTimeString;
}

/** A `location` field (searches by distance add `distance`). */
export interface GeoLocation {
  lat: number;
  lon: number;
  distance?: number;
}

/** A `quote` field. */
export interface Quote {
  text: string;
  source: string;
}

/** A (legacy) `taxonomy` field: the chosen term of the project's taxonomy. */
export type TaxonomyTerm = TaxonomyNode;

/**
 * One item of a composer field: `type` names the item (one of the composer's allowed field
 * types), `value` holds what that item type holds.
 */
export interface ComposerItem<TType extends string = string, TValue = unknown> {
  type: TType;
  value: TValue;
}

/**
 * The linked entry when the platform resolved the link, else null (an unresolved link carries
 * only `sys`, so there is nothing of it to show).
 *
 * @example
 * const author = resolvedEntry(entry.author); // Entry<Person, 'person'> | null
 */
export function resolvedEntry<TEntry extends PlatformEntry>(
  link: LinkTo<TEntry> | null | undefined,
): TEntry | null {
  if (link === null || typeof link !== 'object') return null;
  const sys = (link as { sys?: unknown }).sys;
  if (sys === null || typeof sys !== 'object' || typeof (sys as { id?: unknown }).id !== 'string')
    return null;
  return Object.keys(link).some((key) => key !== 'sys') ? (link as TEntry) : null;
}
