import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { SearchError } from './errors.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import type { SearchRequest, SearchResult } from './types.js';
import { parseZenql } from './zenql-parser.js';

// One small project exercising every operator. Titles identify entries in the assertions.
let db: Db;
const titleOf = new Map<number, string>();

const LONDON = { lat: 51.5074, lon: -0.1278 };
const CARDIFF = { lat: 51.4816, lon: -3.1791 };
const EDINBURGH = { lat: 55.9533, lon: -3.1883 };

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  insertProject(db, 'other');
  const add = (fields: Record<string, unknown>, sys: Record<string, unknown> = {}, projectId = 'proj') => {
    const doc = insertEntryVersion(db, { projectId, entry: makeEntry(fields, sys, projectId) });
    titleOf.set(doc, String(fields.title));
  };
  add(
    {
      title: 'Alpha',
      tags: ['red', 'Blue'],
      rating: 5,
      price: 10.5,
      published: '2024-03-05T08:00:00Z',
      featured: true,
      summary: 'The quick brown fox',
      location: LONDON,
      author: {
        sys: { id: 'a1b2c3d4-0000-4000-8000-000000000001', contentTypeId: 'person', uri: '/people/annabel' },
      },
      body: [
        { type: 'markup', value: '<p>Harbour <b>bridge</b> reopens</p>' },
        { type: 'quote', value: { text: 'It is a relief', source: 'Resident' } },
      ],
      empty: '',
      group: 'x',
    },
    { id: 'AAAAAAAA-0000-4000-8000-000000000001' },
  );
  add({
    title: 'beta',
    tags: ['green'],
    rating: 7,
    published: '2024-03-06',
    featured: false,
    summary: 'Lazy dog sleeps',
    location: CARDIFF,
    nothing: null,
    list: [],
    group: 'x',
  });
  add({
    title: 'Gamma 50%_off',
    tags: [],
    rating: 10,
    published: '2023-12-31T23:59:59Z',
    summary: 'A fox and a dog',
    location: EDINBURGH,
    code: 'A_B%C',
    group: 'y',
  });
  add(
    {
      title: 'delta',
      rating: 0,
      summary: 'Nothing here',
      eventDates: { from: '2024-05-01T09:00:00', to: '2024-05-02T17:00:00' },
      description: `${'long text '.repeat(40)}ending`,
    },
    { contentTypeId: 'event', language: 'cy' },
  );
  add({ title: 'Café society', summary: 'Crème brûlée' });
  add({ title: 'Other project alpha', rating: 5 }, {}, 'other');
});

function search(request: Partial<SearchRequest> = {}): SearchResult {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 100,
    defaultVersionStatus: 'published',
    allowLatest: true,
    ...request,
  });
}

/** Titles of the hits, sorted unless the test is about order. */
function titles(where: unknown, options: { ordered?: boolean; orderBy?: unknown } = {}): string[] {
  const result = search({ where, orderBy: options.orderBy });
  const names = result.hits.map((hit) => titleOf.get(hit.doc)!);
  return options.ordered ? names : names.sort();
}

const ALL = ['Alpha', 'Café society', 'Gamma 50%_off', 'beta', 'delta'];

describe('match all', () => {
  it('treats undefined, [], "undefined" and "" as no filter, within the project only', () => {
    for (const where of [undefined, [], 'undefined', '', null]) expect(titles(where)).toEqual(ALL);
  });

  it('accepts a single expression object and a JSON string', () => {
    expect(titles({ field: 'title', equalTo: 'beta' })).toEqual(['beta']);
    expect(titles('[{"field":"title","equalTo":"beta"}]')).toEqual(['beta']);
  });
});

