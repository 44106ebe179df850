import { Fragment } from 'react';
import type { HighlightSegment } from '../highlight/highlight.js';
import { highlightSegments } from '../highlight/highlight.js';
import type { TermMatcher } from '../highlight/matcher.js';
import { ELLIPSIS, type Snippet } from '../highlight/snippet.js';

/** Props of {@link Highlight}. */
export interface HighlightProps {
  text: string;
  /** The term as `termMatcher` read it; null shows the text as it is. */
  matcher: TermMatcher | null;
}

/**
 * A text with the words a search term matched in `<mark>`. Everything is rendered as text
 * nodes, so markup in the text or the term shows as characters.
 *
 * @example
 * <h3><Link to={path}><Highlight text={title} matcher={matcher} /></Link></h3>
 */
export function Highlight({ text, matcher }: HighlightProps) {
  if (!matcher || matcher.parts.length === 0) return <>{text}</>;
  return <Segments segments={highlightSegments(text, matcher)} />;
}

/** Props of {@link HighlightSnippet}. */
export interface HighlightSnippetProps {
  /** From `snippetOf` or `bestSnippet`. */
  snippet: Snippet;
}

/**
 * A snippet with its matched words in `<mark>` and "…" where the text was cut.
 *
 * @example
 * const snippet = bestSnippet([entry.entryDescription], matcher);
 * {snippet ? <p><HighlightSnippet snippet={snippet} /></p> : null}
 */
export function HighlightSnippet({ snippet }: HighlightSnippetProps) {
  return (
    <>
      {snippet.cutBefore ? ELLIPSIS : null}
      <Segments segments={snippet.segments} />
      {snippet.cutAfter ? ELLIPSIS : null}
    </>
  );
}

function Segments({ segments }: { segments: readonly HighlightSegment[] }) {
  // Each piece is keyed by where it starts in the text, which no two pieces share.
  let at = 0;
  const pieces = segments.map((segment) => {
    const key = at;
    at += segment.text.length;
    return segment.mark ? (
      <mark key={key}>{segment.text}</mark>
    ) : (
      <Fragment key={key}>{segment.text}</Fragment>
    );
  });
  return <>{pieces}</>;
}
