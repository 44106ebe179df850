import { type HighlightSegment, segmentsBetween } from './highlight.js';
import { type TermMatcher, type TextMatch, textMatches } from './matcher.js';
import { textWords } from './words.js';

/**
 * Snippets of search results: the part of a text around the words the term matched, about
 * {@link SNIPPET_LENGTH} characters cut at word boundaries, with "…" where the text goes on.
 */

/** How long a snippet is, ellipses included, unless a matched phrase needs more. */
export const SNIPPET_LENGTH = 160;

/** How far before its first match a snippet may start, to give the words their context. */
const LEAD = 40;

/** The ellipsis that marks a cut. */
export const ELLIPSIS = '…';

/** A snippet to show: its pieces (marked where the term matched) and where it was cut. */
export interface Snippet {
  segments: HighlightSegment[];
  /** The text goes on before the snippet (show an ellipsis first). */
  cutBefore: boolean;
  /** The text goes on after it (show an ellipsis last). */
  cutAfter: boolean;
  /** Whether the term matched anything in it. */
  matched: boolean;
}

/** Options of {@link snippetOf} and {@link bestSnippet}. */
export interface SnippetOptions {
  /** About how many characters, ellipses included (default {@link SNIPPET_LENGTH}). */
  length?: number;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/**
 * The readable text of an HTML fragment (a rich-text field) for a snippet: scripts, styles
 * and comments go, tags become spaces, entities are decoded and spaces collapse. The result
 * is shown as text, so anything left that looks like markup is harmless characters.
 *
 * @example
 * plainText('<p>Field <b>trips</b> &amp; labs</p>'); // 'Field trips & labs'
 */
export function plainText(html: string): string {
  return collapseSpaces(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
      .replace(/<\/?[a-z!][^>]*>/gi, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
        if (name.startsWith('#')) {
          const hex = name[1] === 'x' || name[1] === 'X';
          const code = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
          return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
        }
        return ENTITIES[name.toLowerCase()] ?? whole;
      }),
  );
}

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** How well a stretch of matches meets the term: distinct parts first, then matches. */
function scoreOf(matches: readonly TextMatch[]): [number, number] {
  return [new Set(matches.map((match) => match.part)).size, matches.length];
}

function better(a: [number, number], b: [number, number]): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
}

/**
 * The snippet of one text: all of it when it is short enough, else the window of about
 * `length` characters that holds the most of the term's parts (then the most matches, then
 * the earliest), starting at a sentence or up to {@link LEAD} characters before its first
 * match, cut at word boundaries.
 *
 * @example
 * snippetOf(longText, termMatcher('seagrass')); // { segments: […], cutBefore: true, cutAfter: true, matched: true }
 */
export function snippetOf(rawText: string, matcher: TermMatcher, options: SnippetOptions = {}): Snippet {
  const text = collapseSpaces(rawText);
  const length = Math.max(options.length ?? SNIPPET_LENGTH, 20);
  const matches = textMatches(text, matcher);
  const matched = matches.length > 0;
  if (text.length <= length) {
    return {
      segments: segmentsBetween(text, matches, 0, text.length),
      cutBefore: false,
      cutAfter: false,
      matched,
    };
  }
  const words = textWords(text);
  const starts = new Set<number>([0]);
  for (const match of matches) starts.add(windowStart(text, words, match.start));
  let best: { start: number; end: number; score: [number, number] } | null = null;
  for (const start of [...starts].sort((a, b) => a - b)) {
    const end = windowEnd(text, words, start, length);
    const score = scoreOf(matches.filter((match) => match.start >= start && match.end <= end));
    if (!best || better(score, best.score)) best = { start, end, score };
  }
  const { end } = best!;
  // A window that reaches the end of the text shows more of what leads up to it instead.
  const start = end === text.length ? fillBackwards(words, best!.start, text.length, length) : best!.start;
  return {
    segments: segmentsBetween(text, matches, start, end),
    cutBefore: start > 0,
    cutAfter: end < text.length,
    matched: matched && best!.score[1] > 0,
  };
}

/** Where a window leading up to a match at `at` starts: a sentence, else a word, within {@link LEAD}. */
function windowStart(text: string, words: readonly { start: number }[], at: number): number {
  const from = Math.max(0, at - LEAD);
  if (from === 0) return 0;
  const before = text.slice(from, at);
  const sentence = before.search(/[.!?]\s+\S[^.!?]*$/);
  if (sentence >= 0) {
    const next = before.slice(sentence).search(/\s\S/);
    return from + sentence + next + 1;
  }
  // The first word that starts in the lead, so no word is cut in half.
  return words.find((word) => word.start >= from)?.start ?? at;
}

/** The earliest word start from which the rest of the text fits in `length` (with "…"), but not after `start`. */
function fillBackwards(
  words: readonly { start: number }[],
  start: number,
  textLength: number,
  length: number,
): number {
  if (start === 0) return 0;
  const earliest = textLength - (length - 1);
  if (earliest <= 0) return 0;
  const first = words.find((word) => word.start >= earliest)?.start ?? start;
  return Math.min(first, start);
}

/** Where a window from `start` ends: after the last whole word that fits in `length`. */
function windowEnd(
  text: string,
  words: readonly { start: number; end: number }[],
  start: number,
  length: number,
): number {
  // Room for the ellipses the cut will add.
  const budget = length - (start > 0 ? 1 : 0);
  if (text.length - start <= budget) return text.length;
  const limit = start + budget - 1;
  let end = start;
  for (const word of words) {
    if (word.start < start) continue;
    if (word.end > limit) break;
    end = word.end;
  }
  // A single word longer than the window: cut it rather than show nothing.
  return end === start ? limit : end;
}

/**
 * The snippet of the text that best matches the term among several (a description, a body):
 * the one with the most of the term's parts; the first on a tie (a summary that has the
 * words reads better than a body that repeats them), and the first non-empty one when none
 * matches. Null when every text is empty.
 *
 * @example
 * bestSnippet([entry.entryDescription, plainText(entry.body)], termMatcher(term));
 */
export function bestSnippet(
  texts: readonly (string | null | undefined)[],
  matcher: TermMatcher,
  options: SnippetOptions = {},
): Snippet | null {
  const best = bestTextIndex(texts, matcher);
  return best === null ? null : snippetOf(collapseSpaces(texts[best] as string), matcher, options);
}

/**
 * Which of the texts {@link bestSnippet} takes its snippet from (its index), null when every
 * text is empty. The server asks it to know whether a search hit's body shows on the page.
 *
 * @example
 * bestTextIndex([entry.entryDescription, plainText(entry.body)], termMatcher(term)); // 0: the summary
 */
export function bestTextIndex(
  texts: readonly (string | null | undefined)[],
  matcher: TermMatcher,
): number | null {
  let best: { index: number; parts: number } | null = null;
  for (const [index, raw] of texts.entries()) {
    if (typeof raw !== 'string') continue;
    const text = collapseSpaces(raw);
    if (!text) continue;
    const [parts] = scoreOf(textMatches(text, matcher));
    if (!best || parts > best.parts) best = { index, parts };
  }
  return best ? best.index : null;
}