describe('equalTo and in', () => {
  it('matches strings case-insensitively and exactly', () => {
    expect(titles([{ field: 'title', equalTo: 'ALPHA' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'title', equalTo: 'Alph' }])).toEqual([]);
  });

  it('matches numbers and booleans, also given as strings', () => {
    expect(titles([{ field: 'rating', equalTo: 7 }])).toEqual(['beta']);
    expect(titles([{ field: 'rating', equalTo: '7' }])).toEqual(['beta']);
    expect(titles([{ field: 'price', equalTo: 10.5 }])).toEqual(['Alpha']);
    expect(titles([{ field: 'featured', equalTo: true }])).toEqual(['Alpha']);
    expect(titles([{ field: 'featured', equalTo: false }])).toEqual(['beta']);
    expect(titles([{ field: 'rating', equalTo: 8 }])).toEqual([]);
  });

  it('matches any element of an array field, with or without [] in the path', () => {
    expect(titles([{ field: 'tags', equalTo: 'blue' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'tags[]', equalTo: 'green' }])).toEqual(['beta']);
    expect(titles([{ field: 'body[].value.source', equalTo: 'resident' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'tags', equalTo: 'purple' }])).toEqual([]);
  });

  it('matches dates by instant, whatever the ISO spelling', () => {
    expect(titles([{ field: 'published', equalTo: '2024-03-05T08:00:00.000Z' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'published', equalTo: '2024-03-06T00:00:00Z' }])).toEqual(['beta']);
    expect(titles([{ field: 'published', equalTo: '2024-03-07' }])).toEqual([]);
  });

  it('matches nested paths and long values', () => {
    expect(titles([{ field: 'author.sys.id', equalTo: 'A1B2C3D4-0000-4000-8000-000000000001' }])).toEqual([
      'Alpha',
    ]);
    expect(titles([{ field: 'description', equalTo: `${'long text '.repeat(40)}ending` }])).toEqual([
      'delta',
    ]);
    expect(titles([{ field: 'description', equalTo: `${'long text '.repeat(40)}endinG` }])).toEqual([
      'delta',
    ]);
    expect(titles([{ field: 'description', equalTo: `${'long text '.repeat(40)}end` }])).toEqual([]);
  });

  it('in matches any listed value', () => {
    expect(titles([{ field: 'tags', in: ['green', 'RED'] }])).toEqual(['Alpha', 'beta']);
    expect(titles([{ field: 'rating', in: [5, 10] }])).toEqual(['Alpha', 'Gamma 50%_off']);
    expect(titles([{ field: 'rating', in: [] }])).toEqual([]);
  });

  it('equalTo null means the field is empty', () => {
    expect(titles([{ field: 'tags', equalTo: null }])).toEqual(['Café society', 'Gamma 50%_off', 'delta']);
  });
});

describe('contains, startsWith, endsWith', () => {
  it('contains is a case-insensitive substring match', () => {
    expect(titles([{ field: 'summary', contains: 'FOX' }])).toEqual(['Alpha', 'Gamma 50%_off']);
    expect(titles([{ field: 'summary', contains: 'cat' }])).toEqual([]);
    expect(titles([{ field: 'description', contains: 'ENDING' }])).toEqual(['delta']);
  });

  it('treats LIKE wildcards in the value literally', () => {
    expect(titles([{ field: 'code', contains: '_B%' }])).toEqual(['Gamma 50%_off']);
    expect(titles([{ field: 'title', contains: '%' }])).toEqual(['Gamma 50%_off']);
    expect(titles([{ field: 'title', contains: '_' }])).toEqual(['Gamma 50%_off']);
    expect(titles([{ field: 'code', contains: 'a\\b' }])).toEqual([]);
  });

  it('startsWith is a case-insensitive prefix match', () => {
    expect(titles([{ field: 'summary', startsWith: 'the QU' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'summary', startsWith: 'quick' }])).toEqual([]);
    expect(titles([{ field: 'title', startsWith: 'G_mma' }])).toEqual([]);
    expect(titles([{ field: 'title', startsWith: 'gamma 50%' }])).toEqual(['Gamma 50%_off']);
    expect(titles([{ field: 'description', startsWith: `${'long text '.repeat(40)}end` }])).toEqual([
      'delta',
    ]);
  });

  it('endsWith is a case-insensitive suffix match', () => {
    expect(titles([{ field: 'summary', endsWith: 'SLEEPS' }])).toEqual(['beta']);
    expect(titles([{ field: 'summary', endsWith: 'sleep' }])).toEqual([]);
  });

  it('works on composer items flattened under the field', () => {
    expect(titles([{ field: 'body', contains: 'bridge' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'body.value.text', startsWith: 'it is' }])).toEqual(['Alpha']);
  });
});

