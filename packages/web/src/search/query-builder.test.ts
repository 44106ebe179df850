import { describe, expect, it } from 'vitest';
import {
  buildFeaturedQuery,
  buildSearchQuery,
  contentTypeExpressions,
  filterExpression,
  orderByOf,
  parseBetween,
  parseDistance,
  type SearchQueryInput,
} from './query-builder.js';
import { sanitiseSearchText, splitPhrases, termExpression, uniqueWeightedFields } from './term.js';

const json = (value: unknown) => JSON.parse(JSON.stringify(value));

function input(partial: Partial<SearchQueryInput> = {}): SearchQueryInput {
  return { queryParams: {}, term: '', versionStatus: 'published', ...partial };
}

describe('search text', () => {
  it('strips every reserved character of the spec and collapses spaces', () => {
    expect(sanitiseSearchText('a>b<c=d|e!f{g}h[i]j^k~l*m?n:o\\p/q')).toBe(
      'a b c d e f g h i j k l m n o p q',
    );
    expect(sanitiseSearchText('  marine   biology  ')).toBe('marine biology');
    expect(sanitiseSearchText('"sea life"')).toBe('"sea life"');
  });

  it('splits quoted phrases from the other words', () => {
    expect(splitPhrases('"marine biology" degree "sea"')).toEqual({
      phrases: ['marine biology', 'sea'],
      words: 'degree',
    });
    expect(splitPhrases('unclosed "quote')).toEqual({ phrases: [], words: 'unclosed quote' });
  });

  it('removes duplicate weighted fields, keeping the first', () => {
    expect(
      uniqueWeightedFields([
        { fieldId: 'a', weight: 2 },
        { fieldId: 'b', weight: 1 },
        { fieldId: 'a', weight: 9 },
      ]),
    ).toEqual([
      { fieldId: 'a', weight: 2 },
      { fieldId: 'b', weight: 1 },
    ]);
  });
});

describe('termExpression', () => {
  it('is null for an empty term or one of reserved characters only', () => {
    expect(termExpression('')).toBeNull();
    expect(termExpression(' *?/ ')).toBeNull();
  });

  it('uses the default weights when no fields are configured', () => {
    expect(json(termExpression('marine'))).toEqual({
      or: [
        { field: 'entryTitle', equalTo: 'marine', weight: 10 },
        { field: 'entryTitle', freeText: { term: 'marine', fuzzy: false, operator: 'and' }, weight: 2 },
        { field: 'entryDescription', contains: 'marine', weight: 2 },
        { field: 'keywords', contains: 'marine', weight: 2 },
        { field: 'sys.uri', contains: 'marine', weight: 2 },
        { field: 'sys.allUris', contains: 'marine' },
        { field: 'searchContent', freeText: { term: 'marine', fuzzy: false, operator: 'and' } },
      ],
    });
  });

  it('matches quoted phrases as exact contains on the weighted fields', () => {
    const expression = json(
      termExpression('"marine biology" bsc', {
        weightedSearchFields: [
          { fieldId: 'entryTitle', weight: 5 },
          { fieldId: 'sys.uri', weight: 2 },
        ],
      }),
    );
    expect(expression.or).toEqual(
      expect.arrayContaining([
        { field: 'entryTitle', freeText: { term: 'bsc', fuzzy: false, operator: 'and' }, weight: 5 },
        { field: 'entryTitle', contains: 'marine biology', weight: 5 },
        { field: 'sys.uri', contains: 'bsc', weight: 2 },
        { field: 'sys.uri', contains: 'marine biology', weight: 2 },
        // The platform searches an entry's whole text only as free text: the phrase, quoted.
        { field: 'searchContent', freeText: { term: '"marine biology"', fuzzy: false, operator: 'and' } },
      ]),
    );
    expect(expression.or.some((e: { field: string }) => e.field === 'entryDescription')).toBe(false);
    expect(
      expression.or.some(
        (e: { field: string; contains?: string }) => e.field === 'searchContent' && e.contains,
      ),
    ).toBe(false);
  });

  it('matches nothing for a term without a letter or digit, and leaves such parts out', () => {
    for (const term of ["'", '<!--', '"--"', '- \' "']) {
      expect(json(termExpression(term)), term).toEqual({ field: 'sys.id', equalTo: '' });
    }
    const mixed = json(termExpression('\' "marine biology" -'));
    expect(JSON.stringify(mixed)).not.toContain("'");
    expect(mixed.or).toEqual(
      expect.arrayContaining([{ field: 'entryTitle', equalTo: 'marine biology', weight: 10 }]),
    );
    expect(termExpression('   ')).toBeNull();
  });

  it('leaves out the omitted default fields and honours fuzzy search', () => {
    const expression = json(
      termExpression('sea', { fuzzySearch: true, omitDefaultSearchFields: ['allUris', 'searchContent'] }),
    );
    const fields = expression.or.map((e: { field: string }) => e.field);
    expect(fields).not.toContain('sys.allUris');
    expect(fields).not.toContain('searchContent');
    expect(expression.or[1].freeText.fuzzy).toBe(true);
  });
});

