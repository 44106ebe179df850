import { mergeMatches, type TermMatcher, type TextMatch, textMatches } from './matcher.js';

/** A piece of text to show, marked when the term matched it. */
export interface HighlightSegment {
  text: string;
  mark: boolean;
}

/**
 * A text cut into plain and marked pieces: whole words the term matched are marked, and
 * matched words with only spaces between them as one piece ("Marine Biology"). The pieces are text, never markup: render them as text nodes and
 * `<mark>` elements, so a term or a text holding `<script>` shows as those characters.
 *
 * @example
 * highlightSegments('Nursing BSc', termMatcher('nurse'));
 * // [{ text: 'Nursing', mark: true }, { text: ' BSc', mark: false }]
 */
export function highlightSegments(text: string, matcher: TermMatcher): HighlightSegment[] {
  return segmentsBetween(text, textMatches(text, matcher), 0, text.length);
}

/** The segments of `text` from `start` to `end`, marking the given matches inside it. */
export function segmentsBetween(
  text: string,
  matches: readonly TextMatch[],
  start: number,
  end: number,
): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let at = start;
  for (const match of mergeMatches(matches)) {
    if (match.start < start || match.end > end) continue;
    const gap = text.slice(at, match.start);
    const previous = segments[segments.length - 1];
    if (previous?.mark && /^\s*$/.test(gap)) {
      // Words matched one after another read as one highlight, not a row of boxes.
      previous.text += gap + text.slice(match.start, match.end);
    } else {
      if (gap) segments.push({ text: gap, mark: false });
      segments.push({ text: text.slice(match.start, match.end), mark: true });
    }
    at = match.end;
  }
  if (end > at) segments.push({ text: text.slice(at, end), mark: false });
  return segments;
}