describe('ranges', () => {
  it('between is inclusive at both ends', () => {
    expect(titles([{ field: 'rating', between: [5, 7] }])).toEqual(['Alpha', 'beta']);
    expect(titles([{ field: 'rating', between: [6, 6] }])).toEqual([]);
    expect(titles([{ field: 'rating', between: ['7', '10'] }])).toEqual(['Gamma 50%_off', 'beta']);
  });

  it('between works on dates, inclusive', () => {
    expect(titles([{ field: 'published', between: ['2024-03-05T08:00:00Z', '2024-03-06'] }])).toEqual([
      'Alpha',
      'beta',
    ]);
    expect(
      titles([{ field: 'published', between: ['2024-03-05T08:00:01Z', '2024-03-05T23:00:00Z'] }]),
    ).toEqual([]);
  });

  it('compares numbers', () => {
    expect(titles([{ field: 'rating', greaterThan: 5 }])).toEqual(['Gamma 50%_off', 'beta']);
    expect(titles([{ field: 'rating', greaterThanOrEqualTo: 5 }])).toEqual([
      'Alpha',
      'Gamma 50%_off',
      'beta',
    ]);
    expect(titles([{ field: 'rating', lessThan: 5 }])).toEqual(['delta']);
    expect(titles([{ field: 'rating', lessThanOrEqualTo: 0 }])).toEqual(['delta']);
  });

  it('compares dates, including dates without a zone (UTC) inside objects', () => {
    expect(titles([{ field: 'published', greaterThan: '2024-01-01' }])).toEqual(['Alpha', 'beta']);
    expect(titles([{ field: 'published', lessThan: '2024-01-01T01:00:00+01:00' }])).toEqual([
      'Gamma 50%_off',
    ]);
    expect(titles([{ field: 'published', lessThan: '2024-01-01T00:00:00+01:00' }])).toEqual([]);
    expect(titles([{ field: 'published', lessThanOrEqualTo: '2023-12-31T23:59:59Z' }])).toEqual([
      'Gamma 50%_off',
    ]);
    expect(titles([{ field: 'eventDates.from', greaterThanOrEqualTo: '2024-05-01T09:00:00Z' }])).toEqual([
      'delta',
    ]);
    expect(titles([{ field: 'eventDates.from', greaterThan: '2024-05-01T09:00:00Z' }])).toEqual([]);
  });

  it('resolves expression functions and relative periods', () => {
    expect(titles([{ field: 'published', lessThan: 'now()' }])).toEqual(['Alpha', 'Gamma 50%_off', 'beta']);
    expect(titles([{ field: 'published', greaterThan: 'now()' }])).toEqual([]);
    expect(titles([{ field: 'published', lessThan: '-1d' }])).toEqual(['Alpha', 'Gamma 50%_off', 'beta']);
    expect(titles([{ field: 'published', greaterThanOrEqualTo: 'startOfYear(-100)' }])).toEqual([
      'Alpha',
      'Gamma 50%_off',
      'beta',
    ]);
  });

  it('resolves now() against the clock the caller passes', () => {
    const at = (iso: string) =>
      search({ where: [{ field: 'published', lessThan: 'now()' }], now: Date.parse(iso) })
        .hits.map((hit) => titleOf.get(hit.doc)!)
        .sort();
    expect(at('2024-03-05T12:00:00Z')).toEqual(['Alpha', 'Gamma 50%_off']);
    expect(at('2024-01-01T00:00:00Z')).toEqual(['Gamma 50%_off']);
    expect(at('2023-01-01T00:00:00Z')).toEqual([]);
  });

  it('compares other strings as text', () => {
    expect(titles([{ field: 'title', greaterThanOrEqualTo: 'c' }])).toEqual([
      'Café society',
      'Gamma 50%_off',
      'delta',
    ]);
  });
});

