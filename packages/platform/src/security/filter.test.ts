import { describe, expect, it } from 'vitest';
import { SearchError } from '../search/errors.js';
import { parseWhere } from '../search/where-parse.js';
import { parseZenql } from '../search/zenql-parser.js';
import { compileFilter, valuesAt } from './filter.js';
import { USER_LIST } from './list-specs.js';
import { applyListing, type ListSpec, parseListRequest, parseSearchRequest } from './listing.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

const people = [
  {
    id: '1',
    username: 'a.editor',
    email: 'a.editor@acme.example',
    firstName: 'Alex',
    lastName: 'Editor',
    custom: { department: 'News', tags: ['red', 'blue'] },
    status: { suspended: false },
    created: '2026-03-08T08:00:00.000Z',
    failedLoginAttempts: 3,
    lastLogin: null,
  },
  {
    id: '2',
    username: 'b.writer',
    email: 'b.writer@acme.example',
    firstName: 'Bea',
    lastName: 'Writer',
    custom: {},
    status: { suspended: true },
    created: '2025-01-01T08:00:00.000Z',
    failedLoginAttempts: 0,
    lastLogin: '2026-03-01T08:00:00.000Z',
  },
  {
    id: '3',
    username: 'c.reader',
    email: 'c@other.example',
    firstName: 'Cai',
    lastName: 'Reader Smith',
    custom: { department: 'Sport' },
    status: { suspended: false },
    created: '2026-03-10T11:00:00.000Z',
    failedLoginAttempts: 10,
    lastLogin: null,
  },
];

// The user listing's fields, over the test's lighter objects.
const SPEC: ListSpec<(typeof people)[number]> = {
  ...USER_LIST,
  searchable: (person) => [person.username, person.email, person.firstName, person.lastName],
};

/** Usernames matching a `where` list. */
function where(raw: unknown): string[] {
  const keep = compileFilter(parseWhere(raw, NOW), USER_LIST);
  return people.filter(keep).map((person) => person.username);
}

/** Usernames matching ZenQL. */
function zen(text: string): string[] {
  return where(parseZenql(text).where);
}

describe('compileFilter over users', () => {
  it('compares text case-insensitively: equalTo, in, contains, startsWith, endsWith', () => {
    expect(where([{ field: 'USERNAME', equalTo: 'A.EDITOR' }])).toEqual(['a.editor']);
    expect(where([{ field: 'username', in: ['b.writer', 'c.reader'] }])).toEqual(['b.writer', 'c.reader']);
    expect(where([{ field: 'email', contains: 'ACME' }])).toEqual(['a.editor', 'b.writer']);
    expect(where([{ field: 'firstname', startsWith: 'b' }])).toEqual(['b.writer']);
    expect(where([{ field: 'email', endsWith: 'OTHER.example' }])).toEqual(['c.reader']);
  });

  it('reads nested and array properties, and tests presence with exists', () => {
    expect(where([{ field: 'custom.Department', equalTo: 'news' }])).toEqual(['a.editor']);
    expect(where([{ field: 'custom.tags', equalTo: 'blue' }])).toEqual(['a.editor']);
    expect(where([{ field: 'status.suspended', equalTo: true }])).toEqual(['b.writer']);
    expect(where([{ field: 'custom.department', exists: true }])).toEqual(['a.editor', 'c.reader']);
    expect(where([{ field: 'custom.department', exists: false }])).toEqual(['b.writer']);
    expect(where([{ field: 'lastLogin', exists: false }])).toEqual(['a.editor', 'c.reader']);
    expect(where([{ field: 'custom', exists: false }])).toEqual(['b.writer']);
  });

  it('compares numbers and dates as values, with relative dates', () => {
    expect(where([{ field: 'failedLoginAttempts', greaterThan: 2 }])).toEqual(['a.editor', 'c.reader']);
    expect(where([{ field: 'failedLoginAttempts', between: [0, 3] }])).toEqual(['a.editor', 'b.writer']);
    expect(where([{ field: 'created', lessThan: '2026-01-01' }])).toEqual(['b.writer']);
    expect(where([{ field: 'created', greaterThanOrEqualTo: 'now(-7)' }])).toEqual(['a.editor', 'c.reader']);
    expect(where([{ field: 'created', equalTo: '2025-01-01T08:00:00Z' }])).toEqual(['b.writer']);
    expect(zen('created >= startOfDay()')).toEqual(['c.reader']);
    expect(zen('failedLoginAttempts between(1, 5)')).toEqual(['a.editor']);
  });

  it('combines with and, or, not (as array or object) and ZenQL', () => {
    expect(
      where([
        {
          or: [
            { field: 'username', equalTo: 'a.editor' },
            { field: 'username', equalTo: 'c.reader' },
          ],
        },
      ]),
    ).toEqual(['a.editor', 'c.reader']);
    expect(where([{ not: [{ field: 'email', contains: 'acme' }] }])).toEqual(['c.reader']);
    expect(where({ not: { field: 'email', contains: 'acme' } })).toEqual(['c.reader']);
    expect(zen('firstname ~ a and not status.suspended = true')).toEqual(['a.editor', 'c.reader']);
    expect(zen('lastLogin = NULL')).toEqual(['a.editor', 'c.reader']);
    expect(zen('username NOT IN (a.editor, b.writer)')).toEqual(['c.reader']);
  });

  it('matches whole words with freeText, on one field or on all', () => {
    expect(where([{ field: 'lastName', freeText: 'smith' }])).toEqual(['c.reader']);
    expect(where([{ field: 'lastName', freeText: 'smi' }])).toEqual([]);
    expect(where([{ field: 'lastName', freeText: { term: 'smi', fuzzy: true, operator: 'and' } }])).toEqual([
      'c.reader',
    ]);
    expect(where([{ field: '*', freeText: { term: 'sport news', fuzzy: false, operator: 'or' } }])).toEqual([
      'a.editor',
      'c.reader',
    ]);
    expect(where([{ field: '*', freeText: '"reader smith"' }])).toEqual(['c.reader']);
  });

  it('refuses unknown properties and operators that make no sense for accounts', () => {
    expect(() => where([{ field: 'shoeSize', equalTo: 3 }])).toThrow(/'shoeSize' is not a user property/);
    expect(() => where([{ field: 'sys.versionStatus', equalTo: 'latest' }])).toThrow(SearchError);
    expect(() =>
      where([{ field: 'custom.home', distanceWithin: { lat: 1, lon: 1, distance: '1km' } }]),
    ).toThrow(/distanceWithin is not supported/);
    expect(() => where([{ field: '*', equalTo: 'x' }])).toThrow(/only with freeText/);
  });
});

