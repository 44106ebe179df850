import type { Entry } from '@canopy/client';
import { describe, expect, it } from 'vitest';
import type { SearchQueryParams } from '../config.js';
import { buildSearchQuery } from '../query-builder.js';
import { buildSuggestionQuery, groupSuggestions } from './query.js';

const everything: SearchQueryParams = {
  contentTypeIds: ['course', 'newsArticle', 'event', 'person', 'contentPage'],
  includeInSearch: ['sys.metadata.includeInSearch'],
  fields: ['entryTitle', 'entryDescription', 'heroImage', 'sys.uri'],
  featuredResults: { contentTypeId: 'course', count: 2 },
  aggregations: { types: { field: 'sys.contentTypeId', size: 10 } },
  linkDepth: 1,
  pageSize: 10,
};

function entry(id: string, contentTypeId: string, title: string, uri: string | null = `/${id}`): Entry {
  return { entryTitle: title, sys: { id, contentTypeId, uri } } as unknown as Entry;
}

describe('buildSuggestionQuery', () => {
  it('searches as the facet does, on a small first page with only what a suggestion shows', () => {
    const query = buildSuggestionQuery(everything, 'open day', { versionStatus: 'published', pageSize: 6 });
    const facetQuery = buildSearchQuery({
      queryParams: everything,
      term: 'open day',
      versionStatus: 'published',
    });
    // The same where clause as the results page: the same content types, term fields and rules.
    expect(query.where.toJSON()).toEqual(facetQuery.where.toJSON());
    expect(query.pageIndex).toBe(0);
    expect(query.pageSize).toBe(6);
    expect(query.fields).toEqual(['entryTitle', 'sys.uri']);
    expect(query.aggregations).toEqual({});
  });

  it('keeps the language and the version status it is given', () => {
    const query = buildSuggestionQuery(everything, 'mar', { versionStatus: 'latest', language: 'cy' });
    const where = JSON.stringify(query.where.toJSON());
    expect(where).toContain('"latest"');
    expect(where).toContain('"cy"');
    expect(query.pageSize).toBe(12);
  });
});

describe('groupSuggestions', () => {
  const types = [
    { contentTypeId: 'course', label: 'Courses' },
    { contentTypeId: 'contentPage', label: 'Pages' },
    { contentTypeId: 'person', label: 'People' },
  ];

  it('groups the best matches by kind, in the kinds’ order, leaving out empty kinds', () => {
    const groups = groupSuggestions(
      [entry('p1', 'person', 'Dr Mari Evans'), entry('c1', 'course', 'BSc Marine Biology')],
      { types },
    );
    expect(groups).toEqual([
      {
        type: 'course',
        label: 'Courses',
        options: [{ id: 'c1', title: 'BSc Marine Biology', href: '/c1', type: 'course' }],
      },
      {
        type: 'person',
        label: 'People',
        options: [{ id: 'p1', title: 'Dr Mari Evans', href: '/p1', type: 'person' }],
      },
    ]);
  });

  it('takes at most a few of one kind and a few in all, in order of relevance', () => {
    const entries = [
      ...['c1', 'c2', 'c3', 'c4'].map((id) => entry(id, 'course', id)),
      entry('p1', 'person', 'p1'),
      entry('g1', 'contentPage', 'g1'),
    ];
    const groups = groupSuggestions(entries, { types, perType: 2, total: 3 });
    expect(groups.map((group) => group.options.map((option) => option.id))).toEqual([['c1', 'c2'], ['p1']]);
  });

  it('leaves out kinds not asked for, entries that are not pages and repeated pages', () => {
    const groups = groupSuggestions(
      [
        entry('n1', 'newsArticle', 'News'),
        entry('c0', 'course', 'No page', null),
        entry('c1', 'course', 'Marine'),
        {
          ...entry('c2', 'course', 'Marine again'),
          sys: { id: 'c2', contentTypeId: 'course', uri: '/c1' },
        } as Entry,
        entry('c3', 'course', '  '),
      ],
      { types },
    );
    expect(groups).toEqual([
      {
        type: 'course',
        label: 'Courses',
        options: [{ id: 'c1', title: 'Marine', href: '/c1', type: 'course' }],
      },
    ]);
  });

  it('reads titles and addresses the way the site says', () => {
    const groups = groupSuggestions([entry('p1', 'person', 'Evans')], {
      types,
      optionOf: (found) => ({ title: `Dr ${found.entryTitle}`, href: `/staff${found.sys.uri}` }),
    });
    expect(groups[0]?.options[0]).toMatchObject({ title: 'Dr Evans', href: '/staff/p1' });
  });
});