describe('exists', () => {
  it('true needs a non-empty value; false matches missing, empty string, null and empty array', () => {
    expect(titles([{ field: 'tags', exists: true }])).toEqual(['Alpha', 'beta']);
    expect(titles([{ field: 'empty', exists: true }])).toEqual([]);
    expect(titles([{ field: 'empty', exists: false }])).toEqual(ALL);
    expect(titles([{ field: 'nothing', exists: false }])).toEqual(ALL);
    expect(titles([{ field: 'list', exists: false }])).toEqual(ALL);
    expect(titles([{ field: 'code', exists: false }])).toEqual(['Alpha', 'Café society', 'beta', 'delta']);
  });

  it('counts an object as present when any value below it is', () => {
    expect(titles([{ field: 'location', exists: true }])).toEqual(['Alpha', 'Gamma 50%_off', 'beta']);
    expect(titles([{ field: 'author', exists: false }])).toEqual([
      'Café society',
      'Gamma 50%_off',
      'beta',
      'delta',
    ]);
  });
});

describe('and, or, not', () => {
  it('ANDs the top level and nests and/or', () => {
    expect(
      titles([
        { field: 'summary', contains: 'fox' },
        { field: 'rating', greaterThan: 5 },
      ]),
    ).toEqual(['Gamma 50%_off']);
    expect(
      titles([
        {
          or: [
            {
              and: [
                { field: 'rating', greaterThan: 6 },
                { field: 'tags', exists: true },
              ],
            },
            { field: 'title', equalTo: 'delta' },
          ],
        },
      ]),
    ).toEqual(['beta', 'delta']);
  });

  it('accepts not as an object and as a one-element array', () => {
    expect(titles([{ not: { field: 'summary', contains: 'fox' } }])).toEqual([
      'Café society',
      'beta',
      'delta',
    ]);
    expect(titles([{ not: [{ field: 'summary', contains: 'fox' }] }])).toEqual([
      'Café society',
      'beta',
      'delta',
    ]);
    expect(titles([{ not: { not: { field: 'rating', equalTo: 7 } } }])).toEqual(['beta']);
  });

  it('not includes documents without the field', () => {
    expect(titles([{ not: { field: 'tags', in: ['red', 'green'] } }])).toEqual([
      'Café society',
      'Gamma 50%_off',
      'delta',
    ]);
  });
});

describe('sys fields', () => {
  it('filters on the columns case-insensitively', () => {
    expect(titles([{ field: 'sys.contentTypeId', equalTo: 'EVENT' }])).toEqual(['delta']);
    expect(titles([{ field: 'sys.language', equalTo: 'CY' }])).toEqual(['delta']);
    expect(titles([{ field: 'sys.dataFormat', equalTo: 'entry' }])).toEqual(ALL);
    expect(titles([{ field: 'sys.id', equalTo: 'aaaaaaaa-0000-4000-8000-000000000001' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'sys.id', in: ['AAAAAAAA-0000-4000-8000-000000000001', 'nope'] }])).toEqual([
      'Alpha',
    ]);
    expect(titles([{ field: 'sys.contentTypeId', startsWith: 'ev' }])).toEqual(['delta']);
    expect(titles([{ not: { field: 'sys.contentTypeId', in: ['event'] } }])).toEqual([
      'Alpha',
      'Café society',
      'Gamma 50%_off',
      'beta',
    ]);
  });

  it('filters on other sys values from the index', () => {
    expect(titles([{ field: 'sys.projectId', equalTo: 'proj' }])).toEqual(ALL);
  });
});

