import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageOf, requestedPage } from './paging.js';

const items = Array.from({ length: 61 }, (_, i) => i + 1);

describe('paging', () => {
  it('reads the page from the query, 1 for anything else', () => {
    expect(requestedPage('3')).toBe(3);
    expect(requestedPage(null)).toBe(1);
    expect(requestedPage('0')).toBe(1);
    expect(requestedPage('-2')).toBe(1);
    expect(requestedPage('2abc')).toBe(1);
    expect(requestedPage('99999999')).toBe(1);
  });

  it('cuts a list into pages and clamps pages past the end', () => {
    expect(PAGE_SIZE).toBe(24);
    expect(pageOf(items, 1)).toMatchObject({ page: 1, pageCount: 3, total: 61, first: 1, last: 24 });
    const last = pageOf(items, 3);
    expect(last).toMatchObject({ page: 3, first: 49, last: 61 });
    expect(last.items).toHaveLength(13);
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf([], 2)).toMatchObject({ page: 1, pageCount: 1, total: 0, first: 0, last: 0, items: [] });
  });
});
