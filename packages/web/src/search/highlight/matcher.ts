import { isWelsh, welshRadicals } from './welsh-mutations.js';
import { editDistance, MIN_PREFIX_LENGTH, maxTypos, stemOf, type TextWord, textWords } from './words.js';

/**
 * Which words of a text a search term matched, by the platform's `freeText` rules (see
 * words.ts): a query word matches a word of the text that folds to it, shares its stem, starts
 * with it (the last word of the term, 3+ letters, with fuzzy search) or is a small typo away
 * (with fuzzy search: one edit for words of 5–8 letters, two from 9, never on the first
 * letter). A quoted phrase, or a query word the tokenizer cuts in several (`king's`), matches
 * those words in that order, exactly. The term goes through the same clean-up as the query
 * (term.ts: `sanitiseSearchText`, `splitPhrases`), so what is marked is what was searched.
 * In Welsh (`language: 'cy'`) words meet through their mutations instead of English stems
 * (welsh-mutations.ts), as the platform matches a Welsh search.
 */

// The query's clean-up (term.ts), repeated rather than imported: importing term.ts here would
// make it and the client's query expressions chunks of their own, whose names every lazy
// route's preload list in the entry then carries (about 60 bytes of every page's first load).
// matcher.test.ts checks both read terms alike.
const RESERVED_CHARACTERS = /[><=|!{}[\]^~*?:\\/]/g;

/** The term's quoted phrases and its other words, cleaned as the query cleans them. */
export function termPieces(term: string): { phrases: string[]; words: string[] } {
  const phrases: string[] = [];
  const rest = term
    .replace(RESERVED_CHARACTERS, ' ')
    .replace(/"([^"]*)"/g, (_match, phrase: string) => {
      const trimmed = phrase.replace(/\s+/g, ' ').trim();
      if (trimmed) phrases.push(trimmed);
      return ' ';
    })
    .replace(/"/g, ' ');
  return { phrases, words: rest.split(/\s+/).filter((piece) => /[\p{L}\p{N}]/u.test(piece)) };
}

/** How a word of the text met the term, most exact first. */
export type MatchKind = 'exact' | 'stem' | 'prefix' | 'typo' | 'phrase';

/** One unit of the term: a word, or words that must follow one another. */
export type TermPart =
  | {
      kind: 'word';
      folded: string;
      stem: string;
      prefix: boolean;
      typos: number;
      /** In Welsh: the word's radical candidates (itself first), which replace the stem. */
      radicals?: string[];
    }
  | { kind: 'phrase'; words: string[] };

/** A term ready to match texts against ({@link termMatcher}). */
export interface TermMatcher {
  parts: TermPart[];
}

/** Options of {@link termMatcher}. */
export interface TermMatcherOptions {
  /** The search's `fuzzySearch`: the last word as a prefix, typos forgiven. Default true. */
  fuzzy?: boolean;
  /** The language searched: Welsh (`cy`) matches mutations, anything else English stems. */
  language?: string | null;
}

/** A stretch of text the term matched. */
export interface TextMatch {
  start: number;
  end: number;
  /** Index of the term's part that matched. */
  part: number;
  kind: MatchKind;
}

/**
 * Reads a search term as the platform will match it.
 *
 * @example
 * termMatcher('nurse "marine biology"').parts;
 * // [{ kind: 'word', folded: 'nurse', stem: 'nurs', prefix: true, typos: 1 },
 * //  { kind: 'phrase', words: ['marine', 'biology'] }]
 */
