import { type ConsentCategoryId, DEFAULT_CONSENT_COOKIE, isConsentCategory } from './consent-record.js';

/** A cookie a category sets, as the preferences panel lists it. */
export interface ConsentCookieInfo {
  /**
   * The cookie's name as visitors read it; `*` stands for any characters (`_ga_*`). When the
   * visitor withdraws the category, the cookies it names or matches are deleted (see
   * `cookie-clearing.ts`).
   */
  name: string;
  /** Who sets it, e.g. `Aberwen University` or `YouTube (Google)`. */
  provider: string;
  purpose: string;
  /** How long it lasts, as visitors read it, e.g. `1 year` or `Session`. */
  expiration: string;
}

/**
 * A category of the preferences panel. Categories a visitor can switch have the id of a
 * category of the consent record; required ones (`required: true`, shown 'Always Active'
 * with a locked switch) may have any id, e.g. `necessary`.
 */
export interface ConsentCategory {
  id: ConsentCategoryId | (string & {});
  name: string;
  description: string;
  /** Always on: the visitor cannot switch it off, and no choice records it as off. */
  required?: boolean;
  /** The cookies it sets; none shows 'No cookies to show.'. */
  cookies?: readonly ConsentCookieInfo[];
}

/**
 * Cookie consent of a site (`defineSite({ consent })`): the popup's message, the panel's
 * categories, the cookie name and the outbound-link callback.
 *
 * @example
 * const consent: ConsentConfig = {
 *   message: '<p>We use cookies to see how the site is used. <a href="/cookies">Our cookies</a></p>',
 *   categories: [
 *     { id: 'necessary', name: 'Necessary', description: 'Keep the site working.', required: true },
 *     { id: 'analytics', name: 'Analytical', description: 'Count visits.', cookies: [{ name: '_ga', provider: 'Google', purpose: 'Visitor id', expiration: '2 years' }] },
 *   ],
 * };
 */
export interface ConsentConfig {
  /** Name of the consent cookie (default `canopy_consent`). */
  cookieName?: string;
  /**
   * The popup's message, rich text as HTML. It is sanitised on the server (a small allowlist of
   * text markup and links; no scripts, styles or event handlers) before it reaches a page.
   */
  message: string;
  /** The panel's categories, in the order shown. */
  categories: readonly ConsentCategory[];
  /**
   * Called with the address of an external link a visitor follows, when they allowed
   * analytics. The page navigates when the returned promise settles or after 250 ms, whichever
   * comes first.
   */
  trackOutboundLink?: (href: string) => void | Promise<void>;
  /**
   * A content type on the platform whose newest published entry overrides the wording: its
   * `message` (rich text, sanitised like the site's) and its `categories` (components
   * `{ categoryId, name, description, cookies }`). Editors change the text without a release;
   * which categories exist and which are required stays in code. Without it, or without an
   * entry, the configuration above is shown as it is.
   */
  contentTypeId?: string;
}

/** The consent settings the server needs (the cookie endpoint and the cache headers). */
export interface ConsentServerSettings {
  cookieName: string;
  /** Record categories that are always on. */
  required: readonly ConsentCategoryId[];
  /** The cookie names and patterns each switchable category lists: deleted when it is withdrawn. */
  cookiesByCategory: Readonly<Partial<Record<ConsentCategoryId, readonly string[]>>>;
}

/**
 * Checks a site's consent configuration and derives what the server needs. Throws a clear
 * error for a configuration that cannot work (a switchable category outside the record, a
 * category twice, a cookie name a browser would not store).
 *
 * @example
 * consentServerSettings({ message: '', categories: [{ id: 'analytics', name: 'Analytical', description: '' }] });
 * // { cookieName: 'canopy_consent', required: [], cookiesByCategory: {} }
 */
export function consentServerSettings(config: ConsentConfig): ConsentServerSettings {
  const cookieName = config.cookieName ?? DEFAULT_CONSENT_COOKIE;
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(cookieName)) {
    throw new Error(`consent.cookieName "${cookieName}" is not a valid cookie name`);
  }
  const seen = new Set<string>();
  const required: ConsentCategoryId[] = [];
  const cookiesByCategory: Partial<Record<ConsentCategoryId, readonly string[]>> = {};
  for (const category of config.categories) {
    if (seen.has(category.id)) throw new Error(`consent category "${category.id}" is declared twice`);
    seen.add(category.id);
    if (isConsentCategory(category.id)) {
      if (category.required) required.push(category.id);
      // The consent cookie itself is never a category's to delete.
      const names = (category.cookies ?? [])
        .map((cookie) => cookie.name)
        .filter((name) => name !== cookieName);
      if (!category.required && names.length) cookiesByCategory[category.id] = names;
    } else if (!category.required) {
      throw new Error(
        `consent category "${category.id}" can be switched, so it must be one of analytics, advertising, functional, marketing (or be required)`,
      );
    }
  }
  return { cookieName, required, cookiesByCategory };
}

/** The required record categories of a configuration. */
export function requiredCategories(config: ConsentConfig): ConsentCategoryId[] {
  return config.categories
    .filter((c) => c.required && isConsentCategory(c.id))
    .map((c) => c.id as ConsentCategoryId);
}
