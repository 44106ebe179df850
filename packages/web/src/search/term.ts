import { type Expression, Op } from '@canopy/client';
import type { WeightedSearchField } from './config.js';

/** Characters the search text loses (website spec §5): they mean something to the search engine. */
const RESERVED_CHARACTERS = /[><=|!{}[\]^~*?:\\/]/g;

/** Whitespace runs collapse to one space. */
const WHITESPACE = /\s+/g;

/**
 * The term with the search engine's reserved characters (`> < = | ! { } [ ] ^ ~ * ? : \ /`)
 * removed and spaces collapsed; quotes stay, they mark phrases.
 *
 * @example
 * sanitiseSearchText('marine* biology?'); // 'marine biology'
 */
export function sanitiseSearchText(text: string): string {
  return text.replace(RESERVED_CHARACTERS, ' ').replace(WHITESPACE, ' ').trim();
}

/**
 * Splits a term into its quoted phrases and the rest.
 *
 * @example
 * splitPhrases('"marine biology" degree'); // { phrases: ['marine biology'], words: 'degree' }
 */
export function splitPhrases(term: string): { phrases: string[]; words: string } {
  const phrases: string[] = [];
  const words = term.replace(/"([^"]*)"/g, (_match, phrase: string) => {
    const trimmed = phrase.trim();
    if (trimmed) phrases.push(trimmed);
    return ' ';
  });
  return { phrases, words: words.replace(/"/g, ' ').replace(WHITESPACE, ' ').trim() };
}

/** Default-field rules when a facet names no weighted fields (website spec §9). */
const DEFAULT_TERM_FIELDS = {
  exactTitle: { fieldId: 'entryTitle', weight: 10 },
  title: { fieldId: 'entryTitle', weight: 2 },
  contains: [
    { fieldId: 'entryDescription', weight: 2 },
    { fieldId: 'keywords', weight: 2 },
    { fieldId: 'sys.uri', weight: 2 },
  ],
} as const;

/**
 * Weighted fields without repeats: the first mention of a field wins (website spec §5).
 *
 * @example
 * uniqueWeightedFields([{ fieldId: 'a', weight: 2 }, { fieldId: 'a', weight: 5 }]); // [{ fieldId: 'a', weight: 2 }]
 */
export function uniqueWeightedFields(fields: readonly WeightedSearchField[]): WeightedSearchField[] {
  const seen = new Set<string>();
  const unique: WeightedSearchField[] = [];
  for (const field of fields) {
    if (!field?.fieldId || seen.has(field.fieldId)) continue;
    seen.add(field.fieldId);
    unique.push(field);
  }
  return unique;
}

/** Options of {@link termExpression}. */
export interface TermOptions {
  weightedSearchFields?: readonly WeightedSearchField[];
  fuzzySearch?: boolean;
  /** Default fields to leave out: `allUris`, `searchContent`. */
  omitDefaultSearchFields?: readonly string[];
  /**
   * Whether free text must match all the words (`and`, the default) or any of them (`or`,
   * the search again when all of them found nothing); phrases always match whole.
   */
  operator?: 'and' | 'or';
}

/**
 * Whether a term has more than one word outside quoted phrases: only then can matching any
 * word find more than matching all of them.
 *
 * @example
 * hasSeveralWords('aberwen by train'); // true
 * hasSeveralWords('"marine biology"'); // false
 */
export function hasSeveralWords(rawTerm: string): boolean {
  const { words } = splitPhrases(sanitiseSearchText(rawTerm));
  return words.split(' ').filter(hasWord).length > 1;
}

/** Whether a text has a letter or a digit: without one there is no word to search for. */
export function hasWord(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/**
 * Matches no entry (every entry has an id): what a term without a word searches for, so the
 * visitor sees "no results" rather than everything or an error.
 */
export const NO_MATCH: Expression = Op.equalTo('sys.id', '');

/**
 * The where-clause expression that matches a term, or `null` for an empty term.
 *
 * Each weighted field matches the unquoted words as free text (or `contains` for a dotted
 * path such as `sys.uri`) and each quoted phrase as an exact `contains`. Without weighted
 * fields the defaults apply: the exact title ×10; the title as free text, the description,
 * keywords and URI ×2. `sys.allUris` and the entry's whole text (`searchContent`, which the
 * platform only searches as free text, so a phrase goes there as a quoted free-text phrase)
 * match unweighted unless omitted. All of it is one `or`. A term with no letter or digit in it
 * (`'`, `<!--`) matches nothing ({@link NO_MATCH}).
 *
 * @example
 * termExpression('marine', {}); // Op.or(Op.equalTo('entryTitle','marine').weight(10), …)
 */
export function termExpression(rawTerm: string, options: TermOptions = {}): Expression | null {
  const term = sanitiseSearchText(rawTerm);
  const split = splitPhrases(term);
  if (!split.words && split.phrases.length === 0) return null;
  // Words and phrases without a letter or digit would reach free text with nothing to match.
  const phrases = split.phrases.filter(hasWord);
  const words = hasWord(split.words) ? split.words : '';
  if (!words && phrases.length === 0) return NO_MATCH;
  const plain = [words, ...phrases].filter(Boolean).join(' ');
  const fuzzy = options.fuzzySearch ?? false;
  const operator = options.operator ?? 'and';
  const expressions: Expression[] = [];

  const configured = uniqueWeightedFields(options.weightedSearchFields ?? []);
  if (configured.length > 0) {
    for (const { fieldId, weight } of configured) {
      if (words) {
        expressions.push(
          fieldId.includes('.')
            ? Op.contains(fieldId, words).weight(weight)
            : Op.freeText(fieldId, words, fuzzy, operator).weight(weight),
        );
      }
      for (const phrase of phrases) expressions.push(Op.contains(fieldId, phrase).weight(weight));
    }
  } else {
    const { exactTitle, title, contains } = DEFAULT_TERM_FIELDS;
    expressions.push(Op.equalTo(exactTitle.fieldId, plain).weight(exactTitle.weight));
    if (words) expressions.push(Op.freeText(title.fieldId, words, fuzzy, operator).weight(title.weight));
    for (const { fieldId, weight } of contains) {
      if (words) expressions.push(Op.contains(fieldId, words).weight(weight));
      for (const phrase of phrases) expressions.push(Op.contains(fieldId, phrase).weight(weight));
    }
    for (const phrase of phrases) expressions.push(Op.contains(title.fieldId, phrase).weight(title.weight));
  }

  const omit = new Set(options.omitDefaultSearchFields ?? []);
  if (!omit.has('allUris')) expressions.push(Op.contains('sys.allUris', plain));
  if (!omit.has('searchContent')) {
    if (words) expressions.push(Op.freeText('searchContent', words, fuzzy, operator));
    for (const phrase of phrases) expressions.push(Op.freeText('searchContent', `"${phrase}"`, false, 'and'));
  }
  return Op.or(...expressions);
}