describe('contentTypeExpressions', () => {
  it('includes types and excludes those starting with !', () => {
    expect(json(contentTypeExpressions({ contentTypeIds: ['course', '!person'] }))).toEqual([
      {
        and: [
          { field: 'sys.dataFormat', equalTo: 'entry' },
          { field: 'sys.contentTypeId', in: ['course'] },
          { not: [{ field: 'sys.contentTypeId', in: ['person'] }] },
        ],
      },
    ]);
    expect(json(contentTypeExpressions({ contentTypeIds: ['!person'] }))).toEqual([
      {
        and: [
          { field: 'sys.dataFormat', equalTo: 'entry' },
          { not: [{ field: 'sys.contentTypeId', in: ['person'] }] },
        ],
      },
    ]);
  });

  it('joins data formats with or and ignores empty ids', () => {
    const [expression] = json(
      contentTypeExpressions({ contentTypeIds: ['course', '', '!'], assetTypes: ['image'] }),
    );
    expect(expression.or).toHaveLength(2);
    expect(contentTypeExpressions({ contentTypeIds: [] })).toEqual([]);
  });
});

describe('filters', () => {
  it('matches selected values with in by default, or and/not as configured', () => {
    expect(json(filterExpression({ fieldId: 'level', values: ['A', 'B'] }))).toEqual({
      field: 'level',
      in: ['A', 'B'],
    });
    expect(json(filterExpression({ fieldId: 'tags', logicOperator: 'and', values: ['A', 'B'] }))).toEqual({
      and: [
        { field: 'tags', in: ['A'] },
        { field: 'tags', in: ['B'] },
      ],
    });
    expect(json(filterExpression({ fieldId: 'level', logicOperator: 'not', values: ['A'] }))).toEqual({
      not: [{ field: 'level', in: ['A'] }],
    });
    expect(filterExpression({ fieldId: 'level', values: [] })).toBeNull();
  });

  it('reads between values as min--max and discards the rest', () => {
    expect(parseBetween('2026-01-01--2026-02-01')).toEqual(['2026-01-01', '2026-02-01']);
    expect(parseBetween('1--5')).toEqual([1, 5]);
    for (const bad of ['2026', '1-5', '1--', '--5', '1--2--3']) expect(parseBetween(bad), bad).toBeNull();
    expect(
      json(filterExpression({ fieldId: 'price', fieldOperator: 'between', values: ['1--5', 'junk'] })),
    ).toEqual({ field: 'price', between: [1, 5] });
    expect(filterExpression({ fieldId: 'price', fieldOperator: 'between', values: ['junk'] })).toBeNull();
  });

  it('reads distance values as lat lon [distance], 10mi by default, and discards the rest', () => {
    expect(parseDistance('52.4 -4.08')).toEqual({ lat: 52.4, lon: -4.08, distance: '10mi' });
    expect(parseDistance('52.4 -4.08 25km')).toEqual({ lat: 52.4, lon: -4.08, distance: '25km' });
    for (const bad of ['52.4', 'a b', '95 0', '52 0 far', '1 2 3 4'])
      expect(parseDistance(bad), bad).toBeNull();
    expect(
      json(
        filterExpression({ fieldId: 'location', fieldOperator: 'distanceWithin', values: ['52.4 -4.08'] }),
      ),
    ).toEqual({
      field: 'location',
      distanceWithin: { lat: 52.4, lon: -4.08, distance: '10mi' },
    });
  });

  it('uses a custom where instead of the field when a value is selected', () => {
    const customWhere = [{ field: 'bookingRequired', equalTo: true }];
    expect(json(filterExpression({ customWhere, values: ['yes'] }))).toEqual({
      field: 'bookingRequired',
      equalTo: true,
    });
    expect(filterExpression({ customWhere, values: [] })).toBeNull();
  });
});

describe('orderByOf', () => {
  it('sorts descending for keys starting with minus and skips relevance', () => {
    expect(orderByOf(['-publishDate', 'entryTitle', '+courseCode', '', null]).toJSON()).toEqual([
      { desc: 'publishDate' },
      { asc: 'entryTitle' },
      { asc: 'courseCode' },
    ]);
  });
});

