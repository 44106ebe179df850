import { describe, expect, it } from 'vitest';
import { search } from '../search.js';
import { categorySlug, EVENT_CATEGORIES, OPEN_DAYS_PATH } from './events.js';

describe('event categories and addresses', () => {
  it('writes a category as a slug', () => {
    expect(categorySlug('Open day')).toBe('open-day');
    expect(categorySlug(' Talks & Tours! ')).toBe('talks-tours');
  });

  it('sends the open-day calls to action to the listing filtered to open days', () => {
    expect(OPEN_DAYS_PATH).toBe('/events?category=open-day');
    const category = search.listings?.events?.filters?.category;
    const openDay = category?.items?.find((item) => `/events?category=${item.key}` === OPEN_DAYS_PATH);
    expect(openDay?.where).toEqual([{ field: 'category', equalTo: 'Open day' }]);
    expect(category?.items?.map((item) => item.title)).toEqual([...EVENT_CATEGORIES]);
  });
});
