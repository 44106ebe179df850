/**
 * URL slug of a title: lower case ASCII words joined by hyphens. Welsh and other accented
 * letters lose their diacritics (ŵ → w) rather than disappearing.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Escapes text for use inside HTML or SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Wraps each paragraph in `<p>`; the paragraphs are trusted markup written by the seed. */
export function paragraphs(...items: string[]): string {
  return items.map((item) => `<p>${item}</p>`).join('');
}

/** "a" or "an" before a word, by its first letter — good enough for the seed's vocabulary. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** Upper-cases the first letter. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Number of whitespace-separated words. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
