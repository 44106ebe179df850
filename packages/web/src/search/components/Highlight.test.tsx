import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { termMatcher } from '../highlight/matcher.js';
import { snippetOf } from '../highlight/snippet.js';
import { Highlight, HighlightSnippet } from './Highlight.js';

describe('Highlight', () => {
  it('marks the matched words and nothing else', () => {
    expect(
      renderToStaticMarkup(<Highlight text="BSc Nursing (Adult)" matcher={termMatcher('nurse')} />),
    ).toBe('BSc <mark>Nursing</mark> (Adult)');
    expect(renderToStaticMarkup(<Highlight text="BSc Nursing" matcher={null} />)).toBe('BSc Nursing');
  });

  it('renders hostile text and terms as escaped characters, never markup', () => {
    const html = renderToStaticMarkup(
      <Highlight
        text={'<script>alert(1)</script> & <img src=x onerror="alert(2)">'}
        matcher={termMatcher('<script>alert(1)</script> img')}
      />,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toBe(
      '&lt;<mark>script</mark>&gt;<mark>alert(1</mark>)&lt;/<mark>script</mark>&gt; &amp; &lt;<mark>img</mark> src=x onerror=&quot;alert(2)&quot;&gt;',
    );
  });
});

describe('HighlightSnippet', () => {
  it('shows ellipses where the text was cut', () => {
    const text = `${'Earlier words come first here. '.repeat(6)}Seagrass meadows store carbon. ${'Later words follow on. '.repeat(6)}`;
    const html = renderToStaticMarkup(
      <HighlightSnippet snippet={snippetOf(text, termMatcher('seagrass'))} />,
    );
    expect(html.startsWith('…')).toBe(true);
    expect(html.endsWith('…')).toBe(true);
    expect(html).toContain('<mark>Seagrass</mark> meadows');
  });
});
