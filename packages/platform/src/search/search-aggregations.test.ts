import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { SearchError } from './errors.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest } from './types.js';

let db: Db;

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  const add = (fields: Record<string, unknown>, contentTypeId = 'article', isPublished = true) =>
    insertEntryVersion(db, { projectId: 'proj', entry: makeEntry(fields, { contentTypeId }), isPublished });
  add({ title: 'one', entryTags: ['Transport', 'roads'], rating: 1, featured: true });
  add({ title: 'two', entryTags: ['transport'], rating: 1 });
  add({ title: 'three', entryTags: ['transport', 'Events'], rating: 2 });
  add({ title: 'four', entryTags: ['events'], rating: 3 }, 'event');
  add({ title: 'five', rating: 3 }, 'event');
  add({ title: 'six', entryTags: [] });
  add({ title: 'draft', entryTags: ['transport', 'secret'] }, 'article', false);
});

function search(request: Partial<SearchRequest>) {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 1,
    defaultVersionStatus: 'published',
    allowLatest: true,
    ...request,
  });
}

describe('aggregations', () => {
  it('counts documents per value over the whole result, not the page', () => {
    const result = search({
      aggregations: { topics: { field: 'entryTags' }, types: { field: 'sys.contentTypeId' } },
    });
    expect(result.hits).toHaveLength(1);
    expect(result.totalCount).toBe(6);
    expect(result.aggregations).toEqual({
      topics: { Transport: 3, Events: 2, roads: 1 },
      types: { article: 4, event: 2 },
    });
    // Buckets come most frequent first, then by key.
    expect(Object.keys(result.aggregations!.topics!)).toEqual(['Transport', 'Events', 'roads']);
  });

  it('limits the number of buckets', () => {
    expect(search({ aggregations: { topics: { field: 'entryTags', size: 2 } } }).aggregations).toEqual({
      topics: { Transport: 3, Events: 2 },
    });
  });

  it('adds a missing bucket for documents without a value', () => {
    expect(
      search({ aggregations: { topics: { field: 'entryTags', missing: 'Untagged' } } }).aggregations,
    ).toEqual({
      topics: { Transport: 3, Events: 2, Untagged: 2, roads: 1 },
    });
    expect(search({ aggregations: { nope: { field: 'nothing', missing: 'None' } } }).aggregations).toEqual({
      nope: { None: 6 },
    });
  });

  it('follows the filters', () => {
    const result = search({
      where: [
        { field: 'sys.contentTypeId', equalTo: 'article' },
        { field: 'rating', exists: true },
      ],
      aggregations: {
        topics: { field: 'entryTags' },
        ratings: { field: 'rating' },
        flags: { field: 'featured' },
      },
    });
    expect(result.aggregations).toEqual({
      topics: { Transport: 3, Events: 1, roads: 1 },
      ratings: { 1: 2, 2: 1 },
      flags: { true: 1 },
    });
    expect(
      search({ where: [{ field: 'title', equalTo: 'none' }], aggregations: { t: { field: 'entryTags' } } }),
    ).toEqual({
      hits: [],
      totalCount: 0,
      aggregations: { t: {} },
    });
  });

  it('counts only the version rows searched', () => {
    const latest = search({
      where: [{ field: 'sys.versionStatus', equalTo: 'latest' }],
      aggregations: { topics: { field: 'entryTags[]' } },
    });
    expect(latest.aggregations!.topics).toMatchObject({ Transport: 4, secret: 1 });
  });

  it('rejects reserved names and malformed specs', () => {
    expect(() => search({ aggregations: { count: { field: 'entryTags' } } })).toThrow(SearchError);
    expect(() => search({ aggregations: { topics: 'entryTags' } })).toThrow('aggregations.topics: expected');
  });
});
