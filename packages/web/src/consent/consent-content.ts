import type { ConsentCategory, ConsentConfig, ConsentCookieInfo } from './consent-config.js';

/**
 * What editors may change of a category on the platform: its wording and its cookie table.
 * Whether it exists and whether it is required stay in the site's code, so content can never
 * make a required category switchable or add one the consent record cannot hold.
 */
export interface ConsentCategoryText {
  id: string;
  name?: string;
  description?: string;
  cookies?: readonly ConsentCookieInfo[];
}

/** The consent wording read from a platform entry (see {@link consentContentOf}). */
export interface ConsentContent {
  /** The popup's message as HTML, not yet sanitised; absent keeps the site's message. */
  message?: string;
  /** Category wording by category id; categories the site does not declare are dropped. */
  categories: readonly ConsentCategoryText[];
}

/** Longest text kept from one field of a consent entry: wording, not documents. */
const MAX_TEXT = 5_000;
/** Most cookies listed for one category. */
const MAX_COOKIES = 50;

/**
 * Reads the consent wording from a delivery entry of the site's consent content type:
 * `message` (rich text), and `categories`, a list of components
 * `{ categoryId, name, description, cookies: [{ name, provider, purpose, expiration }] }`.
 * Editors make mistakes, so anything of the wrong shape is skipped rather than trusted: an
 * empty text keeps the site's own, a cookie missing its name is left out, an unknown category
 * is ignored. Null when the entry holds nothing usable.
 *
 * @example
 * consentContentOf({ message: '<p>We use cookies.</p>', categories: [{ categoryId: 'analytics', description: 'Counts visits.' }] }, ['analytics']);
 * // { message: '<p>We use cookies.</p>', categories: [{ id: 'analytics', description: 'Counts visits.' }] }
 */
export function consentContentOf(entry: unknown, categoryIds: readonly string[]): ConsentContent | null {
  if (!isRecord(entry)) return null;
  const message = text(entry.message);
  const known = new Set(categoryIds);
  const seen = new Set<string>();
  const categories: ConsentCategoryText[] = [];
  for (const item of Array.isArray(entry.categories) ? entry.categories : []) {
    const category = categoryText(item);
    if (!category || !known.has(category.id) || seen.has(category.id)) continue;
    seen.add(category.id);
    categories.push(category);
  }
  if (message === undefined && categories.length === 0) return null;
  return message === undefined ? { categories } : { message, categories };
}

function categoryText(item: unknown): ConsentCategoryText | null {
  if (!isRecord(item)) return null;
  // A composer item wraps its component as `{ type, value }`; a component list holds it directly.
  const source = isRecord(item.value) ? item.value : item;
  const id = text(source.categoryId) ?? text(source.id);
  if (id === undefined) return null;
  const category: { -readonly [K in keyof ConsentCategoryText]: ConsentCategoryText[K] } = { id };
  const name = text(source.name);
  const description = text(source.description);
  if (name !== undefined) category.name = name;
  if (description !== undefined) category.description = description;
  if (Array.isArray(source.cookies)) {
    category.cookies = source.cookies
      .map(cookieInfo)
      .filter((cookie): cookie is ConsentCookieInfo => cookie !== null)
      .slice(0, MAX_COOKIES);
  }
  return category;
}

function cookieInfo(item: unknown): ConsentCookieInfo | null {
  if (!isRecord(item)) return null;
  const source = isRecord(item.value) ? item.value : item;
  const name = text(source.name);
  if (name === undefined) return null;
  return {
    name,
    provider: text(source.provider) ?? '',
    purpose: text(source.purpose) ?? '',
    expiration: text(source.expiration) ?? '',
  };
}

/**
 * The site's categories with the wording from the platform laid over them: same order, same
 * required flags; a category the content leaves out keeps the site's text.
 *
 * @example
 * withCategoryTexts(config.categories, [{ id: 'analytics', description: 'Counts visits.' }]);
 */
export function withCategoryTexts(
  categories: ConsentConfig['categories'],
  texts: readonly ConsentCategoryText[] | null | undefined,
): readonly ConsentCategory[] {
  if (!texts || texts.length === 0) return categories;
  const byId = new Map(texts.map((t) => [t.id, t]));
  return categories.map((category) => {
    const override = byId.get(category.id);
    if (!override) return category;
    return {
      ...category,
      ...(override.name !== undefined ? { name: override.name } : {}),
      ...(override.description !== undefined ? { description: override.description } : {}),
      ...(override.cookies !== undefined ? { cookies: override.cookies } : {}),
    };
  });
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, MAX_TEXT);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
