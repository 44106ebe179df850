import { describe, expect, it } from 'vitest';
import { escapeHtml, serverErrorPage, unavailablePage } from './error-pages.js';

describe('error pages', () => {
  it('escape the site name and hold no script', () => {
    const html = unavailablePage('<script>alert(1)</script>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
    expect(serverErrorPage('Site', 500)).toContain('Something went wrong (500)');
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });
});