describe('freeText', () => {
  it('matches words in a field, with and/or operator', () => {
    expect(titles([{ field: 'summary', freeText: 'fox' }])).toEqual(['Alpha', 'Gamma 50%_off']);
    expect(titles([{ field: 'summary', freeText: { term: 'fox dog', operator: 'and' } }])).toEqual([
      'Gamma 50%_off',
    ]);
    expect(titles([{ field: 'summary', freeText: { term: 'fox dog', operator: 'or' } }])).toEqual([
      'Alpha',
      'Gamma 50%_off',
      'beta',
    ]);
    expect(titles([{ field: 'summary', freeText: 'fox dog' }])).toEqual(['Gamma 50%_off']);
    expect(titles([{ field: 'title', freeText: 'fox' }])).toEqual([]);
  });

  it('searches all text with *, searchContent and _searchContent', () => {
    for (const field of ['*', 'searchContent', '_searchContent']) {
      expect(titles([{ field, freeText: 'bridge' }])).toEqual(['Alpha']);
      expect(titles([{ field, freeText: 'relief' }])).toEqual(['Alpha']);
      expect(titles([{ field, freeText: 'annabel' }])).toEqual(['Alpha']);
    }
  });

  it('strips markup and ignores case and accents', () => {
    expect(titles([{ field: 'body', freeText: 'BRIDGE reopens' }])).toEqual(['Alpha']);
    expect(titles([{ field: '*', freeText: 'p' }])).toEqual([]);
    expect(titles([{ field: 'title', freeText: 'cafe' }])).toEqual(['Café society']);
    expect(titles([{ field: 'summary', freeText: 'creme brulee' }])).toEqual(['Café society']);
  });

  it('matches quoted phrases in order only', () => {
    expect(titles([{ field: 'summary', freeText: '"quick brown"' }])).toEqual(['Alpha']);
    expect(titles([{ field: 'summary', freeText: '"brown quick"' }])).toEqual([]);
  });

  it('treats FTS5 syntax in the term as text', () => {
    expect(titles([{ field: '*', freeText: 'fox OR NOT dog*' }])).toEqual([]);
    expect(titles([{ field: '*', freeText: { term: 'fox" OR "dog', operator: 'or' } }])).toEqual([
      'Alpha',
      'Gamma 50%_off',
      'beta',
    ]);
  });

  it('matches a one-typo word only with fuzzy', () => {
    expect(titles([{ field: 'summary', freeText: { term: 'quikc', fuzzy: false } }])).toEqual([]);
    expect(titles([{ field: 'summary', freeText: { term: 'quikc', fuzzy: true } }])).toEqual(['Alpha']);
    // Words of fewer than five letters carry no typo.
    expect(titles([{ field: '*', freeText: { term: 'brwn', fuzzy: true } }])).toEqual([]);
    expect(titles([{ field: 'summary', freeText: { term: 'slee', fuzzy: true } }])).toEqual(['beta']);
    expect(titles([{ field: 'summary', freeText: { term: 'slee', fuzzy: false } }])).toEqual([]);
  });

  it('combines with filters, or and not', () => {
    expect(
      titles([
        { field: '*', freeText: 'fox' },
        { field: 'rating', lessThan: 8 },
      ]),
    ).toEqual(['Alpha']);
    expect(
      titles([
        {
          or: [
            { field: 'summary', freeText: 'fox' },
            { field: 'rating', equalTo: 7 },
          ],
        },
      ]),
    ).toEqual(['Alpha', 'Gamma 50%_off', 'beta']);
    expect(titles([{ not: { field: 'summary', freeText: 'fox' } }])).toEqual([
      'Café society',
      'beta',
      'delta',
    ]);
  });

  it('gives hits a positive score only when free text matched', () => {
    const scored = search({ where: [{ field: 'summary', freeText: 'fox' }] });
    expect(scored.hits.every((hit) => hit.score > 0)).toBe(true);
    expect(
      search({ where: [{ field: 'rating', greaterThan: 0 }] }).hits.every((hit) => hit.score === 0),
    ).toBe(true);
  });
});

