import { ASSET_ROOTS } from '../assets/uri.js';
import { parseIsoDate } from './dates.js';
import { LONG_TEXT_LENGTH, TEXT_KEY_LENGTH, UNINDEXED_SYS_KEYS } from './fields.js';
import { asciiLower, plainText } from './text.js';
import type { EntryJson } from './types.js';

/** One `search_values` row before its path is turned into an id. */
export interface FlatValue {
  path: string;
  seq: number;
  text: string;
  long: string | null;
  num: number | null;
}

/** One `search_geo` row: a `{ lat, lon }` object found at `path`. */
export interface FlatGeo {
  path: string;
  seq: number;
  lat: number;
  lon: number;
}

/** Everything the indexer writes for one entry. */
export interface FlatEntry {
  values: FlatValue[];
  geo: FlatGeo[];
  /** Full-text rows: plain text per path (array elements and composer items joined). */
  texts: Map<string, string[]>;
  /** The synthetic searchContent text: all full-text rows plus link URIs. */
  content: string[];
  /** The entry's language (`sys.language`), which decides how its words are analysed. */
  language?: string;
}

// Resolved links can nest entries inside entries; nothing real goes this deep.
const MAX_DEPTH = 48;

/**
 * Flattens an entry into index rows: one value per leaf under its dot path (arrays expand
 * under the same path, without `[]`), location objects into geo rows, and the text of
 * non-`sys` strings into full-text rows. Empty strings, `null` and empty arrays/objects
 * produce nothing, which is what makes `exists: false` match them. Repeated values of one
 * path (case-insensitively) are stored once, so aggregation counts are per document.
 */
export function flattenEntry(entry: EntryJson): FlatEntry {
  const out: FlatEntry = { values: [], geo: [], texts: new Map(), content: [] };
  if (typeof entry.sys?.language === 'string') out.language = entry.sys.language;
  const state: WalkState = { out, paths: new Map() };
  for (const key of Object.keys(entry)) {
    const value = entry[key];
    if (key === 'sys' && isObject(value)) {
      for (const sysKey of Object.keys(value)) {
        if (UNINDEXED_SYS_KEYS.has(sysKey)) continue;
        walk(state, value[sysKey], `sys.${sysKey}`, true, 1);
      }
      continue;
    }
    walk(state, value, key, false, 0);
  }
  for (const parts of out.texts.values()) out.content.push(...parts);
  // Synthetic fields repeat others (entryTitle is the title field, entryTags the tags):
  // all text once is enough for searchContent.
  out.content = [...new Set(out.content)];
  return out;
}

interface WalkState {
  out: FlatEntry;
  /** What each path holds so far; one map lookup per value (there are millions in a seed). */
  paths: Map<string, PathValues>;
}

interface PathValues {
  /** The seq of the next value. */
  seq: number;
  /** The first value, for when a second one comes. */
  first: string;
  /** Values already stored, folded, once the path repeats. */
  seen: Set<string> | undefined;
}

function walk(state: WalkState, value: unknown, path: string, inSys: boolean, depth: number): void {
  if (value === null || value === undefined || depth > MAX_DEPTH) return;
  switch (typeof value) {
    case 'string':
      addString(state, path, value, inSys);
      return;
    case 'number':
      if (Number.isFinite(value)) addValue(state, path, String(value), null, value);
      return;
    case 'boolean':
      addValue(state, path, value ? 'true' : 'false', null, value ? 1 : 0);
      return;
    case 'object':
      break;
    default:
      return;
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(state, item, path, inSys, depth + 1);
    return;
  }
  const object = value as Record<string, unknown>;
  const { lat, lon } = object;
  if (typeof lat === 'number' && typeof lon === 'number' && isLatitude(lat) && isLongitude(lon)) {
    const seq = state.out.geo.filter((g) => g.path === path).length;
    state.out.geo.push({ path, seq, lat, lon });
  }
  for (const key of Object.keys(object)) {
    walk(state, object[key], `${path}.${key}`, inSys || key === 'sys', depth + 1);
  }
}

function addString(state: WalkState, path: string, value: string, inSys: boolean): void {
  if (value.trim() === '') return;
  const long = value.length > TEXT_KEY_LENGTH ? value.slice(0, LONG_TEXT_LENGTH) : null;
  const text = long === null ? value : value.slice(0, TEXT_KEY_LENGTH);
  const date = parseIsoDate(value);
  if (!addValue(state, path, text, long, typeof date === 'number' ? date : null)) return;
  if (!inSys) {
    const parts = state.out.texts.get(path);
    const plain = plainText(value);
    if (parts) parts.push(plain);
    else state.out.texts.set(path, [plain]);
  } else if (path.endsWith('.sys.uri') && !path.startsWith('sys.') && !isAssetUri(value)) {
    // The URI of a linked entry ("/people/sam-jones") is the only text of an unresolved link.
    // A picture's or file's address is machine text: searched as words, "library" or "jpg"
    // would match every entry with a picture.
    state.out.content.push(value);
  }
}

/** Adds a value row unless the path already holds it; returns whether it was added. */
function addValue(
  state: WalkState,
  path: string,
  text: string,
  long: string | null,
  num: number | null,
): boolean {
  const held = state.paths.get(path);
  if (held === undefined) {
    state.paths.set(path, { seq: 1, first: long ?? text, seen: undefined });
    state.out.values.push({ path, seq: 0, text, long, num });
    return true;
  }
  // Second value of this path: start from the first one (seq 0).
  held.seen ??= new Set([asciiLower(held.first)]);
  const key = asciiLower(long ?? text);
  if (held.seen.has(key)) return false;
  held.seen.add(key);
  state.out.values.push({ path, seq: held.seq, text, long, num });
  held.seq += 1;
  return true;
}

function isAssetUri(text: string): boolean {
  return ASSET_ROOTS.some((root) => text.startsWith(root));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}

function isLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}
