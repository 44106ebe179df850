import type { PagedList } from '../contract.js';
import { pagedList, pageOf } from '../delivery/paging.js';
import type { Paging } from '../delivery/params.js';

/**
 * One place an entry variation uses something (contract §4.2 EntryUsageInfo): a link to
 * another entry, or a tag value. Entry usage and tag usage answer with the same items.
 */
export interface EntryUsageInfo {
  id: string;
  title: string | null;
  description: string | null;
  /** Path of the use inside the using entry: `author`, `relatedCourses[1]`, `heroImage.asset`, `topics[0]`. */
  fieldId: string;
  contentTypeId: string;
  dataFormat: string;
  language: string;
  workflowState: string;
}

/** A usage page (contract §4.2): a paged list plus archive and recycle-bin counts. */
export interface PagedUsageList extends PagedList<EntryUsageInfo> {
  totalArchivedCount: number;
  totalRecycleBinCount: number;
}

/**
 * One page of the usages found, with how many more sit in archived entries and in the
 * recycle bin (those are counted, never listed).
 *
 * @example
 * usagePage({ pageIndex: 0, pageSize: 25 }, items, { archived: 0, recycleBin: 2 }).totalRecycleBinCount; // 2
 */
export function usagePage(
  paging: Paging,
  items: readonly EntryUsageInfo[],
  counts: { archived: number; recycleBin: number },
): PagedUsageList {
  return {
    ...pagedList(paging, items.length, pageOf(items, paging)),
    totalArchivedCount: counts.archived,
    totalRecycleBinCount: counts.recycleBin,
  };
}
