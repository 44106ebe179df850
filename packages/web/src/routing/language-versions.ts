import type { Client, Entry } from '@canopy/client';
import { hreflangAlternates } from '../i18n/hreflang.js';
import type { LanguageOrigins } from '../i18n/language-paths.js';
import {
  asksForMissingTranslationNotice,
  type PageInLanguages,
  switcherTargets,
} from '../i18n/language-switcher.js';
import { languagesOfSite } from '../i18n/page-language.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { LanguageVersions } from '../state/routing-slice.js';
import type { SiteLogger } from '../state/site-logger.js';
import { describeError } from './route-data.js';

/** The page as a route load found it: what {@link languageVersionsOf} needs. */
export interface LoadedPage {
  /** The page's language. */
  language: string;
  /** The page's path in its language's tree; null for an error or not-found page. */
  path: string | null;
  /** The entry of a content page (null for a static route or no page). */
  entry: Entry | null;
  /** Whether the page is a static route (the same path in every language unless `staticPaths` says otherwise). */
  isStaticRoute: boolean;
  /** A static route's address in each language, when its pattern differs between them. */
  staticPaths?: Readonly<Record<string, string>>;
  /**
   * The site's public origin, or each language's (a language with a host of its own), for
   * absolute URLs; null when unknown (then no alternates).
   */
  origin: LanguageOrigins | null;
  /** The address's query (`?translation=missing` asks for the missing-translation notice). */
  search?: string;
}

/**
 * The page in the site's other languages, for the language switcher and the hreflang
 * alternates; null for a site in one language. A content page's entry names the languages it
 * has a variation in (`sys.availableLanguages`); its node in each of them is asked of the
 * platform (one call per other language it is translated into, none for an entry in one
 * language). A static route has its address in each language (the same path unless its
 * pattern differs there, `staticPaths`); an error page has none, so
 * its switcher leads to the other language's home page.
 *
 * @example
 * await languageVersionsOf(site, client, { language: 'en-GB', path: '/courses/llb-law', entry, isStaticRoute: false, origin }, logger, signal);
 * // { switcher: [{ language: 'cy', name: 'Cymraeg', href: '/cy/cyrsiau/llb-y-gyfraith', translated: true }], alternates: [...] }
 */
export async function languageVersionsOf(
  site: SiteDefinition,
  client: Client,
  page: LoadedPage,
  logger: SiteLogger,
  signal: AbortSignal,
): Promise<LanguageVersions | null> {
  const languages = languagesOfSite(site);
  if (!languages) return null;
  const described = await describePage(client, page, logger, signal);
  // Links on the same host are paths; the origin matters only for other hosts and alternates.
  const origin = page.origin ?? 'http://localhost';
  const switcher = switcherTargets(described, languages, origin).map((target) => ({
    language: target.language,
    name: languageName(target.language),
    href: target.href,
    translated: target.translated,
  }));
  const alternates = page.origin ? hreflangAlternates(described, languages, page.origin) : [];
  return {
    switcher,
    alternates,
    ...(asksForMissingTranslationNotice(page.search ?? '') ? { missingTranslation: true as const } : {}),
  };
}

/** The page as the switcher and alternates see it: its versions' paths per language. */
async function describePage(
  client: Client,
  page: LoadedPage,
  logger: SiteLogger,
  signal: AbortSignal,
): Promise<PageInLanguages> {
  if (page.path === null) return { language: page.language, staticPath: null };
  if (page.isStaticRoute || !page.entry)
    return {
      language: page.language,
      staticPath: page.path,
      ...(page.staticPaths ? { staticPaths: page.staticPaths } : {}),
    };
  const available = page.entry.sys.availableLanguages ?? [page.language];
  const nodePaths: Record<string, string | null> = { [page.language]: page.path };
  await Promise.all(
    available
      .filter((language) => language !== page.language)
      .map(async (language) => {
        try {
          const node = await client.nodes.getByEntry({
            entryId: page.entry?.sys.id as string,
            language,
            canonicalOnly: true,
            entryFields: ['sys.id'],
            signal,
          });
          nodePaths[language] = node.path;
        } catch (error) {
          // No node in that language (or the platform failed): the switcher says so and
          // leads to that language's home page; the page itself is fine.
          nodePaths[language] = null;
          if ((error as { status?: number }).status !== 404) {
            logger.warn('Finding a page in another language failed', { error: describeError(error) });
          }
        }
      }),
  );
  return { language: page.language, availableLanguages: available, nodePaths };
}

const names = new Map<string, string>();

/**
 * A language's name in itself, as a switcher shows it: `Cymraeg`, `English` (the primary
 * language's name, so `en-GB` is `English`, not `British English`); the code itself when the
 * runtime does not know it.
 */
export function languageName(language: string): string {
  let name = names.get(language);
  if (name === undefined) {
    const primary = language.split('-')[0] ?? language;
    try {
      const found = new Intl.DisplayNames([language], { type: 'language' }).of(primary) ?? language;
      // Names of languages are capitalised in Welsh and English alike at the start of a link.
      name = found.charAt(0).toLocaleUpperCase(language) + found.slice(1);
    } catch {
      name = language;
    }
    names.set(language, name);
  }
  return name;
}
