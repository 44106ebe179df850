import type { StoredEntry, VersionStatus } from '../../contract.js';
import { type EntryVersionRecord, parseEntryData, updateEntryVersionData } from '../../db/entries.js';
import type { Db } from '../../db/open.js';
import { entryVersionsReferencing, getTag } from '../../db/tags.js';
import { indexEntryVersion } from '../../search/index.js';
import { putInRecycleBin, recycledMentioning } from '../entries/recycle-bin.js';
import type { EntryUsageInfo } from '../usage-list.js';
import { type ReplacementTag, replaceTagReferences } from './tag-references.js';
import { tagUsageItems, type UsagePlace, usagePlace } from './tag-usage.js';
import type { TagDocument, TagResource } from './tags.js';

/** The usages of a tag in one version status, and how many sit in archived or deleted entries. */
export interface TagUsage {
  items: EntryUsageInfo[];
  archived: number;
  recycleBin: number;
}

/**
 * Every use of a tag in entries of the given version status (optionally of one language,
 * optionally with `q` in the entry title), by title: one item per place the tag sits. Uses in
 * archived entries and in the recycle bin are only counted. Candidates come from the search
 * index (every stored version is indexed when written) and are confirmed by parsing.
 */
export function findTagUsage(
  db: Db,
  projectId: string,
  tagId: string,
  options: { status: VersionStatus; language?: string; q?: string },
): TagUsage {
  const usage: TagUsage = { items: [], archived: 0, recycleBin: 0 };
  for (const record of entryVersionsReferencing(db, projectId, tagId)) {
    if (options.status === 'latest' ? !record.isLatest : !record.isPublished) continue;
    if (options.language !== undefined && record.language !== options.language) continue;
    const entry = parseEntryData(record);
    const items = tagUsageItems({ ...record, entry }, tagId);
    const place: UsagePlace = usagePlace(entry);
    if (place === 'archived') usage.archived += items.length;
    else if (place === 'recycleBin') usage.recycleBin += items.length;
    else if (options.q === undefined || record.entryTitle.toLowerCase().includes(options.q))
      usage.items.push(...items);
  }
  for (const variation of recycledMentioning(db, projectId, tagId)) {
    if (options.language !== undefined && variation.language !== options.language) continue;
    const entry =
      options.status === 'published' ? (variation.published ?? variation.latest) : variation.latest;
    usage.recycleBin += tagUsageItems({ ...variation, entryTitle: '', entry }, tagId).length;
  }
  return usage;
}

/** A tag as served: with `usageCount`, how many places in latest entry versions use it. */
export function tagResource(db: Db, projectId: string, tag: TagDocument): TagResource {
  return { ...tag, usageCount: findTagUsage(db, projectId, tag.id, { status: 'latest' }).items.length };
}

/** An entry version whose stored JSON was rewritten. */
export interface RewrittenEntry {
  record: EntryVersionRecord;
  entry: StoredEntry;
}

/**
 * Re-points every stored entry version (latest and published) that uses one of `tagIds` to
 * the replacement tag, or removes the references without one, and re-indexes each changed
 * version for search; entries in the recycle bin are re-pointed too, so restoring one brings
 * back no dangling tag. Call inside the write's transaction. Returns the changed live
 * versions, for events.
 */
export function repointTagUsages(
  db: Db,
  projectId: string,
  tagIds: ReadonlySet<string>,
  replacementId: string | undefined,
): RewrittenEntry[] {
  const replacementTag = replacementId === undefined ? undefined : getTag(db, projectId, replacementId);
  const replacement: ReplacementTag | null = replacementTag
    ? {
        id: replacementTag.id,
        value: replacementTag.value,
        groupId: replacementTag.groupId,
        label: replacementTag.label,
      }
    : null;
  const seen = new Set<number>();
  const rewritten: RewrittenEntry[] = [];
  for (const tagId of tagIds) {
    for (const record of entryVersionsReferencing(db, projectId, tagId)) {
      if (seen.has(record.doc)) continue;
      seen.add(record.doc);
      const entry = replaceTagReferences(parseEntryData(record), tagIds, replacement);
      if (!entry) continue;
      updateEntryVersionData(db, record.doc, JSON.stringify(entry), record.entryTitle);
      indexEntryVersion(db, record.doc, entry);
      rewritten.push({ record, entry });
    }
    for (const variation of recycledMentioning(db, projectId, tagId)) {
      const latest = replaceTagReferences(variation.latest, tagIds, replacement);
      const published = variation.published && replaceTagReferences(variation.published, tagIds, replacement);
      if (!latest && !published) continue;
      putInRecycleBin(db, {
        ...variation,
        latest: latest ?? variation.latest,
        ...(variation.published ? { published: published ?? variation.published } : {}),
      });
    }
  }
  return rewritten;
}
