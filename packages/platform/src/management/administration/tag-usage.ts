import type { EntryUsageInfo } from '../usage-list.js';
import { tagUsagePaths } from './tag-references.js';
import { isJsonObject } from './validation.js';

/** A stored entry version as the usage scan reads it. */
export interface UsageCandidate {
  entryId: string;
  language: string;
  contentTypeId: string;
  dataFormat: string;
  entryTitle: string;
  /** The parsed entry JSON. */
  entry: Record<string, unknown>;
}

/** Where a usage counts: in the list, among archived entries, or in the recycle bin. */
export type UsagePlace = 'live' | 'archived' | 'recycleBin';

/**
 * Where an entry's usages count: entries whose workflow state is `archived` are archived;
 * entries marked deleted (`sys.version.deleted`, or workflow state `deleted`) are in the
 * recycle bin; the rest are listed. (Variations in the recycle bin table are counted by the
 * caller.)
 */
export function usagePlace(entry: Record<string, unknown>): UsagePlace {
  const sys = isJsonObject(entry.sys) ? entry.sys : {};
  const workflow = isJsonObject(sys.workflow) ? sys.workflow : {};
  const version = isJsonObject(sys.version) ? sys.version : {};
  const state = typeof workflow.state === 'string' ? workflow.state.toLowerCase() : '';
  if (state === 'deleted' || (typeof version.deleted === 'string' && version.deleted !== ''))
    return 'recycleBin';
  if (state === 'archived') return 'archived';
  return 'live';
}

/**
 * The usage items of one entry variation for a tag: one per place the tag sits (`topics[1]`),
 * as the entry usage lists do; none when the entry does not in fact use it (candidates come
 * from a text match).
 *
 * @example
 * tagUsageItems(candidate, tagId).map((item) => item.fieldId); // ['topics[0]']
 */
export function tagUsageItems(candidate: UsageCandidate, tagId: string): EntryUsageInfo[] {
  const paths = tagUsagePaths(candidate.entry).get(tagId) ?? [];
  const sys = isJsonObject(candidate.entry.sys) ? candidate.entry.sys : {};
  const workflow = isJsonObject(sys.workflow) ? sys.workflow : {};
  const description = candidate.entry.entryDescription;
  return paths.map((fieldId) => ({
    id: candidate.entryId,
    title: candidate.entryTitle === '' ? null : candidate.entryTitle,
    description: typeof description === 'string' && description !== '' ? description : null,
    fieldId,
    contentTypeId: candidate.contentTypeId,
    dataFormat: candidate.dataFormat,
    language: candidate.language,
    workflowState: typeof workflow.state === 'string' ? workflow.state : 'versionComplete',
  }));
}
