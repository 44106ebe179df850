/** Cards per page of a section listing: fills rows of two, three and four. */
export const PAGE_SIZE = 24;

/** One page of a list. */
export interface Page<T> {
  items: T[];
  /** 1-based, within 1…pageCount. */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last item shown (0 when the list is empty). */
  first: number;
  last: number;
}

/** The page number a `page` query value asks for: a whole number from 1, else 1. */
export function requestedPage(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The items of one page; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], requested: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  const start = (page - 1) * size;
  const shown = items.slice(start, start + size);
  return {
    items: shown,
    page,
    pageCount,
    total: items.length,
    first: shown.length ? start + 1 : 0,
    last: start + shown.length,
  };
}

/**
 * The query string of a page, keeping the listing's other parameters from `search`: no
 * `page` for the first, so it has one address.
 */
export function pageSearch(page: number, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