describe('buildSearchQuery', () => {
  it('combines version status, language, includeInSearch, excluded ids, types, custom where, term and filters', () => {
    const query = buildSearchQuery(
      input({
        queryParams: {
          contentTypeIds: ['course'],
          includeInSearch: ['sys.metadata.includeInSearch'],
          excludeIds: ['x1'],
          customWhere: [{ field: 'studyMode', equalTo: 'Full-time' }],
          fields: ['entryTitle'],
          fieldLinkDepths: { heroImage: 1 },
          pageSize: 10,
        },
        term: 'sea',
        language: 'en-GB',
        filters: {
          level: { fieldId: 'studyLevel', values: ['Undergraduate'] },
          subject: { fieldId: 'subject.key', values: [] },
        },
        pageIndex: 2,
      }),
    ).toJSON();
    expect(query.pageIndex).toBe(2);
    expect(query.pageSize).toBe(10);
    expect(query.fields).toEqual(['entryTitle']);
    expect(query.fieldLinkDepths).toEqual({ heroImage: 1 });
    expect(query.where.slice(0, 4)).toEqual([
      { field: 'sys.versionStatus', equalTo: 'published' },
      { field: 'sys.language', equalTo: 'en-GB' },
      { not: [{ field: 'sys.metadata.includeInSearch', equalTo: false }] },
      { not: [{ field: 'sys.id', in: ['x1'] }] },
    ]);
    expect(query.where).toContainEqual({ field: 'studyMode', equalTo: 'Full-time' });
    expect(query.where).toContainEqual({ field: 'studyLevel', in: ['Undergraduate'] });
    expect(query.where.some((e) => 'or' in e)).toBe(true);
    // One aggregation per filter, bucket size 100, even for filters without a selection.
    expect(query.aggregations).toEqual({
      sf_level: { field: 'studyLevel', size: 100 },
      sf_subject: { field: 'subject.key', size: 100 },
    });
  });

  it('orders by the visitor sort first, else the facet order; default page size 25', () => {
    const facetOrder = buildSearchQuery(input({ queryParams: { orderBy: ['-publishDate'] } })).toJSON();
    expect(facetOrder.orderBy).toEqual([{ desc: 'publishDate' }]);
    expect(facetOrder.pageSize).toBe(25);
    expect(
      buildSearchQuery(input({ queryParams: { orderBy: ['-publishDate'] }, orderBy: 'entryTitle' })).toJSON()
        .orderBy,
    ).toEqual([{ asc: 'entryTitle' }]);
  });

  it('ignores the term when the facet does not use it, and the facet version status wins', () => {
    const query = buildSearchQuery(
      input({ queryParams: { useSearchTerm: false, versionStatus: 'latest' }, term: 'sea' }),
    ).toJSON();
    expect(query.where).toEqual([{ field: 'sys.versionStatus', equalTo: 'latest' }]);
  });

  it('loads everything at once with internal paging', () => {
    const query = buildSearchQuery(input({ queryParams: { internalPaging: true }, pageIndex: 3 })).toJSON();
    expect(query.pageIndex).toBe(0);
    expect(query.pageSize).toBeGreaterThanOrEqual(100);
  });
});

describe('buildFeaturedQuery', () => {
  it('asks page 0 of the featured type with size = count', () => {
    const query = buildFeaturedQuery(
      input({
        queryParams: {
          contentTypeIds: ['course', 'event'],
          featuredResults: { contentTypeId: 'course', count: 2 },
        },
        term: 'sea',
      }),
    )?.toJSON();
    expect(query?.pageIndex).toBe(0);
    expect(query?.pageSize).toBe(2);
    expect(query?.where).toContainEqual({
      and: [
        { field: 'sys.dataFormat', equalTo: 'entry' },
        { field: 'sys.contentTypeId', in: ['course'] },
      ],
    });
    expect(buildFeaturedQuery(input())).toBeNull();
    expect(
      buildFeaturedQuery(input({ queryParams: { featuredResults: { contentTypeId: 'course', count: 0 } } })),
    ).toBeNull();
  });

  it('matches the term only in the featured search fields when they are named', () => {
    const query = buildFeaturedQuery(
      input({
        queryParams: {
          fuzzySearch: true,
          featuredResults: {
            contentTypeId: 'course',
            count: 2,
            searchFields: [{ fieldId: 'entryTitle', weight: 10 }],
          },
        },
        term: 'sea',
      }),
    )?.toJSON();
    const text = JSON.stringify(query?.where);
    expect(text).toContain(
      '{"field":"entryTitle","freeText":{"term":"sea","fuzzy":true,"operator":"and"},"weight":10}',
    );
    expect(text).not.toContain('searchContent');
    expect(text).not.toContain('sys.allUris');
  });
});
