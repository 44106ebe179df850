import { slugify } from '../../seed/entry-document.js';

/**
 * The slug a node gets from its display name when none is given: lower case, accents
 * dropped, runs of other characters turned into single hyphens (as the seed derives entry
 * slugs). Empty when the name has no letters or digits.
 *
 * @example
 * slugFromDisplayName('Études & Research'); // 'etudes-research'
 */
export function slugFromDisplayName(displayName: string): string {
  return slugify(displayName);
}

/**
 * A node's path below a parent path: the root's path is `/`, so its children are `/{slug}`
 * and deeper nodes `{parentPath}/{slug}`.
 *
 * @example
 * childPath('/', 'news'); // '/news'
 * childPath('/news', '2024'); // '/news/2024'
 */
export function childPath(parentPath: string, slug: string): string {
  return parentPath === '/' ? `/${slug}` : `${parentPath}/${slug}`;
}

/** A node's display name and slug in one language, before its path is known. */
export interface NodeNaming {
  displayName: string;
  slug: string;
}

/**
 * Works out a node's names per language: every language given a display name or a slug gets
 * both. A language without an explicit slug keeps the slug it had (renaming a page does not
 * move it) or, when new, gets one derived from its display name; a language without a display
 * name borrows the primary language's. Languages whose slug cannot be derived are returned in
 * `underivable`.
 *
 * @param displayNames display names by language (as sent, or as stored when not sent)
 * @param slugs explicit slugs by language
 * @param existingSlugs the slugs the node has now (empty for a new node)
 */
export function planNaming(
  displayNames: Readonly<Record<string, string>>,
  slugs: Readonly<Record<string, string>>,
  existingSlugs: Readonly<Record<string, string>>,
  primaryLanguage: string,
): { naming: Map<string, NodeNaming>; underivable: string[] } {
  const languages = [...new Set([...Object.keys(displayNames), ...Object.keys(slugs)])];
  const naming = new Map<string, NodeNaming>();
  const underivable: string[] = [];
  for (const language of languages) {
    const displayName =
      displayNames[language] ??
      displayNames[primaryLanguage] ??
      Object.values(displayNames)[0] ??
      slugs[language]!;
    const slug = slugs[language] ?? existingSlugs[language] ?? slugFromDisplayName(displayName);
    if (slug === '') underivable.push(language);
    naming.set(language, { displayName, slug });
  }
  return { naming, underivable };
}