describe('distanceWithin', () => {
  it('filters by radius in miles and kilometres', () => {
    // London–Cardiff is about 211 km (131 mi), London–Edinburgh about 534 km.
    expect(titles([{ field: 'location', distanceWithin: { ...LONDON, distance: '150mi' } }])).toEqual([
      'Alpha',
      'beta',
    ]);
    expect(titles([{ field: 'location', distanceWithin: { ...LONDON, distance: '100mi' } }])).toEqual([
      'Alpha',
    ]);
    expect(titles([{ field: 'location', distanceWithin: { ...LONDON, distance: '600km' } }])).toEqual([
      'Alpha',
      'Gamma 50%_off',
      'beta',
    ]);
    expect(
      titles([{ field: 'location', distanceWithin: { lat: '51.5074', lon: '-0.1278', distance: '250 km' } }]),
    ).toEqual(['Alpha', 'beta']);
  });

  it('orders by distance and reports it in the query unit', () => {
    const near = search({
      where: [{ field: 'location', distanceWithin: { ...CARDIFF, distance: '700km' } }],
      orderBy: [{ asc: 'location' }],
    });
    expect(near.hits.map((hit) => titleOf.get(hit.doc))).toEqual(['beta', 'Alpha', 'Gamma 50%_off']);
    expect(near.hits[0]!.distance).toEqual({ field: 'location', value: 0 });
    expect(near.hits[1]!.distance!.value).toBeCloseTo(211, -1);
    const far = search({
      where: [{ field: 'location', distanceWithin: { ...CARDIFF, distance: '500mi' } }],
      orderBy: '-location',
    });
    expect(far.hits.map((hit) => titleOf.get(hit.doc))).toEqual(['Gamma 50%_off', 'Alpha', 'beta']);
    expect(far.hits[1]!.distance!.value).toBeCloseTo(131, -1);
  });

  it('leaves distance off hits when not ordering by the location', () => {
    const result = search({ where: [{ field: 'location', distanceWithin: { ...LONDON, distance: '1km' } }] });
    expect(result.hits).toHaveLength(1);
    expect(result.hits[0]!.distance).toBeUndefined();
  });

  it('combines with not and or', () => {
    expect(
      titles([{ not: { field: 'location', distanceWithin: { ...LONDON, distance: '150mi' } } }]),
    ).toEqual(['Café society', 'Gamma 50%_off', 'delta']);
  });
});

describe('orderBy', () => {
  it('defaults to relevance, then title', () => {
    expect(titles([], { ordered: true })).toEqual([
      'Alpha',
      'beta',
      'Café society',
      'delta',
      'Gamma 50%_off',
    ]);
  });

  it('orders by a number both ways with missing values last', () => {
    expect(titles([], { ordered: true, orderBy: [{ desc: 'rating' }] })).toEqual([
      'Gamma 50%_off',
      'beta',
      'Alpha',
      'delta',
      'Café society',
    ]);
    expect(titles([], { ordered: true, orderBy: ['+rating'] })).toEqual([
      'delta',
      'Alpha',
      'beta',
      'Gamma 50%_off',
      'Café society',
    ]);
  });

  it('orders by dates, text case-insensitively, sys columns and entryTitle', () => {
    expect(titles([{ field: 'published', exists: true }], { ordered: true, orderBy: 'published' })).toEqual([
      'Gamma 50%_off',
      'Alpha',
      'beta',
    ]);
    expect(titles([], { ordered: true, orderBy: '-entryTitle' })).toEqual([
      'Gamma 50%_off',
      'delta',
      'Café society',
      'beta',
      'Alpha',
    ]);
    expect(titles([], { ordered: true, orderBy: [{ desc: 'sys.contentTypeId' }] })[0]).toBe('delta');
  });

  it('applies several keys in turn', () => {
    // Without a group, delta (rating 0) still comes before Café society (no rating).
    expect(titles([], { ordered: true, orderBy: [{ asc: 'group' }, { desc: 'rating' }] })).toEqual([
      'beta',
      'Alpha',
      'Gamma 50%_off',
      'delta',
      'Café society',
    ]);
    expect(titles([], { ordered: true, orderBy: ['-group', '-title'] })).toEqual([
      'Gamma 50%_off',
      'beta',
      'Alpha',
      'delta',
      'Café society',
    ]);
  });

  it('ignores an unknown field', () => {
    expect(titles([], { ordered: true, orderBy: 'nope' })).toEqual(titles([], { ordered: true }));
  });
});

