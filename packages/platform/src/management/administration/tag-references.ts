/**
 * How entries refer to tags. The contract shows no tag field value, so the platform uses the
 * shape of its other links: a tag value is an object whose `sys` names the tag and says it is
 * one, `{ "sys": { "id": "<tag id>", "dataFormat": "tag" } }`, optionally with more properties
 * (a copy of `value`, `label` or `groupId`). A tag field holds one such object
 * (`dataType: 'object'`) or an array of them (`dataType: 'objectArray'`); they may also sit
 * deeper, inside composer items or components. Only the data fields are searched, never `sys`.
 */
import { isJsonObject } from './validation.js';

/** A tag value inside an entry. */
export interface TagReference {
  sys: { id: string; dataFormat: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** The tag a reference is re-pointed to: its id and the properties a reference may copy. */
export interface ReplacementTag {
  id: string;
  value: string;
  groupId: string;
  label: Record<string, string>;
}

/** Whether a JSON value is a tag value (`{ sys: { id, dataFormat: 'tag' } }`). */
export function isTagReference(value: unknown): value is TagReference {
  if (!isJsonObject(value) || !isJsonObject(value.sys)) return false;
  const { id, dataFormat } = value.sys;
  return typeof id === 'string' && typeof dataFormat === 'string' && dataFormat.toLowerCase() === 'tag';
}

/**
 * Every place each tag is used in an entry's data fields, by tag id, as field paths in the
 * style of the contract's usage lists (`topics[0]`, `body[2].value.topics`), in document order.
 *
 * @example
 * tagUsagePaths({ sys, topics: [{ sys: { id: 't1', dataFormat: 'tag' } }] }); // Map { 't1' => ['topics[0]'] }
 */
export function tagUsagePaths(entry: Record<string, unknown>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (value: unknown, path: string): void => {
    if (isTagReference(value)) {
      const paths = found.get(value.sys.id);
      if (paths) paths.push(path);
      else found.set(value.sys.id, [path]);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, `${path}[${index}]`);
      });
    } else if (isJsonObject(value)) {
      for (const [key, child] of Object.entries(value)) visit(child, `${path}.${key}`);
    }
  };
  for (const [key, value] of Object.entries(entry)) if (key !== 'sys') visit(value, key);
  return found;
}

/**
 * Re-points every reference to one of `tagIds` in an entry's data fields to `replacement`, or
 * removes it when there is none (an array loses the item; a single-valued field becomes
 * `null`). In an array that already refers to the replacement, the re-pointed item is dropped
 * rather than listed twice. Properties a reference copies from its tag (`value`, `label`,
 * `groupId`) are updated too. Returns the new entry, or `undefined` when nothing referred to
 * the tags; the input is never changed.
 *
 * @example
 * replaceTagReferences(entry, new Set([oldId]), { id: newId, value: 'transport', groupId: 'topics', label });
 */
export function replaceTagReferences<T extends Record<string, unknown>>(
  entry: T,
  tagIds: ReadonlySet<string>,
  replacement: ReplacementTag | null,
): T | undefined {
  let changed = false;
  const repoint = (reference: TagReference): TagReference | null => {
    if (!replacement) return null;
    const next: TagReference = { ...reference, sys: { ...reference.sys, id: replacement.id } };
    for (const key of ['value', 'groupId', 'label'] as const) {
      if (key in reference) next[key] = replacement[key];
    }
    return next;
  };
  const visit = (value: unknown): unknown => {
    if (isTagReference(value)) {
      if (!tagIds.has(value.sys.id)) return value;
      changed = true;
      return repoint(value);
    }
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      const present = new Set(value.filter(isTagReference).map((item) => item.sys.id));
      for (const item of value) {
        if (isTagReference(item) && tagIds.has(item.sys.id)) {
          changed = true;
          if (!replacement || present.has(replacement.id)) continue;
          present.add(replacement.id);
          items.push(repoint(item));
        } else {
          items.push(visit(item));
        }
      }
      return items;
    }
    if (isJsonObject(value)) {
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) copy[key] = visit(child);
      return copy;
    }
    return value;
  };
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) result[key] = key === 'sys' ? value : visit(value);
  return changed ? (result as T) : undefined;
}
