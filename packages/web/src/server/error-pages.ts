import { languageOfPath } from '../i18n/language-paths.js';
import { fallbackMessages as cy } from '../i18n/messages/fallback.cy.js';
import { fallbackMessages as enGB } from '../i18n/messages/fallback.en-GB.js';

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type FallbackKey = keyof typeof enGB;

// Read synchronously: these pages are sent when the site is failing or refusing work (a busy
// site answers from a plain callback), so no catalogue is loaded for them.
const WORDS: Readonly<Record<string, Readonly<Record<FallbackKey, string>>>> = { 'en-GB': enGB, cy };

/**
 * Where a fallback page is shown: its language (the words are that language's when the
 * framework has them, else English) and the home page to send the visitor to.
 */
export interface FallbackPlace {
  /** The page's language, as the site names it (`en-GB`, `cy`). */
  language: string;
  /** The home page of that language (`/`, `/cy`). */
  home: string;
}

/** The place of a page of the site's default language at the root: English at `/`. */
export const DEFAULT_PLACE: FallbackPlace = { language: 'en-GB', home: '/' };

/** What {@link fallbackPlaceOf} reads of the site's languages (the renderer's settings). */
export interface FallbackLanguages {
  /** The site's default language. */
  language: string;
  /** The path prefix of each language served under one (`{ cy: '/cy' }`). */
  languagePaths?: Readonly<Record<string, string>>;
  /** The host name of each language served on a host of its own (`{ cy: 'www.aberwen.cymru' }`). */
  languageHosts?: Readonly<Record<string, string>>;
}

/**
 * The place of an address, as the renderer would place its page: on the host of a language
 * with a host of its own, that language, at that host's root; elsewhere the language whose
 * prefix the first segment is (`/cy/…` with `{ cy: '/cy' }`), else the site's default
 * language, at the root. `host` must be a configured host name (the request's Host only picks
 * one), never the header itself, and the home is a path on the host the visitor is on: no
 * address is built from the request.
 *
 * @example
 * const site = { language: 'en-GB', languagePaths: { cy: '/cy' } };
 * fallbackPlaceOf('/cy/cyrsiau/x', null, site); // { language: 'cy', home: '/cy' }
 * fallbackPlaceOf('/courses', null, site);      // { language: 'en-GB', home: '/' }
 * fallbackPlaceOf('/cyrsiau', 'www.aberwen.cymru', { language: 'en-GB', languageHosts: { cy: 'www.aberwen.cymru' } });
 * // { language: 'cy', home: '/' }
 */
export function fallbackPlaceOf(url: string, host: string | null, site: FallbackLanguages): FallbackPlace {
  // The renderer's own placement (languageOfPath), read from its settings: prefixes as path
  // segments (`/cy` → `cy`), hosts in lower case as the checked settings hold them.
  const prefixes = Object.fromEntries(
    Object.entries(site.languagePaths ?? {}).map(([language, base]) => [language, base.replace(/^\//, '')]),
  );
  const hosts = Object.fromEntries(
    Object.entries(site.languageHosts ?? {}).map(([language, name]) => [language, name.toLowerCase()]),
  );
  const { language, prefix } = languageOfPath(
    url,
    { languages: [], defaultLanguage: site.language, prefixes, hosts },
    host,
  );
  return { language, home: prefix === null ? '/' : `/${prefix}` };
}

/** The words of a place and the language they are in (English for a language without them). */
function wordsOf(place: FallbackPlace): { lang: string; say: (key: FallbackKey) => string } {
  const words = WORDS[place.language] ?? WORDS[place.language.split('-')[0] ?? ''];
  if (words) return { lang: place.language, say: (key) => words[key] };
  // An English-speaking default (en-US) keeps its own tag; any other language gets English's.
  return { lang: /^en\b/i.test(place.language) ? place.language : 'en-GB', say: (key) => enGB[key] };
}

function page(siteName: string, place: FallbackPlace, title: FallbackKey, message: FallbackKey): string {
  const name = escapeHtml(siteName);
  const { lang, say } = wordsOf(place);
  const heading = escapeHtml(say(title));
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} | ${name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2328}h1{font-size:1.5rem}a{color:#0b5394}</style>
</head>
<body>
<main>
<p>${name}</p>
<h1>${heading}</h1>
<p>${escapeHtml(say(message))}</p>
<p><a href="${escapeHtml(place.home)}">${escapeHtml(say('fallback.home'))}</a></p>
</main>
</body>
</html>
`;
}

/**
 * The page shown when the content platform cannot be reached (503). It names no internals and
 * holds no script; the site serves pages again on its own as soon as the platform answers.
 */
export function unavailablePage(siteName: string, place: FallbackPlace = DEFAULT_PLACE): string {
  return page(siteName, place, 'fallback.unavailable.title', 'fallback.unavailable.text');
}

/** The page shown when the site is too busy to take another page right now (503). */
export function busyPage(siteName: string, place: FallbackPlace = DEFAULT_PLACE): string {
  return page(siteName, place, 'fallback.busy.title', 'fallback.busy.text');
}

/**
 * The page shown when something failed on the server: no stack trace, no error text and no
 * status code (the visitor cannot act on one), only what to do.
 */
export function serverErrorPage(siteName: string, place: FallbackPlace = DEFAULT_PLACE): string {
  return page(siteName, place, 'fallback.serverError.title', 'fallback.serverError.text');
}

// The client errors a visitor can meet, in words; any other 4xx gets the general words.
const CLIENT_ERRORS: Readonly<Record<number, readonly [FallbackKey, FallbackKey]>> = {
  401: ['fallback.forbidden.title', 'fallback.forbidden.text'],
  403: ['fallback.forbidden.title', 'fallback.forbidden.text'],
  404: ['fallback.notFound.title', 'fallback.notFound.text'],
  405: ['fallback.methodNotAllowed.title', 'fallback.methodNotAllowed.text'],
  410: ['fallback.gone.title', 'fallback.gone.text'],
  429: ['fallback.tooManyRequests.title', 'fallback.tooManyRequests.text'],
};

/**
 * The plain page of a client error (4xx), when the site's own error page cannot be rendered:
 * what happened in plain words (no status code or reason phrase), and a way home.
 */
export function clientErrorPage(
  siteName: string,
  status: number,
  place: FallbackPlace = DEFAULT_PLACE,
): string {
  const [title, message] = CLIENT_ERRORS[status] ?? [
    'fallback.clientError.title',
    'fallback.clientError.text',
  ];
  return page(siteName, place, title, message);
}
