import type { PagedList } from '../contract.js';
import type { Paging } from './params.js';

/**
 * A paged list (contract §1.10): `pageCount = ceil(totalCount / pageSize)`, 0 when empty.
 *
 * @example
 * pagedList({ pageIndex: 0, pageSize: 25 }, 57, items).pageCount; // 3
 */
export function pagedList<T>(paging: Paging, totalCount: number, items: T[]): PagedList<T> {
  return {
    pageIndex: paging.pageIndex,
    pageSize: paging.pageSize,
    totalCount,
    pageCount: totalCount === 0 ? 0 : Math.ceil(totalCount / paging.pageSize),
    items,
  };
}

/** The items of one page of an in-memory list. */
export function pageOf<T>(items: readonly T[], paging: Paging): T[] {
  const start = paging.pageIndex * paging.pageSize;
  return items.slice(start, start + paging.pageSize);
}
