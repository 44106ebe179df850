import type { JsonObject } from '../contract.js';

/** The `sys` keys every served entry keeps, whatever `fields` says (contract §2.1). */
export const MINIMAL_SYS_KEYS = [
  'id',
  'dataFormat',
  'language',
  'contentTypeId',
  'uri',
  'versionStatus',
] as const;

/**
 * A parsed `fields` list (contract §2.1).
 *
 * - Names without `-` select: only the named data fields are returned. `sys` selects the whole
 *   `sys`; `sys.<path>` adds that optional sys field to the minimal set. When anything is
 *   selected and `sys` itself is not, `sys` is the minimal set plus the selected sys paths.
 * - `-name` excludes a data field (dotted names remove a nested key); `-sys` reduces `sys` to
 *   the minimal set; `-sys.<path>` removes one sys path.
 * - `sys.versionStatus` and the rest of the minimal set are never removed.
 */
export interface FieldSelection {
  /** Top-level data fields to keep; undefined = all. */
  readonly include: ReadonlySet<string> | undefined;
  /** Sys paths (after `sys.`) added to the minimal set; undefined = the whole sys. */
  readonly sysInclude: readonly string[] | undefined;
  /** Data field paths to drop. */
  readonly exclude: readonly string[];
  /** Sys paths (after `sys.`) to drop. */
  readonly sysExclude: readonly string[];
}

/**
 * Parses a `fields` list; undefined when the list is empty (everything is returned).
 *
 * @example
 * parseFieldSelection(['title', 'sys.version', '-body']);
 */
export function parseFieldSelection(fields: readonly string[]): FieldSelection | undefined {
  if (fields.length === 0) return undefined;
  const include = new Set<string>();
  const sysInclude: string[] = [];
  const exclude: string[] = [];
  const sysExclude: string[] = [];
  let selecting = false;
  let wholeSys = false;
  for (const raw of fields) {
    const excluded = raw.startsWith('-');
    const name = (excluded || raw.startsWith('+') ? raw.slice(1) : raw).trim();
    if (name === '') continue;
    if (excluded) {
      if (name === 'sys') sysExclude.push('*');
      else if (name.startsWith('sys.')) sysExclude.push(name.slice(4));
      else exclude.push(name);
      continue;
    }
    selecting = true;
    if (name === 'sys') wholeSys = true;
    else if (name.startsWith('sys.')) sysInclude.push(name.slice(4));
    else include.add(name.split('.')[0]!);
  }
  return {
    include: selecting ? include : undefined,
    sysInclude: selecting && !wholeSys ? sysInclude : undefined,
    exclude,
    sysExclude,
  };
}

/**
 * Applies a selection to an entry and returns a new entry; `entry` is not modified (objects
 * along changed paths are copied).
 */
export function applyFieldSelection(entry: JsonObject, selection: FieldSelection | undefined): JsonObject {
  const sys = entry.sys as JsonObject;
  if (!selection) return entry;
  let result: JsonObject = {};
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'sys') continue;
    if (selection.include && !selection.include.has(key)) continue;
    result[key] = value;
  }
  for (const path of selection.exclude) result = withoutPath(result, path.split('.'));
  let newSys: JsonObject;
  if (selection.sysInclude || selection.sysExclude.includes('*')) {
    newSys = minimalSys(sys);
    for (const path of selection.sysInclude ?? []) copyPath(sys, newSys, path.split('.'));
  } else {
    newSys = sys;
  }
  for (const path of selection.sysExclude) {
    if (path === '*') continue;
    const segments = path.split('.');
    if (segments.length === 1 && (MINIMAL_SYS_KEYS as readonly string[]).includes(segments[0]!)) continue;
    newSys = withoutPath(newSys, segments);
  }
  result.sys = newSys;
  return result;
}

/** The minimal sys set of an entry's sys. */
export function minimalSys(sys: JsonObject): JsonObject {
  const minimal: JsonObject = {};
  for (const key of MINIMAL_SYS_KEYS) if (sys[key] !== undefined) minimal[key] = sys[key];
  return minimal;
}

/** A copy of `object` without the value at `path` (only the objects on the path are copied). */
export function withoutPath(object: JsonObject, path: readonly string[]): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined || !(head in object)) return object;
  const copy = { ...object };
  if (rest.length === 0) {
    delete copy[head];
    return copy;
  }
  const child = copy[head];
  if (typeof child !== 'object' || child === null || Array.isArray(child)) return object;
  copy[head] = withoutPath(child as JsonObject, rest);
  return copy;
}

function copyPath(from: JsonObject, to: JsonObject, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !(head in from)) return;
  const value = from[head];
  if (rest.length === 0) {
    to[head] = value;
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const existing = to[head];
  const target: JsonObject =
    typeof existing === 'object' && existing !== null && !Array.isArray(existing)
      ? { ...(existing as JsonObject) }
      : {};
  to[head] = target;
  copyPath(value as JsonObject, target, rest);
}
