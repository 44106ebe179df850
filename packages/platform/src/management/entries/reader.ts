import type { JsonObject, ProjectResource, StoredEntry, VersionStatus } from '../../contract.js';
import { ContentTypeMemo } from '../../db/content-type-memo.js';
import type { ContentTypeResource } from '../../db/content-types.js';
import type { Db } from '../../db/open.js';
import { loadVariation } from './context.js';
import { toManagementEntry } from './shape.js';
import { variationLanguages } from './storage.js';
import { allowedEvents, workflowIdOf } from './workflow.js';

/**
 * Shapes stored versions into management entries (contract §4.2) with the facts that live
 * outside the stored document: the languages the entry has now, the ones its content type
 * supports that it lacks, and the workflow events allowed for its variation. Lookups are
 * memoised, so one reader serves one request (a list page, a search page).
 */
export class ManagementEntryReader {
  private readonly languages = new Map<string, string[]>();
  private readonly contentTypes: ContentTypeMemo;
  private readonly events = new Map<string, string[]>();

  constructor(
    private readonly db: Db,
    private readonly project: ProjectResource,
  ) {
    this.contentTypes = new ContentTypeMemo(db, project.id);
  }

  /**
   * The management form of a stored version. `versionStatus` says which version it is
   * (omitted for superseded versions); `deleted` marks recycle-bin entries, which allow no
   * workflow events.
   */
  shape(
    stored: StoredEntry,
    versionStatus?: VersionStatus,
    deleted?: { at: string; by: string },
  ): JsonObject {
    const { id, language, contentTypeId } = stored.sys;
    const available = this.availableLanguages(id);
    const supported = this.supportedLanguages(contentTypeId);
    return toManagementEntry(stored, {
      ...(versionStatus ? { versionStatus } : {}),
      availableLanguages: available,
      unavailableLanguages: supported.filter((candidate) => !available.includes(candidate)),
      allowedEvents: deleted ? [] : this.allowedEventsOf(id, language, contentTypeId),
      ...(deleted ? { deleted } : {}),
    });
  }

  /** Forgets what was looked up (after a write changed it). */
  reset(): void {
    this.languages.clear();
    this.events.clear();
  }

  /** A content type of the project, memoised. */
  contentType(id: string): ContentTypeResource | undefined {
    return this.contentTypes.get(id);
  }

  private availableLanguages(entryId: string): string[] {
    let found = this.languages.get(entryId);
    if (!found) {
      found = variationLanguages(this.db, this.project, entryId);
      this.languages.set(entryId, found);
    }
    return found;
  }

  private supportedLanguages(contentTypeId: string): string[] {
    const contentType = this.contentType(contentTypeId);
    const languages = Array.isArray(contentType?.supportedLanguages)
      ? contentType.supportedLanguages
      : this.project.supportedLanguages;
    return this.project.supportedLanguages.filter((language) => languages.includes(language));
  }

  private allowedEventsOf(entryId: string, language: string, contentTypeId: string): string[] {
    const key = `${entryId}|${language}`;
    let found = this.events.get(key);
    if (!found) {
      const variation = loadVariation(this.db, this.project.id, entryId, language);
      const contentType = this.contentType(contentTypeId);
      found = variation
        ? allowedEvents({
            workflowId: workflowIdOf(contentType),
            state: variation.latestDoc.sys.workflow.state,
            hasPublished: variation.published !== undefined,
            latestIsPublished: variation.latest.isPublished,
          })
        : [];
      this.events.set(key, found);
    }
    return found;
  }
}
