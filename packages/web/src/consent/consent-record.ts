/**
 * The consent record (website spec §3): one boolean per category a visitor can allow, all
 * false until they choose. Pure: no React, no DOM, no Fastify.
 */

/** The categories of the consent record, in the order the record lists them. */
export const CONSENT_CATEGORIES = ['analytics', 'advertising', 'functional', 'marketing'] as const;

/** A category of the consent record. */
export type ConsentCategoryId = (typeof CONSENT_CATEGORIES)[number];

/** What a visitor allowed: one boolean per category. */
export type ConsentRecord = Readonly<Record<ConsentCategoryId, boolean>>;

/** Nothing allowed: the record before a visitor chooses (and after "Decline all"). */
export const NO_CONSENT: ConsentRecord = Object.freeze({
  analytics: false,
  advertising: false,
  functional: false,
  marketing: false,
});

/** The default name of the consent cookie (the spec leaves it to the site). */
export const DEFAULT_CONSENT_COOKIE = 'canopy_consent';

/** How long a choice is kept: 90 days (website spec §9). */
export const CONSENT_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/** Longest cookie value read; anything longer is not a record this code wrote. */
const MAX_VALUE_LENGTH = 512;

/** Whether `id` names a category of the consent record. */
export function isConsentCategory(id: unknown): id is ConsentCategoryId {
  return typeof id === 'string' && (CONSENT_CATEGORIES as readonly string[]).includes(id);
}

/**
 * The cookie value of a record: its JSON, URL-encoded (readable by other tools, e.g. a tag
 * manager, and safe in a cookie).
 *
 * @example
 * encodeConsent({ analytics: true, advertising: false, functional: false, marketing: false });
 * // '%7B%22analytics%22%3Atrue%2C%22advertising%22%3Afalse%2C…'
 */
export function encodeConsent(record: ConsentRecord): string {
  const plain: Record<string, boolean> = {};
  for (const id of CONSENT_CATEGORIES) plain[id] = record[id] === true;
  return encodeURIComponent(JSON.stringify(plain));
}

/**
 * The record in a cookie value, or `null` when the value is not one (missing, oversized,
 * not JSON, not an object, a category that is not a boolean): a visitor with a damaged cookie
 * is asked again rather than assumed to have allowed anything. Categories missing from the
 * value count as not allowed.
 *
 * @example
 * decodeConsent(encodeConsent(NO_CONSENT)); // NO_CONSENT's values
 * decodeConsent('garbage'); // null
 */
export function decodeConsent(value: string | null | undefined): ConsentRecord | null {
  if (!value || value.length > MAX_VALUE_LENGTH) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(value));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const source = parsed as Record<string, unknown>;
  const record: Record<ConsentCategoryId, boolean> = { ...NO_CONSENT };
  for (const id of CONSENT_CATEGORIES) {
    const allowed = source[id];
    if (allowed === undefined) continue;
    if (typeof allowed !== 'boolean') return null;
    record[id] = allowed;
  }
  return record;
}

/**
 * The value of cookie `name` in a `Cookie` header (or `document.cookie`), or `null`.
 *
 * @example
 * cookieValue('a=1; canopy_consent=x', 'canopy_consent'); // 'x'
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/**
 * The consent record in a `Cookie` header (or `document.cookie`), or `null` when the visitor
 * has not chosen (or the cookie is damaged).
 *
 * @example
 * readConsent(request.headers.cookie, 'canopy_consent');
 */
export function readConsent(header: string | null | undefined, name: string): ConsentRecord | null {
  return decodeConsent(cookieValue(header, name));
}

/** Options of {@link consentCookie}. */
export interface ConsentCookieOptions {
  /** Add `Secure` (the page is served over HTTPS). */
  secure: boolean;
}

/**
 * The consent cookie as `Set-Cookie` (and `document.cookie`) writes it: path `/` so every page
 * sees it, 90 days, `SameSite=Lax`, `Secure` over HTTPS. Not `HttpOnly`: the page reads it to
 * notice choices made in another tab.
 *
 * @example
 * consentCookie('canopy_consent', NO_CONSENT, { secure: true });
 * // 'canopy_consent=%7B…%7D; Path=/; Max-Age=7776000; SameSite=Lax; Secure'
 */
export function consentCookie(name: string, record: ConsentRecord, options: ConsentCookieOptions): string {
  const secure = options.secure ? '; Secure' : '';
  return `${name}=${encodeConsent(record)}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** Whether two records allow the same categories. */
export function sameConsent(a: ConsentRecord | null, b: ConsentRecord | null): boolean {
  if (a === null || b === null) return a === b;
  return CONSENT_CATEGORIES.every((id) => a[id] === b[id]);
}