export function termMatcher(term: string, options: TermMatcherOptions = {}): TermMatcher {
  const fuzzy = options.fuzzy ?? true;
  const welsh = isWelsh(options.language);
  // The platform splits the words at spaces and drops pieces without a letter or digit
  // before it picks the last one as the prefix.
  const { phrases, words: pieces } = termPieces(term);
  const parts: TermPart[] = [];
  pieces.forEach((piece, index) => {
    const tokens = textWords(piece).map((word) => word.folded);
    if (tokens.length === 0) return;
    if (tokens.length > 1) {
      parts.push({ kind: 'phrase', words: tokens });
      return;
    }
    const folded = tokens[0]!;
    const length = [...folded].length;
    parts.push({
      kind: 'word',
      folded,
      stem: welsh ? folded : stemOf(folded),
      prefix: fuzzy && index === pieces.length - 1 && length >= MIN_PREFIX_LENGTH,
      typos: fuzzy ? maxTypos(length) : 0,
      ...(welsh ? { radicals: welshRadicals(folded) } : {}),
    });
  });
  for (const phrase of phrases) {
    const tokens = textWords(phrase).map((word) => word.folded);
    if (tokens.length > 0) parts.push({ kind: 'phrase', words: tokens });
  }
  return { parts };
}

/** How `word` meets a query word, or null when it does not. */
function wordMatch(part: Extract<TermPart, { kind: 'word' }>, word: TextWord): MatchKind | null {
  if (word.folded === part.folded) return 'exact';
  if (part.radicals) return welshMatch(part, part.radicals, word);
  // The index holds each word and its stem, the query asks for the word's stem among both.
  if (word.stem === part.stem || word.folded === part.stem) return 'stem';
  if (part.prefix && word.folded.startsWith(part.folded)) return 'prefix';
  return typoMatch(part, word);
}

/** How a Welsh word meets a Welsh query word: a radical in common, or any form's beginning. */
function welshMatch(
  part: Extract<TermPart, { kind: 'word' }>,
  radicals: readonly string[],
  word: TextWord,
): MatchKind | null {
  const forms = welshRadicals(word.folded);
  if (forms.some((form) => radicals.includes(form))) return 'stem';
  if (part.prefix && radicals.some((radical) => forms.some((form) => form.startsWith(radical))))
    return 'prefix';
  return typoMatch(part, word);
}

/** Whether a word is a typo of the query word (never on the first letter). */
function typoMatch(part: Extract<TermPart, { kind: 'word' }>, word: TextWord): MatchKind | null {
  if (
    part.typos > 0 &&
    word.folded.codePointAt(0) === part.folded.codePointAt(0) &&
    editDistance(part.folded, word.folded, part.typos) <= part.typos
  ) {
    return 'typo';
  }
  return null;
}

/**
 * Every stretch of `text` the term matched, in order of place; a word matched by several
 * parts is listed once for each ({@link mergeMatches} joins them for marking).
 *
 * @example
 * textMatches('Nursing and midwifery', termMatcher('nurse'));
 * // [{ start: 0, end: 7, part: 0, kind: 'stem' }]
 */
export function textMatches(text: string, matcher: TermMatcher): TextMatch[] {
  if (matcher.parts.length === 0 || !text) return [];
  const words = textWords(text);
  const found: TextMatch[] = [];
  words.forEach((word, index) => {
    matcher.parts.forEach((part, partIndex) => {
      if (part.kind === 'word') {
        const kind = wordMatch(part, word);
        if (kind) found.push({ start: word.start, end: word.end, part: partIndex, kind });
        return;
      }
      const last = words[index + part.words.length - 1];
      if (!last) return;
      const all = part.words.every((token, offset) => words[index + offset]!.folded === token);
      if (all) found.push({ start: word.start, end: last.end, part: partIndex, kind: 'phrase' });
    });
  });
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * Matches sorted by place with overlapping ones joined (a word inside a matched phrase, a
 * word two parts matched): the stretches to mark.
 */
export function mergeMatches(matches: readonly TextMatch[]): TextMatch[] {
  const sorted = [...matches].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextMatch[] = [];
  for (const match of sorted) {
    const previous = merged[merged.length - 1];
    if (previous && match.start < previous.end) {
      previous.end = Math.max(previous.end, match.end);
      continue;
    }
    merged.push({ ...match });
  }
  return merged;
}