describe('paging', () => {
  it('returns one page and the total over the whole result', () => {
    const pages = [0, 1, 2].map((pageIndex) => search({ pageIndex, pageSize: 2, orderBy: 'title' }));
    expect(pages.map((page) => page.totalCount)).toEqual([5, 5, 5]);
    expect(pages.map((page) => page.hits.map((hit) => titleOf.get(hit.doc)))).toEqual([
      ['Alpha', 'beta'],
      ['Café society', 'delta'],
      ['Gamma 50%_off'],
    ]);
    expect(search({ pageIndex: 10, pageSize: 2 })).toMatchObject({ hits: [], totalCount: 5 });
  });

  it('rejects paging outside the limits', () => {
    expect(() => search({ pageSize: 0 })).toThrow(SearchError);
    expect(() => search({ pageIndex: -1 })).toThrow(SearchError);
  });
});

describe('malformed where', () => {
  const cases: Array<[unknown, string]> = [
    [42, 'where: expected an array of expressions, got 42'],
    ['{not json', 'where: not valid JSON'],
    [[{ field: 'title', equals: 'x' }], 'where[0]: unknown operator "equals"'],
    [
      [{ field: 'a', equalTo: 1 }, { or: [{ field: 'b', equals: 2 }] }],
      'where[1].or[0]: unknown operator "equals"',
    ],
    [[{ and: [] }], 'where[0].and: empty list'],
    [[{ or: {} }], 'where[0].or: expected an array of expressions'],
    [[{ not: [] }], 'where[0].not: expected one expression, got a list of 0'],
    [['title'], 'where[0]: expected an expression object, got "title"'],
    [[{ field: 'title' }], 'where[0]: no operator for field "title"'],
    [[{ equalTo: 'x' }], 'where[0]: "equalTo" without a "field"'],
    [[{ field: 'a', equalTo: 1, in: [1] }], 'where[0]: more than one operator ("equalTo", "in")'],
    [[{ field: 3, equalTo: 1 }], 'where[0].field: expected a field path string, got 3'],
    [[{ field: 'a..b', equalTo: 1 }], 'where[0].field: "a..b" is not a valid field path'],
    [[{ field: 'a', equalTo: {} }], 'where[0].equalTo: expected a string, number or boolean, got an object'],
    [[{ field: 'a', in: 'x' }], 'where[0].in: expected an array of values, got "x"'],
    [[{ field: 'a', in: [1, {}] }], 'where[0].in[1]: expected a string, number or boolean, got an object'],
    [[{ field: 'a', contains: true }], 'where[0].contains: expected a string, got true'],
    [[{ field: 'a', between: [1] }], 'where[0].between: expected [min, max], got an array'],
    [[{ field: 'a', between: [1, 'abc'] }], 'where[0].between: both ends must be numbers/dates or both text'],
    [[{ field: 'a', greaterThan: true }], 'where[0].greaterThan: expected a number or a date, got true'],
    [[{ field: 'a', greaterThan: '2024-02-30' }], 'where[0].greaterThan: "2024-02-30" is not a valid date'],
    [[{ field: 'a', lessThan: 'startOfWeek(x)' }], 'where[0].lessThan: bad argument "x" to startOfWeek()'],
    [[{ field: 'a', lessThan: 'yesterday()' }], 'where[0].lessThan: unknown date function "yesterday()"'],
    [[{ field: 'a', exists: 'yes' }], 'where[0].exists: expected true or false, got "yes"'],
    [
      [{ field: 'a', freeText: 5 }],
      'where[0].freeText: expected a string or { term, fuzzy, operator }, got 5',
    ],
    [
      [{ field: 'a', freeText: { term: 'x', operator: 'xor' } }],
      'where[0].freeText.operator: expected "and" or "or"',
    ],
    [[{ field: 'a', freeText: '  !! ' }], 'where[0].freeText: no words to search for'],
    [
      [{ field: 'a', distanceWithin: { lat: 1, lon: 2, distance: '10 parsecs' } }],
      'where[0].distanceWithin.distance',
    ],
    [[{ field: 'a', distanceWithin: { lat: 95, lon: 2, distance: '1km' } }], 'where[0].distanceWithin.lat'],
    [[{ field: 'a', distanceWithin: '1km' }], 'where[0].distanceWithin: expected { lat, lon, distance }'],
    [[{ field: 'a', equalTo: 1, weight: -2 }], 'where[0].weight: expected a non-negative number'],
    [
      [{ field: 'sys.versionStatus', equalTo: 'draft' }],
      'where[0].equalTo: sys.versionStatus must be "published" or "latest"',
    ],
    [[{ field: 'sys.versionStatus', contains: 'pub' }], 'where[0].contains: sys.versionStatus supports only'],
    [[{ field: '*', contains: 'x' }], 'where[0]: "*" can only be searched with freeText'],
    [[{ field: 'sys.id', freeText: 'x' }], 'where[0]: freeText is not supported on sys.id'],
    [[{ field: 'a', equalTo: 'x'.repeat(5000) }], 'where[0].equalTo: value longer than 4096 characters'],
    [[{ and: [{ field: 'a', equalTo: 1 }], field: 'b' }], 'where[0]: unexpected key "field" next to "and"'],
  ];

  it.each(cases)('%j → %s', (where, message) => {
    expect(() => search({ where })).toThrow(SearchError);
    expect(() => search({ where })).toThrow(message);
  });

  it('rejects nesting deeper than 32 levels', () => {
    let where: unknown = { field: 'a', equalTo: 1 };
    for (let i = 0; i < 40; i++) where = { not: where };
    expect(() => search({ where: [where] })).toThrow('nest deeper than 32 levels');
  });

  it('rejects more than 1000 expressions', () => {
    const where = Array.from({ length: 1001 }, () => ({ field: 'a', equalTo: 1 }));
    expect(() => search({ where })).toThrow('where: more than 1000 expressions');
  });
});

