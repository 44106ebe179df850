import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/open.js';
import { buildMatch } from './fts-query.js';
import { searchEntries } from './search.js';
import { insertEntryVersion, insertProject, makeEntry } from './testing.js';

// freeText with operator "or" (contract §2.3): any word matches, and documents holding more
// of the words come first, then better matches. A site searches this way when all the words
// together found nothing ("how to get to aberwen by train").
let db: Db;
const titleOf = new Map<number, string>();

beforeAll(() => {
  db = openDatabase(':memory:');
  insertProject(db, 'proj');
  const add = (title: string, summary: string) =>
    titleOf.set(insertEntryVersion(db, { projectId: 'proj', entry: makeEntry({ title, summary }) }), title);
  // One word many times, in a short text: bm25 alone puts it first.
  add('Trains trains trains', 'Train');
  add('Getting here', 'Come to Aberwen by train or by bus from the station car park');
  add('How to apply', 'Apply to Aberwen');
  add('Bus times', 'The bus to campus');
  // A rare word, often, in a short text: bm25 alone puts it above a text with more words.
  add('Station news', 'Station station station');
  for (let i = 0; i < 20; i++) add(`Filler ${i}`, `Nothing of note in Aberwen, number ${i}`);
});

function titles(term: string, operator: 'and' | 'or', field = 'summary'): string[] {
  return searchEntries(db, {
    projectId: 'proj',
    pageIndex: 0,
    pageSize: 50,
    where: [{ field, freeText: { term, fuzzy: true, operator } }],
    defaultVersionStatus: 'published',
    allowLatest: true,
  }).hits.map((hit) => titleOf.get(hit.doc)!);
}

describe('freeText with any word', () => {
  it('matches documents holding any of the words, where all of them find nothing', () => {
    expect(titles('train bus campus', 'and')).toEqual([]);
    expect(titles('train bus campus', 'or').sort()).toEqual(
      ['Bus times', 'Getting here', 'Trains trains trains'].sort(),
    );
  });

  it('ranks documents holding more of the words first', () => {
    expect(titles('station aberwen', 'or').slice(0, 2)).toEqual(['Getting here', 'Station news']);
    // As a whole-entry search too.
    expect(titles('station aberwen', 'or', 'searchContent')[0]).toBe('Getting here');
  });

  it('ranks by bm25 and exactness alone for one word, as before', () => {
    expect(titles('train', 'or')[0]).toBe('Trains trains trains');
    expect(titles('train', 'or')).toEqual(titles('train', 'and'));
  });

  it('gives each word its own expression only for "or" of several words', () => {
    const build = (term: string, operator: 'and' | 'or') =>
      buildMatch({ term, operator, fuzzy: false, target: { kind: 'content' }, expand: () => [] }).words;
    expect(build('aberwen train', 'or')).toEqual(['("aberwen" OR "ǂaberwen")', '("train" OR "ǂtrain")']);
    expect(build('aberwen train', 'and')).toEqual([]);
    expect(build('train', 'or')).toEqual([]);
  });
});
