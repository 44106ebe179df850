import { selectPageWords, useSiteSelector } from '@canopy/web';

/**
 * The page's interface words: `text('Menu')` is `Menu` on an English page and `Dewislen` on a
 * Welsh one. The components write each English message of the catalogue (`en-GB.ts`) as it
 * is; a page in another language carries that language's words in its state, filed under the
 * English ones (the server formats the catalogue, see `createSiteRenderer`'s `messages`), so
 * the browser loads no catalogue and no formatter. words.test.ts checks that every word the
 * components ask for is an English message, which every catalogue then has.
 */
export function useText(): (english: string) => string {
  const words = useSiteSelector(selectPageWords);
  return (english) => words?.[english] ?? english;
}
