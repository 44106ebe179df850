import type { WhereExpressionJson } from '../query/index.js';
import type { Entry, PagedSearchList, VersionStatus } from './models.js';

/** What the resolver needs from the client. */
export interface LinkResolverDeps {
  versionStatus: VersionStatus;
  search(where: WhereExpressionJson, pageSize: number): Promise<PagedSearchList<Entry>>;
}

/** Links fetched per search; keeps each search small and its URL short. */
export const RESOLVE_BATCH_SIZE = 100;
/** Levels followed at most, matching the platform's own link depth limit. */
export const MAX_RESOLVE_LEVELS = 10;

type Container = Record<string, unknown> | unknown[];

/** A place holding an unresolved link, and the path still to follow below it. */
interface Slot {
  container: Container;
  key: string | number;
  id: string;
  language: string;
  rest: string[] | null;
}

/** An entry whose fields are to be scanned, with the path to follow (null = every field, one level). */
interface Holder {
  entry: Entry;
  path: string[] | null;
}

/** Whether `value` is a link that has not been resolved: an object whose only key is `sys`, with an id. */
export function isUnresolvedLink(value: unknown): value is { sys: { id: string; language?: string } } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const sys = (value as { sys?: { id?: unknown } }).sys;
  return keys.length === 1 && keys[0] === 'sys' && typeof sys?.id === 'string';
}

function isEntry(value: unknown): value is Entry {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !isUnresolvedLink(value) &&
    typeof (value as Entry).sys?.id === 'string'
  );
}

function rootEntries(target: unknown): Entry[] {
  if (Array.isArray(target)) return target.filter(isEntry);
  if (isEntry(target)) return [target];
  const items = (target as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.filter(isEntry) : [];
}

/**
 * Resolves links in a copy of `target` (an entry, an entry array or a paged list). See
 * `EntryOperations.resolve` for the rules. Terminates: every level issues its searches once
 * and levels are capped, so a partial answer from the server leaves `null`s, never a hang.
 */
export async function resolveLinks<T>(
  target: T,
  fields: string[] | undefined,
  deps: LinkResolverDeps,
): Promise<T> {
  if (!target || typeof target !== 'object') return target;
  const copy = structuredClone(target);
  const paths = fields?.filter((field) => field.trim() !== '').map((field) => field.split('.'));
  let holders: Holder[] = [];
  for (const entry of rootEntries(copy)) {
    if (paths && paths.length > 0) for (const path of paths) holders.push({ entry, path });
    else holders.push({ entry, path: null });
  }

  for (let level = 0; level < MAX_RESOLVE_LEVELS && holders.length > 0; level++) {
    const slots: Slot[] = [];
    const next: Holder[] = [];
    for (const holder of holders) collectFromEntry(holder, slots, next);
    const found = await fetchAll(slots, deps);
    const emptied = new Set<unknown[]>();
    for (const slot of slots) {
      const entry = found.get(key(slot.id, slot.language)) ?? null;
      const current = (slot.container as Record<string | number, unknown>)[slot.key];
      if (!isUnresolvedLink(current)) {
        // The same container slot was filled by an earlier slot with the same link.
      } else if (entry) {
        (slot.container as Record<string | number, unknown>)[slot.key] = structuredClone(entry);
      } else {
        (slot.container as Record<string | number, unknown>)[slot.key] = null;
        if (Array.isArray(slot.container)) emptied.add(slot.container);
      }
      const placed = (slot.container as Record<string | number, unknown>)[slot.key];
      if (slot.rest && slot.rest.length > 0 && isEntry(placed)) next.push({ entry: placed, path: slot.rest });
    }
    for (const array of emptied) {
      for (let i = array.length - 1; i >= 0; i--) if (array[i] === null) array.splice(i, 1);
    }
    holders = next;
  }
  return copy;
}

function collectFromEntry(holder: Holder, slots: Slot[], next: Holder[]): void {
  const { entry, path } = holder;
  const language = entry.sys.language;
  if (!path) {
    for (const field of Object.keys(entry)) {
      if (field !== 'sys') collect(entry, field, null, language, slots, next);
    }
    return;
  }
  const [field, ...rest] = path;
  if (field && field in entry) collect(entry, field, rest, language, slots, next);
}

/** Finds unresolved links at `container[key]`, descending through arrays, images, composers and components. */
function collect(
  container: Container,
  key: string | number,
  rest: string[] | null,
  language: string,
  slots: Slot[],
  next: Holder[],
): void {
  const value = (container as Record<string | number, unknown>)[key];
  if (value === null || typeof value !== 'object') return;
  if (isUnresolvedLink(value)) {
    slots.push({ container, key, id: value.sys.id, language: value.sys.language || language, rest });
    return;
  }
  if (isEntry(value)) {
    // Already resolved: continue below it along the path, if any.
    if (rest && rest.length > 0) next.push({ entry: value, path: rest });
    return;
  }
  if (Array.isArray(value)) {
    // In a composer, a path segment naming an item type selects the items to follow.
    const itemType = rest && rest.length > 0 && isComposerType(value, rest[0]!) ? rest[0] : null;
    value.forEach((item, index) => {
      if (itemType === null) collect(value, index, rest, language, slots, next);
      else if ((item as { type?: unknown }).type === itemType) {
        collect(item as Container, 'value', rest!.slice(1), language, slots, next);
      }
    });
    return;
  }
  for (const inner of Object.keys(value)) {
    if (inner !== 'sys') collect(value as Container, inner, rest, language, slots, next);
  }
}

function isComposerType(items: unknown[], type: string): boolean {
  return items.some((item) => {
    const candidate = item as { type?: unknown } | null;
    return !!candidate && typeof candidate === 'object' && candidate.type === type && 'value' in candidate;
  });
}

function key(id: string, language: string): string {
  return `${id}\u0000${language}`;
}

async function fetchAll(slots: Slot[], deps: LinkResolverDeps): Promise<Map<string, Entry>> {
  const wanted = new Map<string, { id: string; language: string }>();
  for (const slot of slots) wanted.set(key(slot.id, slot.language), { id: slot.id, language: slot.language });
  const found = new Map<string, Entry>();
  const all = [...wanted.values()];
  for (let start = 0; start < all.length; start += RESOLVE_BATCH_SIZE) {
    const batch = all.slice(start, start + RESOLVE_BATCH_SIZE);
    const where: WhereExpressionJson = [
      {
        or: batch.map(({ id, language }) => ({
          and: [
            { field: 'sys.id', equalTo: id },
            { field: 'sys.language', equalTo: language },
            { field: 'sys.versionStatus', equalTo: deps.versionStatus },
          ],
        })),
      },
    ];
    const page = await deps.search(where, batch.length);
    for (const entry of page?.items ?? []) {
      if (isEntry(entry)) found.set(key(entry.sys.id, entry.sys.language), entry);
    }
  }
  return found;
}
