/**
 * Loading message catalogues: each language's catalogue and the formatter (`translator.ts`)
 * load on first use, so neither lands in a page's first load.
 */

import type { CatalogueLoaders, Translator } from './message-types.js';

/** The framework's own catalogues, one chunk per language. */
export const FRAMEWORK_CATALOGUES: CatalogueLoaders<keyof typeof import('./en-GB.js').messages> = {
  'en-GB': () => import('./en-GB.js'),
  cy: () => import('./cy.js'),
};

/**
 * The translator of `language`: loads its catalogue and the formatter (both on first use, then
 * kept), with `fallbackLanguage`'s catalogue behind it for a key the language lacks. Throws for
 * a language without a loader.
 *
 * @example
 * const t = await loadTranslator('cy', FRAMEWORK_CATALOGUES, 'en-GB');
 * t('search.resultCount', { count: 3 }); // '3 chanlyniad'
 */
export async function loadTranslator<Key extends string>(
  language: string,
  loaders: CatalogueLoaders<Key>,
  fallbackLanguage?: string,
): Promise<Translator<Key>> {
  const load = loaders[language];
  if (!load) throw new Error(`No message catalogue for ${language}`);
  const fallbackLoad =
    fallbackLanguage && fallbackLanguage !== language ? loaders[fallbackLanguage] : undefined;
  const [{ createTranslator }, { messages }, fallback] = await Promise.all([
    import('./translator.js'),
    load(),
    fallbackLoad ? fallbackLoad() : undefined,
  ]);
  return createTranslator<Key>(
    language,
    messages,
    fallback && fallbackLanguage ? { language: fallbackLanguage, messages: fallback.messages } : undefined,
  );
}
