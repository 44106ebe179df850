/**
 * The members of an entry's or asset's `sys` a page inlines for the browser: what the
 * framework and components read (which entry, its content type, format, language and address,
 * whether it is published, an image's width and height). Owner, workflow, version history,
 * every address of the entry and the search metadata stay on the server (`?redux=true` shows
 * them): they were about a third of a page's inline state.
 */
export const INLINE_SYS_MEMBERS: readonly string[] = [
  'id',
  'contentTypeId',
  'dataFormat',
  'language',
  'uri',
  'versionStatus',
  'properties',
];

/**
 * The members of a site-view node a page inlines: what menus, breadcrumbs and listings read.
 * Parent id, project, slug, child count, canonical flag and version stay on the server.
 */
export const INLINE_NODE_MEMBERS: readonly string[] = [
  'id',
  'displayName',
  'path',
  'language',
  'includeInMenu',
  'entry',
  'children',
];

/**
 * Members of an asset that a page leaves out: the platform's own copies of an asset's title,
 * description and keywords (`entryTitle`, `entryDescription`, `entryTags`) and its thumbnail,
 * which is the asset itself. Images render from the asset's address, size and alt text.
 */
export const ASSET_ENTRY_MEMBERS: readonly string[] = [
  'entryTitle',
  'entryDescription',
  'entryTags',
  'entryThumbnail',
];

/** The state slices whose content (entries, assets, nodes) is trimmed for the inline state. */
export const CONTENT_SLICES: readonly string[] = ['routing', 'navigation', 'search'];

/**
 * What a page inlines of its content beyond the defaults, for components that read more in the
 * browser (for example `{ sys: ['version'] }` for a "last updated" line rendered from
 * `entry.sys.version.modified`).
 */
export interface InlineContentOptions {
  /** `sys` members kept besides {@link INLINE_SYS_MEMBERS}. */
  sys?: readonly string[];
  /** Node members kept besides {@link INLINE_NODE_MEMBERS}. */
  node?: readonly string[];
  /**
   * Whether the ancestors keep their entries (default false: breadcrumbs read the ancestors'
   * names and paths only).
   */
  ancestorEntries?: boolean;
  /** Whether assets keep their {@link ASSET_ENTRY_MEMBERS} (default false). */
  assetEntryMembers?: boolean;
}

/**
 * The values most of a page's content shares, left out of each `sys` and node that has them
 * and put back by {@link restoreInlineContent}: the page's language and version status.
 */
export interface InlineContentDefaults {
  language: string;
  versionStatus: string;
}

/** The key under which the inline state carries its {@link InlineContentDefaults}. */
export const DEFAULTS_KEY = '$contentDefaults';

/**
 * The key of a member that stands for another member of the same object with equal content
 * (an entry's `entryThumbnail` is usually a copy of its first image field).
 */
export const SAME_AS = '$sameAs';

/** A JSON object of the inline state. */
export type Json = Record<string, unknown>;

/** Whether a value is a plain object (not an array). */
export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value is an entry's or asset's `sys` (it has an id). */
export function isContentSys(value: unknown): value is Json {
  return isRecord(value) && typeof value.id === 'string';
}

/** Whether an object is a site-view node (id, path and display name, no `sys`). */
export function isNode(value: Json): boolean {
  return (
    typeof value.id === 'string' &&
    typeof value.path === 'string' &&
    typeof value.displayName === 'string' &&
    !('sys' in value)
  );
}

/**
 * The inline state as the state it was trimmed from, as the browser reads it before
 * hydrating: every {@link SAME_AS} reference replaced by the member it names, and the
 * {@link InlineContentDefaults} back in each `sys` and node of the content slices (a `sys`
 * without a format is an entry's, without `properties` has empty ones). The object is changed
 * in place and returned. A state that was not trimmed (`?redux=true`) comes back as it is.
 *
 * @example
 * restoreInlineContent({ routing: { entry: { heroImage: image, entryThumbnail: { $sameAs: 'heroImage' } } } });
 * // entry.entryThumbnail === entry.heroImage
 */
export function restoreInlineContent<T>(lean: T): T {
  if (!isRecord(lean)) return lean;
  const defaults = isRecord(lean[DEFAULTS_KEY])
    ? (lean[DEFAULTS_KEY] as unknown as InlineContentDefaults)
    : null;
  if (!defaults) return lean;
  delete lean[DEFAULTS_KEY];
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const record = value as Json;
    for (const [key, member] of Object.entries(record)) {
      if (isRecord(member) && typeof member[SAME_AS] === 'string' && Object.keys(member).length === 1) {
        record[key] = record[member[SAME_AS]];
      } else if (key === 'sys' && isContentSys(member)) {
        member.language ??= defaults.language;
        member.versionStatus ??= defaults.versionStatus;
        member.dataFormat ??= 'entry';
        member.properties ??= {};
      } else visit(member);
    }
    if (isNode(record)) {
      record.language ??= defaults.language;
      record.includeInMenu ??= true;
    }
  };
  for (const slice of CONTENT_SLICES) visit(lean[slice]);
  return lean;
}
