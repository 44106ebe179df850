import type { StoredEntry } from '../../contract.js';
import { isLink, isPlainObject } from '../../seed/links.js';
import type { EntryUsageInfo } from '../usage-list.js';
import { NON_FIELD_KEYS } from './validation.js';

/**
 * The paths of the data fields of `entry` that link to `targetId` (optionally only links to
 * its `language` variation). Synthetic fields (`entryThumbnail`, …) and `sys` are not
 * searched: they repeat what the real fields hold.
 *
 * @example
 * linkPaths(article, personId); // ['author']
 */
export function linkPaths(entry: StoredEntry, targetId: string, language?: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, `${path}[${index}]`);
      });
      return;
    }
    if (!isPlainObject(value)) return;
    if (isLink(value)) {
      if (
        value.sys.id === targetId &&
        (language === undefined || (value.sys.language ?? language) === language)
      )
        found.push(path);
      return;
    }
    for (const [key, item] of Object.entries(value)) visit(item, `${path}.${key}`);
  };
  for (const [key, value] of Object.entries(entry)) {
    if (!NON_FIELD_KEYS.has(key)) visit(value, key);
  }
  return found;
}

/** The usage items of one using entry: one per link to the target. */
export function usageItems(entry: StoredEntry, targetId: string, language?: string): EntryUsageInfo[] {
  return linkPaths(entry, targetId, language).map((fieldId) => ({
    id: entry.sys.id,
    title: typeof entry.entryTitle === 'string' ? entry.entryTitle : null,
    description: typeof entry.entryDescription === 'string' ? entry.entryDescription : null,
    fieldId,
    contentTypeId: entry.sys.contentTypeId,
    dataFormat: entry.sys.dataFormat,
    language: entry.sys.language,
    workflowState: entry.sys.workflow?.state ?? 'draft',
  }));
}
