import type { SiteLanguages } from './site-languages.js';

/** Where a page is: its host name and origin, as the site server configured them. */
export interface PageOrigin {
  host: string;
  origin: string | null | undefined;
}

/**
 * The public origin of each language of a site that gives some language a host of its own,
 * all from the site server's configuration (`hostOrigins`: its public hosts' origins by host
 * name, in the order configured, neither local names nor preview hosts), never the request: a
 * language with a host is on that host's origin; one without is on the page's origin, or, on
 * a page on another language's host, on the first public host that no language claims. Null
 * when no language has a host (every language is on the page's origin), when the page has no
 * origin, or when a language has nowhere to be linked.
 *
 * @example
 * languageOriginsOf(languages, { 'www.aberwen.example': 'https://www.aberwen.example', 'www.aberwen.cymru': 'https://www.aberwen.cymru' },
 *   { host: 'www.aberwen.cymru', origin: 'https://www.aberwen.cymru' });
 * // { 'en-GB': 'https://www.aberwen.example', cy: 'https://www.aberwen.cymru' }
 */
export function languageOriginsOf(
  languages: SiteLanguages | null,
  hostOrigins: Readonly<Record<string, string>> | undefined,
  page: PageOrigin,
): Record<string, string> | null {
  if (!languages || Object.keys(languages.hosts).length === 0 || !page.origin) return null;
  const claimed = new Set(Object.values(languages.hosts));
  const unclaimed = claimed.has(page.host)
    ? Object.entries(hostOrigins ?? {}).find(([host]) => !claimed.has(host))?.[1]
    : page.origin;
  const origins: Record<string, string> = {};
  for (const language of languages.languages) {
    const host = languages.hosts[language];
    const origin = host === undefined ? unclaimed : host === page.host ? page.origin : hostOrigins?.[host];
    if (!origin) return null;
    origins[language] = origin;
  }
  return origins;
}
