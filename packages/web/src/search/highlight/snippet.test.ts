import { describe, expect, it } from 'vitest';
import { termMatcher } from './matcher.js';
import { bestSnippet, ELLIPSIS, plainText, SNIPPET_LENGTH, type Snippet, snippetOf } from './snippet.js';

/** A snippet as shown: ellipses, and matched words in [brackets]. */
function shown(snippet: Snippet | null): string {
  if (!snippet) return '';
  const body = snippet.segments
    .map((segment) => (segment.mark ? `[${segment.text}]` : segment.text))
    .join('');
  return `${snippet.cutBefore ? ELLIPSIS : ''}${body}${snippet.cutAfter ? ELLIPSIS : ''}`;
}

/** Length as the visitor sees it (without the brackets). */
const visibleLength = (text: string) => text.replace(/[[\]]/g, '').length;

const LONG =
  'Aberwen sits on the west coast of Wales, between the mountains and the sea. ' +
  'Our students learn in small groups and spend their second year on field trips along the coast. ' +
  'In the final year you carry out an independent project on seagrass meadows, rock pools or ' +
  'the harbour porpoises that feed in the bay every summer, supervised by a member of staff ' +
  'whose own research is in that area.';

describe('snippetOf', () => {
  it('shows a short text whole, uncut', () => {
    const snippet = snippetOf('Learn marine biology in small groups.', termMatcher('marine'));
    expect(shown(snippet)).toBe('Learn [marine] biology in small groups.');
    expect(snippet.matched).toBe(true);
  });

  it('cuts a long text around its matches at word boundaries, with ellipses', () => {
    const text = shown(snippetOf(LONG, termMatcher('seagrass')));
    expect(text.startsWith(ELLIPSIS)).toBe(true);
    expect(text.endsWith(ELLIPSIS)).toBe(true);
    expect(text).toContain('[seagrass]');
    expect(visibleLength(text)).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(visibleLength(text)).toBeGreaterThan(SNIPPET_LENGTH - 30);
    // Whole words only: each end of the cut is next to a word's edge in the text.
    const inner = text.slice(1, -1).replace(/[[\]]/g, '');
    const at = LONG.indexOf(inner);
    expect(at).toBeGreaterThan(0);
    expect(LONG[at - 1]).toMatch(/\s/);
    expect(LONG[at + inner.length]).toMatch(/[\s,.]/);
  });

  it('starts at the sentence of the match when it begins shortly before', () => {
    expect(shown(snippetOf(LONG, termMatcher('independent')))).toMatch(
      /^…In the final year you carry out an \[independent\]/,
    );
  });

  it('chooses the window with the most of the term, not merely the first match', () => {
    // "coast" is in the first sentence alone; "field trips coast" meet in the second.
    const text = shown(snippetOf(LONG, termMatcher('field coast')));
    expect(text).toContain('[field]');
    expect(text).toContain('[coast]');
  });

  it('starts at the beginning when nothing matches, cut at a word with an ellipsis', () => {
    const snippet = snippetOf(LONG, termMatcher('astronomy'));
    const text = shown(snippet);
    expect(snippet.matched).toBe(false);
    expect(text.startsWith('Aberwen sits on the west coast')).toBe(true);
    expect(text.endsWith(ELLIPSIS)).toBe(true);
    expect(text).not.toContain('[');
    expect(LONG[text.length - 1]).toMatch(/[\s,.]/);
  });

  it('leaves no ellipsis at the end when the window reaches it, and fills the length from before', () => {
    const text = shown(snippetOf(LONG, termMatcher('area')));
    expect(text.startsWith(ELLIPSIS)).toBe(true);
    expect(text.endsWith('in that [area].')).toBe(true);
    expect(visibleLength(text)).toBeGreaterThan(SNIPPET_LENGTH - 20);
    expect(visibleLength(text)).toBeLessThanOrEqual(SNIPPET_LENGTH);
  });

  it('cuts one overlong word rather than show nothing', () => {
    const snippet = snippetOf('x'.repeat(400), termMatcher('y'), { length: 50 });
    expect(shown(snippet)).toBe(`${'x'.repeat(49)}${ELLIPSIS}`);
  });

  it('collapses runs of spaces and line breaks', () => {
    expect(shown(snippetOf('  Marine\n\n   biology  ', termMatcher('biology')))).toBe('Marine [biology]');
  });

  it('keeps hostile text as characters', () => {
    const snippet = snippetOf('<img src=x onerror=alert(1)> marine', termMatcher('marine <b>'));
    expect(shown(snippet)).toBe('<img src=x onerror=alert(1)> [marine]');
  });
});

describe('bestSnippet', () => {
  const matcher = termMatcher('seagrass porpoises');

  it('takes the text that matches most of the term', () => {
    const snippet = bestSnippet(['A course about the sea.', LONG], matcher);
    expect(shown(snippet)).toContain('[seagrass]');
    expect(shown(snippet)).toContain('[porpoises]');
  });

  it('prefers the first text when a later one only repeats the same words more often', () => {
    const snippet = bestSnippet(['Seagrass in a summary.', 'Seagrass, seagrass and more seagrass.'], matcher);
    expect(shown(snippet)).toBe('[Seagrass] in a summary.');
  });

  it('prefers the first text on a tie, and the first non-empty one when none matches', () => {
    expect(shown(bestSnippet(['Seagrass first.', 'Seagrass second.'], matcher))).toBe('[Seagrass] first.');
    expect(shown(bestSnippet([null, '  ', 'Just words.', 'Other words.'], matcher))).toBe('Just words.');
    expect(bestSnippet([null, undefined, ''], matcher)).toBeNull();
  });
});

describe('plainText', () => {
  it('reads the text of rich text: tags become spaces, entities are decoded', () => {
    expect(plainText('<p>Field <b>trips</b>&nbsp;&amp; labs</p><p>Next&#8217;s</p>')).toBe(
      'Field trips & labs Next’s',
    );
  });

  it('drops scripts, styles and comments, and leaves a stray < as text', () => {
    expect(plainText('a<script>alert("x")</script>b<style>p{}</style>c<!-- hidden -->d 1 < 2')).toBe(
      'a b c d 1 < 2',
    );
    // Decoded markup stays text: it is shown as characters, never parsed.
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });
});
