import { badRequest } from '../../delivery/errors.js';
import type { TagDocument, TagGroupResource } from './tags.js';
import { LIMITS } from './validation.js';

/** One sort key of a list: a property and a direction. */
export interface ListOrder {
  key: string;
  descending: boolean;
}

/** Sort keys of tag lists. `label` sorts by the label in the requested language. */
export const TAG_ORDER_KEYS = [
  'value',
  'label',
  'groupId',
  'id',
  'version.created',
  'version.modified',
] as const;

/** Sort keys of tag group lists. */
export const TAG_GROUP_ORDER_KEYS = [
  'id',
  'name',
  'description',
  'tagCount',
  'version.created',
  'version.modified',
] as const;

/**
 * Parses an `order` parameter: comma-separated keys (what the client sends for an array),
 * each optionally prefixed `-` for descending or `+` for ascending, matched without regard to
 * case. An unknown key is a 400 listing the known ones.
 *
 * @example
 * parseOrder('-label,value', TAG_ORDER_KEYS); // [{ key: 'label', descending: true }, { key: 'value', descending: false }]
 */
export function parseOrder(value: string | undefined, allowed: readonly string[]): ListOrder[] {
  if (value === undefined || value.trim() === '') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const descending = part.startsWith('-');
      const name = part.replace(/^[-+]/, '');
      const key = allowed.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
      if (!key) {
        throw badRequest(`The 'order' parameter may only name ${allowed.join(', ')}`, {
          order: part.slice(0, 100),
        });
      }
      return { key, descending };
    });
}

/** A `q` parameter: trimmed, lower-cased text to look for; a 400 when absurdly long. */
export function parseSearchText(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.length > LIMITS.name)
    throw badRequest(`The 'q' parameter must be at most ${LIMITS.name} characters long`);
  return text.toLowerCase();
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

/** The label of a tag in `language`, else in any language (the first stored). */
export function tagLabel(tag: Pick<TagDocument, 'label'>, language?: string): string {
  if (language && tag.label[language] !== undefined) return tag.label[language]!;
  return Object.values(tag.label)[0] ?? '';
}

function tagKey(tag: TagDocument, key: string, language?: string): unknown {
  switch (key) {
    case 'label':
      return tagLabel(tag, language);
    case 'version.created':
      return tag.version.created;
    case 'version.modified':
      return tag.version.modified;
    default:
      return tag[key as 'value' | 'groupId' | 'id'];
  }
}

function groupKey(group: TagGroupResource, key: string): unknown {
  if (key === 'version.created') return group.version.created;
  if (key === 'version.modified') return group.version.modified;
  return group[key as 'id' | 'name' | 'description' | 'tagCount'];
}

function sortBy<T>(items: T[], order: readonly ListOrder[], value: (item: T, key: string) => unknown): T[] {
  return [...items].sort((a, b) => {
    for (const { key, descending } of order) {
      const difference = compareValues(value(a, key), value(b, key));
      if (difference !== 0) return descending ? -difference : difference;
    }
    return 0;
  });
}

/**
 * Tags matching `q` (in their value or label — the label in `language` when given, else any
 * label), sorted by `order`, then by value and id. Usage counts are left to the caller, who
 * only needs them for one page.
 *
 * @example
 * filterTags(tags, { q: 'trans', language: 'en-GB', order: parseOrder('-label', TAG_ORDER_KEYS) });
 */
export function filterTags(
  tags: readonly TagDocument[],
  options: { q?: string; language?: string; order: readonly ListOrder[] },
): TagDocument[] {
  const { q, language } = options;
  const matching = q
    ? tags.filter((tag) => {
        const labels = language ? [tag.label[language] ?? ''] : Object.values(tag.label);
        return [tag.value, ...labels].some((text) => text.toLowerCase().includes(q));
      })
    : [...tags];
  const order = [...options.order, { key: 'value', descending: false }, { key: 'id', descending: false }];
  return sortBy(matching, order, (tag, key) => tagKey(tag, key, language));
}

/**
 * Tag groups matching `q` (in id, name or description), sorted by `order`, then by name and id.
 *
 * @example
 * filterTagGroups(groups, { q: 'topic', order: [] });
 */
export function filterTagGroups(
  groups: readonly TagGroupResource[],
  options: { q?: string; order: readonly ListOrder[] },
): TagGroupResource[] {
  const { q } = options;
  const matching = q
    ? groups.filter((group) =>
        [group.id, group.name, group.description].some((text) => text.toLowerCase().includes(q)),
      )
    : [...groups];
  const order = [...options.order, { key: 'name', descending: false }, { key: 'id', descending: false }];
  return sortBy(matching, order, groupKey);
}
