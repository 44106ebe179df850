import { languageOffer } from '../i18n/accept-language.js';
import type { SiteLanguages } from '../i18n/site-languages.js';
import type { LanguageVersions } from '../state/routing-slice.js';

/** Where the visitor's answer to a language offer is kept in the browser. */
export const OFFER_CHOICE_KEY = 'canopy-language';

/** What the browser knows when it decides on a language offer. */
export interface OfferSituation {
  /** The browser's languages, most wanted first (`navigator.languages`). */
  browserLanguages: readonly string[];
  /** The page's language. */
  pageLanguage: string;
  /** The language the visitor chose before (accepted or declined an offer), if any. */
  chosenLanguage: string | null;
  /** The page in the site's other languages (the routing state's `languageVersions`). */
  versions: LanguageVersions | null | undefined;
}

/** An offer to show: the language, and the same page in it. */
export interface LanguageOfferLink {
  language: string;
  href: string;
}

/**
 * The offer to make on a page, or null: the browser prefers another of the site's languages
 * (its languages in order, as an `Accept-Language` of equal weights: see `languageOffer`), the
 * visitor has not chosen a language yet, and this page is translated into it (an offer of
 * another page would surprise). Never a redirect: the visitor follows the link or not.
 *
 * @example
 * offerFor({ browserLanguages: ['cy-GB', 'en'], pageLanguage: 'en-GB', chosenLanguage: null, versions }, site);
 * // { language: 'cy', href: '/cy/cyrsiau/llb-y-gyfraith' }
 */
export function offerFor(situation: OfferSituation, site: SiteLanguages): LanguageOfferLink | null {
  const language = languageOffer(
    {
      acceptLanguage: situation.browserLanguages.join(','),
      pageLanguage: situation.pageLanguage,
      chosenLanguage: situation.chosenLanguage,
    },
    site,
  );
  if (language === null) return null;
  const link = situation.versions?.switcher.find((version) => version.language === language);
  return link?.translated ? { language, href: link.href } : null;
}
