import { derivedOnce } from '../delivery/shared-answers.js';
import {
  ASSET_ENTRY_MEMBERS,
  CONTENT_SLICES,
  DEFAULTS_KEY,
  INLINE_NODE_MEMBERS,
  INLINE_SYS_MEMBERS,
  type InlineContentDefaults,
  type InlineContentOptions,
  isContentSys,
  isNode,
  isRecord,
  type Json,
  SAME_AS,
} from './inline-content.js';

const isEmptyRecord = (value: unknown) => isRecord(value) && Object.keys(value).length === 0;

/**
 * Trimmed copies of the server delivery cache's shared answers (deeply frozen, the same
 * objects on every request), one memo per set of options and defaults they were trimmed with
 * (a site has one or two): an entry shown on every request is trimmed once, and its copy,
 * frozen too, serialised once.
 */
const sharedCopies = new Map<string, WeakMap<object, unknown>>();

/**
 * A page's lean state (see `leanState`) with the content in its {@link CONTENT_SLICES}
 * trimmed to what the browser reads: `sys` to {@link INLINE_SYS_MEMBERS}, site-view nodes to
 * {@link INLINE_NODE_MEMBERS} (the ancestors without their entries), assets without their
 * {@link ASSET_ENTRY_MEMBERS}; members that repeat an earlier member of the same entry
 * (`entryTitle` the `title` field, `entryThumbnail` the first image) replaced by a
 * {@link SAME_AS} reference; and the page's language, version status, the format `entry` and
 * empty `properties` left out of each `sys` and node (see {@link InlineContentDefaults}).
 * {@link restoreInlineContent} puts back the references and defaults. The state is not changed.
 *
 * @example
 * trimInlineContent({ routing: { entry: { heroImage: image, entryThumbnail: image, sys } } }, {}, defaults);
 * // { routing: { entry: { heroImage: image, entryThumbnail: { $sameAs: 'heroImage' }, sys: { id, … } } }, $contentDefaults: defaults }
 */
export function trimInlineContent(
  lean: Json,
  options: InlineContentOptions = {},
  defaults: InlineContentDefaults,
): Json {
  const sysMembers = new Set([...INLINE_SYS_MEMBERS, ...(options.sys ?? [])]);
  const nodeMembers = new Set([...INLINE_NODE_MEMBERS, ...(options.node ?? [])]);
  const assetDrops = new Set(options.assetEntryMembers ? [] : ASSET_ENTRY_MEMBERS);
  // One trimmed copy per object, so what the state shares stays shared (`routing.mappedEntry`
  // is usually `routing.entry`, which the state script writes once).
  const copies = new Map<object, unknown>();
  const variant = `${JSON.stringify(options)}|${defaults.language}|${defaults.versionStatus}`;
  let shared = sharedCopies.get(variant);
  if (!shared) {
    shared = new WeakMap();
    sharedCopies.set(variant, shared);
  }
  const memo = shared;
  const trim = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    let copy = copies.get(value);
    if (copy !== undefined) return copy;
    copy = derivedOnce(memo, value, trimObject);
    copies.set(value, copy);
    return copy;
  };
  const trimSys = (sys: Json): Json => {
    const kept: Json = {};
    for (const [key, member] of Object.entries(sys)) {
      if (!sysMembers.has(key)) continue;
      if (
        (key === 'language' && member === defaults.language) ||
        (key === 'versionStatus' && member === defaults.versionStatus)
      )
        continue;
      if ((key === 'dataFormat' && member === 'entry') || (key === 'properties' && isEmptyRecord(member)))
        continue;
      kept[key] = member;
    }
    return kept;
  };
  const trimObject = (value: object): unknown => {
    if (Array.isArray(value)) return value.map(trim);
    if (!isRecord(value)) return value;
    const sys = isContentSys(value.sys) ? value.sys : null;
    const node = !sys && isNode(value);
    const isAsset = sys?.dataFormat === 'asset';
    const trimmed: Json = {};
    for (const [key, member] of Object.entries(value)) {
      if (key === 'sys' && sys) trimmed.sys = trimSys(sys);
      else if (node && !nodeMembers.has(key)) continue;
      else if (
        node &&
        ((key === 'language' && member === defaults.language) || (key === 'includeInMenu' && member === true))
      )
        continue;
      else if (isAsset && assetDrops.has(key)) continue;
      else trimmed[key] = trim(member);
    }
    if (sys) shareRepeatedMembers(trimmed);
    return trimmed;
  };
  const result: Json = {};
  for (const [slice, value] of Object.entries(lean))
    result[slice] = CONTENT_SLICES.includes(slice) ? trim(value) : value;
  const routing = result.routing;
  if (!options.ancestorEntries && isRecord(routing) && Array.isArray(routing.currentNodeAncestors)) {
    result.routing = {
      ...routing,
      currentNodeAncestors: routing.currentNodeAncestors.map((node: unknown) => {
        if (!isRecord(node)) return node;
        const { entry: _entry, ...rest } = node;
        return rest;
      }),
    };
  }
  result[DEFAULTS_KEY] = defaults;
  return result;
}

/** Strings shorter than this are inlined twice rather than as a reference (which costs about 20 bytes). */
const SHORTEST_SHARED_TEXT = 24;

/**
 * Replaces members of an entry or asset that repeat an earlier member by a reference to it:
 * the platform's `entryTitle`, `entryDescription` and `entryTags` usually copy a field, and
 * `entryThumbnail` the first image field.
 */
function shareRepeatedMembers(content: Json): void {
  const seen = new Map<string, string>();
  for (const [key, member] of Object.entries(content)) {
    if (key === 'sys') continue;
    const text =
      typeof member === 'string'
        ? member.length >= SHORTEST_SHARED_TEXT
          ? `s${member}`
          : null
        : typeof member === 'object' &&
            member !== null &&
            (Array.isArray(member) ? member.length > 0 : 'asset' in member)
          ? `j${JSON.stringify(member)}`
          : null;
    if (text === null) continue;
    const first = seen.get(text);
    if (first === undefined) seen.set(text, key);
    else content[key] = { [SAME_AS]: first };
  }
}