describe('ZenQL end to end', () => {
  const zenql = (text: string, ordered = false) => {
    const { where, orderBy } = parseZenql(text);
    return titles(where, { ordered, orderBy });
  };

  it('runs parsed queries with precedence and ORDER BY', () => {
    expect(zenql('summary ~ fox AND rating > 5 OR title = BETA ORDER BY rating DESC', true)).toEqual([
      'Gamma 50%_off',
      'beta',
    ]);
    expect(zenql('summary ~ fox AND (rating > 5 OR title = BETA)')).toEqual(['Gamma 50%_off']);
    expect(zenql('NOT tags EXISTS AND rating != NULL')).toEqual(['Gamma 50%_off', 'delta']);
  });

  it('runs every kind of value', () => {
    expect(zenql('published >= 2024/03/05 AND tags IN (red, green)')).toEqual(['Alpha', 'beta']);
    expect(zenql('published < 2024-01-01 00:00')).toEqual(['Gamma 50%_off']);
    expect(zenql('published < now() AND rating between(5, 7)')).toEqual(['Alpha', 'beta']);
    expect(zenql('featured = true')).toEqual(['Alpha']);
    expect(zenql('author.sys.id = a1b2c3d4-0000-4000-8000-000000000001')).toEqual(['Alpha']);
    expect(zenql('title STARTSWITH "gamma" OR title ENDSWITH ETY')).toEqual([
      'Café society',
      'Gamma 50%_off',
    ]);
    expect(zenql('title NOT STARTSWITH a AND sys.contentTypeId = article')).toEqual([
      'Café society',
      'Gamma 50%_off',
      'beta',
    ]);
  });

  it('runs free text and distance', () => {
    expect(zenql('* FREETEXT bridge')).toEqual(['Alpha']);
    expect(zenql('summary^10 FREETEXT "fox" AND NOT summary FREETEXT dog')).toEqual(['Alpha']);
    expect(zenql('location DistanceWithin(51.4816, -3.1791, 150mi) ORDER BY location', true)).toEqual([
      'beta',
      'Alpha',
    ]);
    expect(zenql('location NOT DistanceWithin(51.4816, -3.1791, 150mi) AND location EXISTS')).toEqual([
      'Gamma 50%_off',
    ]);
  });
});
