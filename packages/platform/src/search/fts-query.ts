import { baseForms, fold, MIN_PREFIX_LENGTH, STEM_MARK, type WordAnalysis } from './analysis.js';
import { SearchError } from './errors.js';
import { FIELD_TOKEN_SEPARATOR } from './fields.js';
import { splitTerm, words } from './text.js';
import { welshRadicals } from './welsh-mutations.js';

/** What a free-text expression searches: the whole entry, or the fields with these path ids. */
export type FtsTarget = { kind: 'content' } | { kind: 'fields'; pathIds: number[] };

/** A free-text request, already validated. */
export interface FtsRequest {
  term: string;
  operator: 'and' | 'or';
  fuzzy: boolean;
  target: FtsTarget;
  /** Near spellings of a word from the index vocabulary (only called when `fuzzy`). */
  expand: (word: string) => string[];
  /**
   * The word analyses of the languages searched (analysis.ts): a word matches the base forms
   * of each. Default: English only.
   */
  analyses?: readonly WordAnalysis[];
}

/** One MATCH expression of a free-text search and how exact the matches it adds are. */
export interface FtsLevel {
  match: string;
  /** Multiplies the bm25 score of the documents first matched at this level. */
  factor: number;
  /** The level's alternatives are those of the classes up to this index (see {@link FtsShape}). */
  upTo: number;
}

/**
 * What `match` is made of, for evaluating it outside FTS5 (doc-rank.ts): per part of the
 * term, its alternatives (quoted phrases) by class of exactness (exact, stem, prefix, typo),
 * and how the parts join. `match` lists them part by part, class by class, in this order,
 * which is the order of FTS5's phrases.
 */
export interface FtsShape {
  operator: 'and' | 'or';
  parts: string[][][];
}

/** The MATCH expressions of a free-text search. */
export interface FtsMatch {
  /** Everything the search matches. */
  match: string;
  /** How exact the loosest matches are (the factor of documents matching no stricter level). */
  factor: number;
  /**
   * Stricter expressions, strictest first (exact words, then stems, then the prefix), each
   * a subset of the next; empty when nothing is looser than exact words.
   */
  levels: FtsLevel[];
  /**
   * With `or` and several words: one expression per word (all its alternatives), so a
   * document's score can count how many of the words it holds; empty otherwise.
   */
  words: string[];
  /**
   * Every phrase of `match` (each quoted alternative, a prefix with its `*`), once each: bm25
   * sums one term per phrase, which is what champion-lists.ts bounds.
   */
  phrases: string[];
  /** The structure of `match`. */
  shape: FtsShape;
}

/**
 * How much of its bm25 score a match keeps by how exact it is: exact words, stems, the last
 * word as a prefix, typo corrections. Weights of fields are far apart (10, 5, 2), so a title
 * matched through a stem still outranks a description matched exactly, while within a field
 * an exact word wins over a stem, a stem over a prefix and a prefix over a corrected typo.
 */
export const EXACTNESS = { exact: 1, stem: 0.75, prefix: 0.5, typo: 0.25 } as const;

const CLASSES = ['exact', 'stem', 'prefix', 'typo'] as const;

// A MATCH expression bigger than this is a sign of a term × sub-field explosion.
const MAX_ALTERNATIVES = 4000;

/** The alternatives of one part of the term, by how exact they are. */
type PartAlternatives = Record<(typeof CLASSES)[number], string[]>;

/**
 * Builds the FTS5 MATCH expressions of a free-text search. The user's words never reach FTS5
 * syntax unquoted: each word or `"phrase"` becomes a quoted string, so operators and special
 * characters in the input are just text. For a field target every token becomes the
 * field-qualified token the indexer wrote (`12ǂharbour`), one alternative per path id.
 *
 * A word matches itself and its stem (analysis.ts); with `fuzzy`, the last word of the term
 * also matches as a prefix (3+ letters) and every word its typo corrections from the
 * vocabulary. Searching Welsh, a word's radical candidates take the stem's place, at the
 * stem's exactness (a mutated form is the same word, yet the form typed is a closer match),
 * and the last word's prefix is also tried for each of them. A quoted phrase, or a word the
 * tokenizer cuts in several (`king's`), matches exactly. Parts are joined with AND or OR per
 * `operator`; with OR, each part's expression comes apart too (`words`), for ranking by how
 * many of them a document holds.
 */
