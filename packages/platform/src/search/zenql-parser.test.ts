import { describe, expect, it } from 'vitest';
import { SearchError } from './errors.js';
import { parseZenql } from './zenql-parser.js';

const where = (text: string) => parseZenql(text).where;

describe('parseZenql: operators', () => {
  it.each([
    ['title = hello', { field: 'title', equalTo: 'hello' }],
    ["title = 'two words'", { field: 'title', equalTo: 'two words' }],
    ['title = "say ""hi"""', { field: 'title', equalTo: 'say "hi"' }],
    ["title = 'it\\'s'", { field: 'title', equalTo: "it's" }],
    ['title != hello', { not: { field: 'title', equalTo: 'hello' } }],
    ['title ~ bridge', { field: 'title', contains: 'bridge' }],
    ['title !~ bridge', { not: { field: 'title', contains: 'bridge' } }],
    ['height > 6', { field: 'height', greaterThan: 6 }],
    ['height < -1.5', { field: 'height', lessThan: -1.5 }],
    ['height >= 6', { field: 'height', greaterThanOrEqualTo: 6 }],
    ['height <= 6', { field: 'height', lessThanOrEqualTo: 6 }],
    ['featured = true', { field: 'featured', equalTo: true }],
    ['featured = FALSE', { field: 'featured', equalTo: false }],
    [
      'author.sys.id = 9c0e6a52-1f7e-4a39-8d0c-5be2f9a8c7d4',
      { field: 'author.sys.id', equalTo: '9c0e6a52-1f7e-4a39-8d0c-5be2f9a8c7d4' },
    ],
    ['genre IN (horror, "romantic comedy", 3)', { field: 'genre', in: ['horror', 'romantic comedy', 3] }],
    ['genre not in (horror)', { not: { field: 'genre', in: ['horror'] } }],
    ['image EXISTS', { field: 'image', exists: true }],
    ['image NOT EXISTS', { field: 'image', exists: false }],
    ['image = NULL', { field: 'image', exists: false }],
    ['image != null', { field: 'image', exists: true }],
    ['title STARTSWITH har', { field: 'title', startsWith: 'har' }],
    ['title NOT STARTSWITH har', { not: { field: 'title', startsWith: 'har' } }],
    ['title ENDSWITH "bridge"', { field: 'title', endsWith: 'bridge' }],
    ['title not endswith bridge', { not: { field: 'title', endsWith: 'bridge' } }],
    ['height between(6,12)', { field: 'height', between: [6, 12] }],
    ['height BETWEEN (6, 12)', { field: 'height', between: [6, 12] }],
    ['height NOT BETWEEN(6, 12)', { not: { field: 'height', between: [6, 12] } }],
    [
      'location DistanceWithin(51.48, -3.17, 100km)',
      { field: 'location', distanceWithin: { lat: 51.48, lon: -3.17, distance: '100km' } },
    ],
    [
      "location NOT DISTANCEWITHIN(51.48, -3.17, '10 mi')",
      { not: { field: 'location', distanceWithin: { lat: 51.48, lon: -3.17, distance: '10 mi' } } },
    ],
    ['title FREETEXT "dark knight"', { field: 'title', freeText: 'dark knight' }],
    ['title NOT FREETEXT knight', { not: { field: 'title', freeText: 'knight' } }],
    ['title^80 FREETEXT "dark knight"', { field: 'title', freeText: 'dark knight', weight: 80 }],
    ['* FREETEXT bridge', { field: '*', freeText: 'bridge' }],
    ['tags[].name = x', { field: 'tags[].name', equalTo: 'x' }],
  ])('%s', (text, expected) => {
    expect(where(text)).toEqual([expected]);
  });
});

describe('parseZenql: values', () => {
  it.each([
    ['created >= startOfWeek()', 'startOfWeek()'],
    ['created >= startOfDay(-1w)', 'startOfDay(-1w)'],
    ['created >= now( -1 )', 'now(-1)'],
    ['created >= -5d', '-5d'],
    ['created >= 4w 2d', '4w 2d'],
    ['created >= 2024-03-05', '2024-03-05'],
    ['created >= 2024/03/05', '2024-03-05'],
    ['created >= 2024-03-05 10:30', '2024-03-05T10:30:00Z'],
    ['created >= 2024-03-05 10:30:15', '2024-03-05T10:30:15Z'],
    ['created >= 2024-03-05T10:30:00+01:00', '2024-03-05T10:30:00+01:00'],
  ])('%s', (text, value) => {
    expect(where(text)).toEqual([{ field: 'created', greaterThanOrEqualTo: value }]);
  });
});

