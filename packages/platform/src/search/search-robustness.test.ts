import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { SearchError } from './errors.js';
import { random } from './measure-data.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';
import { parseZenql } from './zenql-parser.js';

// Random input must end in a result or a SearchError, never in any other exception.
let db: Db;

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  insertEntryVersion(db, {
    projectId: 'proj',
    entry: makeEntry({ title: 'Café "quoted" title', tags: ['a', 'b'], n: 5, location: { lat: 1, lon: 2 } }),
  });
});

const ALPHABET = [
  'a',
  'Z',
  '1',
  ' ',
  '"',
  "'",
  '*',
  '(',
  ')',
  '-',
  '+',
  ':',
  '^',
  '\\',
  '%',
  '_',
  'é',
  '\u0301',
  'ǂ',
  '日',
  '🙂',
  'NEAR',
  'AND',
  'OR',
  'NOT',
  '=',
  '~',
  '!',
  '<',
  '>',
  ',',
  '.',
  '[',
  ']',
  '{',
  '}',
];

function randomText(rand: () => number): string {
  const length = Math.floor(rand() * 12);
  return Array.from({ length }, () => ALPHABET[Math.floor(rand() * ALPHABET.length)]).join('');
}

function attempt(run: () => unknown): 'ok' | 'rejected' {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof SearchError) return 'rejected';
    throw error;
  }
}

const search = (where: unknown) =>
  searchEntries(db, {
    projectId: 'proj',
    where,
    pageIndex: 0,
    pageSize: 5,
    defaultVersionStatus: 'published',
    allowLatest: true,
  });

describe('robustness', () => {
  it('survives random free-text terms on every kind of field', () => {
    const rand = random(7);
    for (let i = 0; i < 400; i++) {
      const term = randomText(rand);
      const fuzzy = rand() < 0.5;
      for (const field of ['*', 'title', 'tags', 'nope']) {
        attempt(() => search([{ field, freeText: { term, fuzzy, operator: rand() < 0.5 ? 'and' : 'or' } }]));
      }
      attempt(() =>
        search([
          { field: 'title', contains: term },
          { field: 'title', startsWith: term },
        ]),
      );
      attempt(() => search([{ field: 'n', greaterThan: term }]));
    }
  });

  it('survives random ZenQL', () => {
    const rand = random(11);
    const outcomes = new Set<string>();
    for (let i = 0; i < 1500; i++) {
      const text = `${randomText(rand)} ${randomText(rand)} ${randomText(rand)}`;
      outcomes.add(
        attempt(() => {
          const { where, orderBy } = parseZenql(text);
          searchEntries(db, {
            projectId: 'proj',
            where,
            orderBy,
            pageIndex: 0,
            pageSize: 5,
            defaultVersionStatus: 'published',
            allowLatest: true,
          });
        }),
      );
    }
    expect(outcomes.has('rejected')).toBe(true);
  });

  it('survives random JSON shapes in where, orderBy and aggregations', () => {
    const rand = random(3);
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      1.5,
      '',
      'x',
      '2024-01-01',
      'now()',
      [],
      {},
      [1, 2],
      { term: 'x' },
      { lat: 1, lon: 2, distance: '1km' },
    ];
    const pick = () => values[Math.floor(rand() * values.length)];
    const operators = [
      'equalTo',
      'in',
      'contains',
      'startsWith',
      'endsWith',
      'between',
      'greaterThan',
      'lessThanOrEqualTo',
      'exists',
      'freeText',
      'distanceWithin',
      'weight',
      'bogus',
    ];
    for (let i = 0; i < 1000; i++) {
      const expr: Record<string, unknown> = {
        field:
          rand() < 0.9
            ? ['title', 'n', 'location', 'sys.id', 'sys.versionStatus', '*'][Math.floor(rand() * 6)]
            : pick(),
      };
      expr[operators[Math.floor(rand() * operators.length)]!] = pick();
      const where = rand() < 0.3 ? [{ or: [expr, { not: [expr] }] }] : [expr];
      attempt(() =>
        searchEntries(db, {
          projectId: 'proj',
          where,
          orderBy: rand() < 0.5 ? pick() : undefined,
          aggregations: rand() < 0.3 ? { agg: { field: pick(), size: pick() } } : undefined,
          pageIndex: 0,
          pageSize: 5,
          defaultVersionStatus: 'published',
          allowLatest: true,
        }),
      );
    }
  });
});
