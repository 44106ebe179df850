import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/db-handle.js';
import { FIELD_TOKEN_SEPARATOR } from './fields.js';
import { foldWord } from './text.js';

/**
 * The fuzzy vocabulary (`search_terms`): every word worth a fuzzy match, folded as the
 * tokenizer folds it. Single writes add their words as they go; bulk loads mark it stale and
 * it is rebuilt from the full-text index in one pass (by `finish()` or the next fuzzy search).
 */

interface VocabularyStatements {
  add: Statement<[string]>;
  stale: Statement<[], number>;
  mark: Statement<[number]>;
}

const statementsByDb = new WeakMap<Db, VocabularyStatements>();

// Words (as written) known to be in search_terms, per database, so each distinct word is
// folded and inserted once. A rolled-back insert leaves a word out of the vocabulary; that
// only costs a possible fuzzy expansion, never a wrong match.
const knownByDb = new WeakMap<Db, Set<string>>();

function statements(db: Db): VocabularyStatements {
  let prepared = statementsByDb.get(db);
  if (!prepared) {
    prepared = {
      add: db.prepare('INSERT OR IGNORE INTO search_terms (term) VALUES (?)'),
      stale: db.prepare<[], number>("SELECT value FROM search_meta WHERE key = 'terms_stale'").pluck(),
      mark: db.prepare(
        "INSERT INTO search_meta (key, value) VALUES ('terms_stale', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      ),
    };
    statementsByDb.set(db, prepared);
  }
  return prepared;
}

/** Whether a word belongs in the vocabulary: 3–40 characters, not just digits. */
function worthFuzzy(word: string): boolean {
  return word.length >= 3 && word.length <= 40 && !/^\d+$/.test(word);
}

/** Adds the words of one entry (as cut by `words()`). */
export function addWords(db: Db, found: string[]): void {
  const s = statements(db);
  let known = knownByDb.get(db);
  if (!known) {
    known = new Set();
    knownByDb.set(db, known);
  }
  for (const word of found) {
    if (known.has(word)) continue;
    known.add(word);
    if (worthFuzzy(word)) s.add.run(foldWord(word));
  }
}

/** Notes that full-text rows arrived without their words being added. */
export function markVocabularyStale(db: Db): void {
  statements(db).mark.run(1);
}

/**
 * Brings the vocabulary up to date if a bulk load left it stale: one pass over the
 * full-text vocabulary (fts5vocab), skipping field-qualified tokens and the words
 * {@link addWords} would skip.
 */
export function refreshVocabulary(db: Db): void {
  const s = statements(db);
  if (s.stale.get() !== 1) return;
  db.transaction(() => {
    db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocab_scan USING fts5vocab(main, search_fts, 'row')",
    );
    try {
      // The separator is a constant of ours, not input; it marks field-qualified tokens.
      db.exec(
        `INSERT OR IGNORE INTO search_terms (term)
         SELECT term FROM temp.search_vocab_scan
         WHERE length(term) BETWEEN 3 AND 40 AND term GLOB '*[^0-9]*' AND instr(term, '${FIELD_TOKEN_SEPARATOR}') = 0`,
      );
    } finally {
      db.exec('DROP TABLE IF EXISTS temp.search_vocab_scan');
    }
    s.mark.run(0);
  })();
}