describe('valuesAt', () => {
  it('follows paths case-insensitively and flattens arrays', () => {
    expect(valuesAt({ A: { b: [{ c: 1 }, { C: 2 }] } }, 'a.B.c')).toEqual([1, 2]);
    expect(valuesAt({ a: 1 }, 'a.b')).toEqual([]);
  });
});

describe('listings', () => {
  it('filters with q, orders (missing last) and pages', () => {
    const list = (query: Record<string, string>) => applyListing(people, parseListRequest(query, NOW), SPEC);
    expect(list({ q: 'WRITER' }).items.map((p) => p.id)).toEqual(['2']);
    expect(list({ order: '-failedLoginAttempts' }).items.map((p) => p.id)).toEqual(['3', '1', '2']);
    expect(list({ order: 'lastLogin' }).items.map((p) => p.id)).toEqual(['2', '1', '3']);
    expect(list({ order: '-created,username', pageindex: '1', pagesize: '2' })).toMatchObject({
      pageIndex: 1,
      pageSize: 2,
      totalCount: 3,
      pageCount: 2,
      items: [{ id: '2' }],
    });
    expect(list({ zenql: 'email ~ acme order by firstName desc' }).items.map((p) => p.id)).toEqual([
      '2',
      '1',
    ]);
    expect(() => list({ order: 'height' })).toThrow(/'height' is not a user property/);
    expect(() => list({ pagesize: '0' })).toThrow(/pageSize/);
  });

  it('reads search requests from GET parameters and POST bodies alike', () => {
    const fromGet = parseSearchRequest(
      {
        where: '[{"field":"username","contains":"e"}]',
        orderby: '["-username"]',
        pageindex: '0',
        pagesize: '1',
      },
      NOW,
    );
    const fromPost = parseSearchRequest(
      {
        pageIndex: 0,
        pageSize: 1,
        orderBy: [{ desc: 'username' }],
        where: [{ field: 'username', contains: 'e' }],
        includeArchived: false,
        includeDeleted: false,
      },
      NOW,
    );
    expect(fromPost).toEqual(fromGet);
    expect(applyListing(people, fromGet, SPEC)).toMatchObject({ totalCount: 3, items: [{ id: '3' }] });
    expect(parseSearchRequest({ where: 'undefined' }, NOW).where).toEqual([]);
  });
});
