import type { ProjectResource, StoredEntry } from '../../contract.js';
import {
  entryLanguages,
  getVariationVersions,
  insertEntryVersion,
  parseEntryData,
  updateEntryVersionData,
} from '../../db/entries.js';
import type { Db } from '../../db/open.js';
import { indexEntryVersion } from '../../search/index.js';

/**
 * Row-level helpers of the management writes: every stored version goes into `entry_versions`
 * and the search index together. Call inside the writer's transaction.
 */

/** Stores a version with the given status flags and indexes it; returns its doc number. */
export function storeVersion(
  db: Db,
  projectId: string,
  document: StoredEntry,
  flags: { isLatest: boolean; isPublished: boolean },
): number {
  const doc = insertEntryVersion(db, {
    projectId,
    entryId: document.sys.id,
    language: document.sys.language,
    isLatest: flags.isLatest,
    isPublished: flags.isPublished,
    contentTypeId: document.sys.contentTypeId,
    dataFormat: document.sys.dataFormat,
    versionNo: document.sys.version.versionNo,
    entryTitle: typeof document.entryTitle === 'string' ? document.entryTitle : '',
    data: JSON.stringify(document),
  });
  indexEntryVersion(db, doc, document);
  return doc;
}

/**
 * Brings `sys.availableLanguages` of every stored version of an entry up to date after a
 * variation was added or removed (delivery serves it from the stored document).
 */
export function refreshAvailableLanguages(db: Db, project: ProjectResource, entryId: string): void {
  const languages = variationLanguages(db, project, entryId);
  for (const language of languages) {
    for (const record of getVariationVersions(db, project.id, entryId, language)) {
      const stored = parseEntryData(record);
      const current = stored.sys.availableLanguages ?? [];
      if (current.length === languages.length && current.every((value, i) => value === languages[i]))
        continue;
      const updated: StoredEntry = { ...stored, sys: { ...stored.sys, availableLanguages: languages } };
      updateEntryVersionData(db, record.doc, JSON.stringify(updated), record.entryTitle);
      indexEntryVersion(db, record.doc, updated);
    }
  }
}

/**
 * The project language a value names, matched without regard to letter case (`en-gb` →
 * `en-GB`), or undefined when the project does not support it.
 */
export function projectLanguage(project: ProjectResource, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const wanted = value.trim().toLowerCase();
  return project.supportedLanguages.find((language) => language.toLowerCase() === wanted);
}

/**
 * The languages an entry has a latest version in, in the project's order (primary language
 * first), as `sys.availableLanguages` lists them.
 */
export function variationLanguages(
  db: Db,
  project: ProjectResource,
  entryId: string,
  extra?: string,
): string[] {
  const languages = new Set(entryLanguages(db, project.id, entryId, 'latest'));
  if (extra !== undefined) languages.add(extra);
  const rank = (language: string) => {
    const index = project.supportedLanguages.indexOf(language);
    return index < 0 ? project.supportedLanguages.length : index;
  };
  return [...languages].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