export function buildMatch(request: FtsRequest): FtsMatch {
  const prefixes =
    request.target.kind === 'content'
      ? ['']
      : request.target.pathIds.map((id) => `${id}${FIELD_TOKEN_SEPARATOR}`);
  const parts = splitTerm(request.term);
  const analyses = request.analyses ?? ['english'];
  const welsh = analyses.includes('welsh');
  const alternatives: PartAlternatives[] = [];
  parts.forEach((part, index) => {
    const tokens = words(part.text);
    if (tokens.length === 0) return;
    const found: PartAlternatives = { exact: [], stem: [], prefix: [], typo: [] };
    if (part.phrase || tokens.length > 1) {
      for (const prefix of prefixes) found.exact.push(quote(tokens.map((token) => prefix + token).join(' ')));
      alternatives.push(found);
      return;
    }
    const folded = fold(tokens[0]!);
    const bases = new Set(analyses.flatMap((analysis) => baseForms(folded, analysis)));
    const last = index === parts.length - 1;
    const asPrefix = request.fuzzy && last && [...folded].length >= MIN_PREFIX_LENGTH;
    const spellings = request.fuzzy ? request.expand(folded) : [];
    for (const prefix of prefixes) {
      found.exact.push(quote(prefix + folded));
      for (const base of bases) {
        found.stem.push(quote(prefix + STEM_MARK + base));
        if (base !== folded) found.stem.push(quote(prefix + base));
      }
      if (asPrefix) {
        found.prefix.push(`${quote(prefix + folded)}*`);
        // A Welsh word typed halfway ("Brifys") finds every form of the words it begins.
        if (welsh) {
          for (const radical of welshRadicals(folded)) {
            if (radical !== folded) found.prefix.push(`${quote(prefix + radical)}*`);
            found.prefix.push(`${quote(prefix + STEM_MARK + radical)}*`);
          }
        }
      }
      for (const spelling of spellings) found.typo.push(quote(prefix + spelling));
    }
    alternatives.push(found);
  });
  const joiner = request.operator === 'and' ? ' AND ' : ' OR ';
  const expressionUpTo = (level: number): { text: string; count: number } => {
    let count = 0;
    const clauses = alternatives.map((found) => {
      const options = CLASSES.slice(0, level + 1).flatMap((name) => found[name]);
      count += options.length;
      return options.length === 1 ? options[0]! : `(${options.join(' OR ')})`;
    });
    return { text: clauses.join(joiner), count };
  };
  const full = expressionUpTo(CLASSES.length - 1);
  if (full.count > MAX_ALTERNATIVES) {
    throw new SearchError(
      'freeText: the term expands to too many alternatives; use fewer words or a narrower field',
    );
  }
  // Each class that adds alternatives is a level; the loosest one is the full expression.
  const levels: FtsLevel[] = [];
  let previous = '';
  CLASSES.forEach((name, level) => {
    const { text } = level === CLASSES.length - 1 ? full : expressionUpTo(level);
    if (text !== previous) levels.push({ match: text, factor: EXACTNESS[name], upTo: level });
    previous = text;
  });
  const loosest = levels.pop() ?? { match: full.text, factor: EXACTNESS.exact, upTo: CLASSES.length - 1 };
  const perWord =
    request.operator === 'or' && alternatives.length > 1
      ? alternatives.map((found) => {
          const options = CLASSES.flatMap((name) => found[name]);
          return options.length === 1 ? options[0]! : `(${options.join(' OR ')})`;
        })
      : [];
  const phrases = [...new Set(alternatives.flatMap((found) => CLASSES.flatMap((name) => found[name])))];
  const shape: FtsShape = {
    operator: request.operator,
    parts: alternatives.map((found) => CLASSES.map((name) => found[name])),
  };
  return { match: loosest.match, factor: loosest.factor, levels, words: perWord, phrases, shape };
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
