import sanitizeHtml from 'sanitize-html';

/**
 * What the popup's rich-text message may hold: text markup and links. No scripts, styles,
 * images, forms, frames or event handlers; links only to http(s), mailto, tel and the site.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'small', 'span', 'a', 'ul', 'ol', 'li'],
  allowedAttributes: { a: ['href', 'title', 'hreflang'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/**
 * The popup's message made safe to write into a page: configuration (or, later, platform
 * content) is never written as raw HTML. Server only: sanitize-html stays out of the browser
 * bundle, the page state carries the result.
 *
 * @example
 * sanitizeConsentMessage('<p onclick="x()">We use <a href="javascript:x()">cookies</a><script>x()</script></p>');
 * // '<p>We use <a>cookies</a></p>'
 */
export function sanitizeConsentMessage(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