describe('parseZenql: structure', () => {
  it('splits top-level AND into the where list, keywords in any case', () => {
    expect(where('sys.contentTypeId = plant and sys.version.created >= startOfWeek()')).toEqual([
      { field: 'sys.contentTypeId', equalTo: 'plant' },
      { field: 'sys.version.created', greaterThanOrEqualTo: 'startOfWeek()' },
    ]);
    expect(where('a = 1 AND (b = 2 AND c = 3)')).toHaveLength(3);
  });

  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(where('a = 1 OR b = 2 AND NOT c = 3')).toEqual([
      {
        or: [
          { field: 'a', equalTo: 1 },
          { and: [{ field: 'b', equalTo: 2 }, { not: { field: 'c', equalTo: 3 } }] },
        ],
      },
    ]);
  });

  it('follows parentheses', () => {
    expect(where('(a = 1 OR b = 2) AND c = 3')).toEqual([
      {
        or: [
          { field: 'a', equalTo: 1 },
          { field: 'b', equalTo: 2 },
        ],
      },
      { field: 'c', equalTo: 3 },
    ]);
    expect(where('NOT (a = 1 OR b = 2)')).toEqual([
      {
        not: {
          or: [
            { field: 'a', equalTo: 1 },
            { field: 'b', equalTo: 2 },
          ],
        },
      },
    ]);
  });

  it('reads ORDER BY', () => {
    expect(parseZenql('a = 1 ORDER BY releaseDate DESC, title')).toEqual({
      where: [{ field: 'a', equalTo: 1 }],
      orderBy: [{ desc: 'releaseDate' }, { asc: 'title' }],
    });
    expect(parseZenql('order by title asc')).toEqual({ where: [], orderBy: [{ asc: 'title' }] });
    expect(parseZenql('   ')).toEqual({ where: [] });
  });
});

describe('parseZenql: errors', () => {
  it.each([
    [
      'title',
      'zenql: expected an operator (=, !=, ~, !~, >, <, >=, <=, IN, EXISTS, STARTSWITH, ENDSWITH, BETWEEN, DISTANCEWITHIN, FREETEXT) at position 6, found the end of the query',
    ],
    ['title = ', 'zenql: expected a value at position 9, found the end of the query'],
    ['title = a b', 'zenql: expected AND, OR, ORDER BY or the end of the query at position 11, found "b"'],
    ['(a = 1', 'zenql: expected ")" at position 7, found the end of the query'],
    ['a = 1 AND', 'zenql: expected a field name or "(" at position 10, found the end of the query'],
    ['a = 1 OR OR b = 2', 'zenql: expected a field name or "(" at position 10, found "OR"'],
    ["a = 'open", 'zenql: unterminated string starting at position 5'],
    ['a ! b', 'zenql: unexpected "!" at position 3; expected != or !~'],
    [
      'a NOT = 1',
      'zenql: expected IN, EXISTS, STARTSWITH, ENDSWITH, BETWEEN, DISTANCEWITHIN or FREETEXT after NOT at position 7, found "="',
    ],
    ['a IN 1, 2', 'zenql: expected "(" at position 6, found "1"'],
    ['a IN (1 2)', 'zenql: expected "," or ")" at position 9, found "2"'],
    ['a BETWEEN(1)', 'zenql: expected "," at position 12, found ")"'],
    [
      'l DISTANCEWITHIN(1, 2, far)',
      'zenql: expected a distance such as 100km or 5mi at position 24, found "far"',
    ],
    ['l DISTANCEWITHIN(north, 2, 1km)', 'zenql: expected a latitude at position 18, found "north"'],
    ['a > NULL', 'zenql: expected a value other than NULL at position 5, found "NULL"'],
    ['a BETWEEN(1, null)', 'zenql: expected a value other than NULL at position 14, found "null"'],
    ['a ~ true', 'zenql: expected a text value at position 5, found "true"'],
    ['a FREETEXT null', 'zenql: expected a text value at position 12, found "null"'],
    ['a = 2024-02-30', 'zenql: expected a valid date at position 5, found "2024-02-30"'],
    ['a = soon()', 'zenql: unknown function "soon()" at position 5'],
    ['a = currentUser()', 'zenql: currentUser() at position 5 is not supported'],
    ['a^x FREETEXT b', 'zenql: expected a boost number after ^ at position 3, found "x"'],
    ['a = 1 ORDER title', 'zenql: expected BY at position 13, found "title"'],
  ])('%s', (text, message) => {
    expect(() => parseZenql(text)).toThrow(SearchError);
    expect(() => parseZenql(text)).toThrow(message);
  });

  it('limits nesting', () => {
    expect(() => parseZenql(`${'('.repeat(40)}a = 1${')'.repeat(40)}`)).toThrow(
      'at most 32 levels of nesting',
    );
  });
});
