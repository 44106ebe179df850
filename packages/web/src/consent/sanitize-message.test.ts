import { describe, expect, it } from 'vitest';
import { sanitizeConsentMessage } from './sanitize-message.js';

describe('sanitizeConsentMessage', () => {
  it('keeps text markup and ordinary links', () => {
    const html = '<p>We use <strong>cookies</strong>. <a href="/cookies" title="More">Read more</a></p>';
    expect(sanitizeConsentMessage(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles and dangerous links', () => {
    const html =
      '<p onclick="steal()" style="color:red">Hi<script>steal()</script><img src=x onerror="steal()">' +
      '<a href="javascript:steal()">x</a><iframe src="https://evil.example"></iframe></p><style>p{}</style>';
    const clean = sanitizeConsentMessage(html);
    expect(clean).toBe('<p>Hi<a>x</a></p>');
  });

  it('escapes text that looks like markup once parsed', () => {
    expect(sanitizeConsentMessage('a < b & "c"')).toBe('a &lt; b &amp; "c"');
  });
});
