import type { JsonObject, StoredEntry } from '../../contract.js';
import { deleteEntryVersion, entryLanguages } from '../../db/entries.js';
import { HttpError, notFound } from '../../delivery/errors.js';
import type { PlatformEvent } from '../../events/bus.js';
import { type EntryOperationContext, entryEvent, loadVariation, resourceTypesOf } from './context.js';
import { ManagementEntryReader } from './reader.js';
import {
  forgetArchivedVersions,
  putInRecycleBin,
  type RecycledVariation,
  recycledVariationsOf,
  removeFromRecycleBin,
} from './recycle-bin.js';
import { projectLanguage, refreshAvailableLanguages } from './storage.js';

/** What a deletion removed: the events to publish once it committed. */
export interface EntryDeleteResult {
  events: PlatformEvent[];
  /** Languages deleted. */
  languages: string[];
}

/**
 * `DELETE P/entries/{id}?language=a,b&permanent=true` (contract §4.2). Deletes the named
 * language variations (all when none are named), all or nothing: a language the project does
 * not support is a 422, a variation that does not exist a 404, and then nothing is deleted.
 *
 * Without `permanent` the variations move to the recycle bin: gone from delivery, lists and
 * ordinary searches (their search index rows go with their stored versions), still visible to
 * management searches with `includeDeleted=true` and counted by usage lists. With `permanent`
 * they are removed for good — from the recycle bin too, with their version history. Nodes
 * that point at a deleted entry keep their `entryId` (delivery serves such nodes without an
 * entry), so the site view never breaks and restoring the entry reconnects them.
 */
export function deleteEntry(
  context: EntryOperationContext,
  entryId: string,
  languageList: readonly string[] | undefined,
  permanent: boolean,
): EntryDeleteResult {
  const { db, project } = context;
  return db
    .transaction((): EntryDeleteResult => {
      const live = entryLanguages(db, project.id, entryId, 'latest');
      const recycled = permanent ? recycledVariationsOf(db, project.id, entryId) : [];
      const known = new Set([...live, ...recycled.map((variation) => variation.language)]);
      let languages: string[];
      if (languageList === undefined || languageList.length === 0) {
        languages = [...known].sort();
        if (languages.length === 0)
          throw notFound('The entry could not be found', { entryId, projectId: project.id });
      } else {
        languages = [];
        for (const value of languageList) {
          const language = projectLanguage(project, value);
          if (!language) {
            throw new HttpError(422, `The language '${value.slice(0, 40)}' is not supported by the project`, {
              language: value.slice(0, 40),
            });
          }
          if (!known.has(language)) {
            throw notFound(`The entry has no '${language}' variation to delete`, {
              entryId,
              language,
              projectId: project.id,
            });
          }
          if (!languages.includes(language)) languages.push(language);
        }
      }

      const reader = new ManagementEntryReader(db, project);
      const removed: { stored: StoredEntry; entry: JsonObject }[] = [];
      const deleted = new Date(context.now()).toISOString();
      for (const language of languages) {
        const variation = loadVariation(db, project.id, entryId, language);
        const binned = recycled.find((candidate) => candidate.language === language);
        const stored = variation?.latestDoc ?? binned!.latest;
        const resourceType = resourceTypesOf(stored.sys.dataFormat).permission;
        context.authorize({ resourceType, id: stored.sys.contentTypeId, language }, 'delete');
        removed.push({
          stored,
          entry: variation
            ? reader.shape(stored, 'latest')
            : reader.shape(stored, 'latest', deletedFacts(binned!)),
        });
        if (variation) {
          if (!permanent) {
            const recycledVariation: RecycledVariation = {
              projectId: project.id,
              entryId,
              language,
              contentTypeId: variation.latest.contentTypeId,
              dataFormat: variation.latest.dataFormat,
              latest: variation.latestDoc,
              deleted,
              deletedBy: context.actor,
            };
            if (variation.publishedDoc && variation.published?.doc !== variation.latest.doc) {
              recycledVariation.published = variation.publishedDoc;
            }
            putInRecycleBin(db, recycledVariation);
          }
          // The search index rows go with the rows (trigger entry_versions_search_cleanup).
          if (variation.published && variation.published.doc !== variation.latest.doc) {
            deleteEntryVersion(db, variation.published.doc);
          }
          deleteEntryVersion(db, variation.latest.doc);
        }
        if (permanent) {
          removeFromRecycleBin(db, project.id, entryId, language);
          forgetArchivedVersions(db, project.id, entryId, language);
        }
      }
      refreshAvailableLanguages(db, project, entryId);
      return {
        languages,
        events: removed.map(({ stored, entry }) => entryEvent(context, 'deleted', stored, entry)),
      };
    })
    .immediate();
}

/** The `version.deleted` facts of a recycled variation. */
export function deletedFacts(variation: RecycledVariation): { at: string; by: string } {
  return { at: variation.deleted, by: variation.deletedBy };
}
