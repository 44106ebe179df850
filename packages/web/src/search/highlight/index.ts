/**
 * Highlights of search results: which words of a text a term matched, by the platform's
 * `freeText` rules (folding, stems, the last word's beginning, typos, exact phrases), the
 * text cut into marked pieces, and snippets around the matches. Pure; the `Highlight` and
 * `HighlightSnippet` components render the pieces as text nodes and `<mark>`. See
 * `docs/web.md`, "Highlights".
 */
export {
  Highlight,
  type HighlightProps,
  HighlightSnippet,
  type HighlightSnippetProps,
} from '../components/Highlight.js';
export { type HighlightSegment, highlightSegments, segmentsBetween } from './highlight.js';
export {
  type MatchKind,
  mergeMatches,
  type TermMatcher,
  type TermMatcherOptions,
  type TermPart,
  type TextMatch,
  termMatcher,
  termPieces,
  textMatches,
} from './matcher.js';
export {
  bestSnippet,
  ELLIPSIS,
  plainText,
  SNIPPET_LENGTH,
  type Snippet,
  type SnippetOptions,
  snippetOf,
} from './snippet.js';
export { useTermMatcher } from './use-term-matcher.js';
export { editDistance, foldWord, maxTypos, stemOf, type TextWord, textWords } from './words.js';
