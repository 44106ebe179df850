import type { SiteLanguages } from './site-languages.js';

/** One language range of an `Accept-Language` header with its weight. */
export interface LanguageRange {
  /** The range as sent, e.g. `cy-GB`, `en`, `*`. */
  range: string;
  /** The weight, 0 to 1 (`q=`; 1 when absent). */
  q: number;
}

// RFC 9110 §12.5.4: a language range is `*` or 1–8 letters, then `-` and 1–8 letters or digits.
const RANGE_PATTERN = /^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/;
const WEIGHT_PATTERN = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i;
/** Headers longer than this are not read: no browser sends one, and parsing stays cheap. */
const MAX_HEADER_LENGTH = 1000;

/**
 * The ranges of an `Accept-Language` header, most wanted first (equal weights keep the
 * header's order). Malformed items and ranges weighted 0 (refused) are left out; a missing,
 * empty or overlong header gives none.
 *
 * @example
 * parseAcceptLanguage('en-GB,en;q=0.9,cy;q=0.8'); // [{ range: 'en-GB', q: 1 }, { range: 'en', q: 0.9 }, { range: 'cy', q: 0.8 }]
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (typeof header !== 'string' || header.length > MAX_HEADER_LENGTH) return [];
  const ranges: LanguageRange[] = [];
  for (const item of header.split(',')) {
    const [rawRange, ...parameters] = item.split(';').map((part) => part.trim());
    if (!rawRange || !RANGE_PATTERN.test(rawRange)) continue;
    let q = 1;
    let valid = true;
    for (const parameter of parameters) {
      const weight = WEIGHT_PATTERN.exec(parameter.replace(/\s+/g, ''));
      if (weight) q = Number(weight[1]);
      else valid = false;
    }
    if (valid && q > 0) ranges.push({ range: rawRange, q });
  }
  // Array.prototype.sort is stable, so equal weights keep the visitor's order.
  return ranges.sort((a, b) => b.q - a.q);
}

/** The primary subtag of a language tag, lower case (`en-GB` → `en`). */
function primary(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/**
 * The site language a visitor's `Accept-Language` header prefers, or null when it names none
 * of them. Ranges are tried most wanted first; a range matches a language with the same tag
 * (case aside), then by lookup (RFC 4647 §3.4: `cy-GB` finds `cy`), then one with the same
 * primary language (`en-US` and `en` find `en-GB`). `*` matches nothing: it states no
 * preference worth offering.
 *
 * @example
 * preferredLanguage('cy-GB,cy;q=0.9,en;q=0.5', ['en-GB', 'cy']); // 'cy'
 * preferredLanguage('fr-FR,fr;q=0.9', ['en-GB', 'cy']);          // null
 */
export function preferredLanguage(
  header: string | null | undefined,
  languages: readonly string[],
): string | null {
  for (const { range } of parseAcceptLanguage(header)) {
    if (range === '*') continue;
    const wanted = range.toLowerCase();
    const exact = languages.find((language) => language.toLowerCase() === wanted);
    if (exact) return exact;
    const subtags = wanted.split('-');
    for (let length = subtags.length - 1; length > 0; length--) {
      const shorter = subtags.slice(0, length).join('-');
      const found = languages.find((language) => language.toLowerCase() === shorter);
      if (found) return found;
    }
    const sameLanguage = languages.find((language) => primary(language) === subtags[0]);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** What {@link languageOffer} weighs. */
export interface LanguageOfferInput {
  /** The request's `Accept-Language` header. */
  acceptLanguage: string | null | undefined;
  /** The language of the page being shown. */
  pageLanguage: string;
  /**
   * A language the visitor already chose (with the switcher, or by dismissing an offer), as
   * the site remembers it; any choice means no offer.
   */
  chosenLanguage?: string | null;
}

/**
 * The language to offer a visitor on this page ("Mae’r dudalen hon ar gael yn Gymraeg"), or
 * null for no offer: the browser prefers another of the site's languages than the page's, and
 * the visitor has not chosen one yet. Only an offer: the page is always answered in the
 * language its address names, never redirected, so addresses stay shareable and cacheable.
 *
 * @example
 * languageOffer({ acceptLanguage: 'cy,en;q=0.8', pageLanguage: 'en-GB' }, site); // 'cy'
 * languageOffer({ acceptLanguage: 'cy,en;q=0.8', pageLanguage: 'en-GB', chosenLanguage: 'en-GB' }, site); // null
 */
export function languageOffer(input: LanguageOfferInput, site: SiteLanguages): string | null {
  if (input.chosenLanguage) return null;
  const preferred = preferredLanguage(input.acceptLanguage, site.languages);
  return preferred === null || preferred === input.pageLanguage ? null : preferred;
}
