/** One platform call made while loading a page (the routing state's `apiCalls`). */
export interface ApiCall {
  /** HTTP status of the answer (0 when none came). */
  status: number;
  /** How many surrogate keys the answer carried. */
  keyCount: number;
  /** Path and query of the call, without the platform origin (no credentials are in it). */
  url: string;
}

/**
 * Records the platform calls of one page load and the surrogate keys they returned. A log
 * can feed a parent, so the route's calls are also counted in the whole request's log.
 *
 * @example
 * const request = new ApiCallLog();
 * const route = new ApiCallLog(request);
 * route.record({ status: 200, url: '/api/delivery/projects/website/nodes/root', keys: ['node:1'] });
 * request.keys(); // ['node:1']
 */
export class ApiCallLog {
  private readonly calls: ApiCall[] = [];
  private readonly keySet = new Set<string>();

  constructor(private readonly parent: ApiCallLog | null = null) {}

  /** Adds a call and its surrogate keys. */
  record(call: { status: number; url: string; keys: readonly string[] }): void {
    this.calls.push({ status: call.status, keyCount: call.keys.length, url: call.url });
    for (const key of call.keys) this.keySet.add(key);
    this.parent?.record(call);
  }

  /** The calls so far, oldest first. */
  entries(): ApiCall[] {
    return [...this.calls];
  }

  /** Every distinct surrogate key so far, in first-seen order. */
  keys(): string[] {
    return [...this.keySet];
  }
}

/**
 * The surrogate key of pages built from a search or a list of entries: a newly published
 * entry can join such a page although the page holds no key of it, so a cache in front
 * purges this key whenever an entry changes (see `purgeKeysForChange` on the server). A list
 * of one content type (`contentTypes/{id}/entries`) gets the narrower key of that type, which
 * only changes of its own entries purge.
 *
 * A search or list in one language gets that language's key (`listing:website:cy`), which only
 * changes of that language's variations purge.
 *
 * @example
 * listingKey('website');                  // 'listing:website'
 * listingKey('website', 'cookieConsent'); // 'listing:website/cookieConsent'
 * listingKey('website', undefined, 'cy'); // 'listing:website:cy'
 */
export function listingKey(projectId: string, contentTypeId?: string, language?: string | null): string {
  const key = contentTypeId ? `listing:${projectId}/${contentTypeId}` : `listing:${projectId}`;
  return language ? `${key}:${language}` : key;
}

/**
 * The key a page carries for an entry the platform named without a language
 * (`entry:<id>`, no `entry:<id>:<language>` beside it, as a platform that does not key
 * variations answers): a change of any one variation purges it (see `purgeKeysForChange`).
 */
export const anyLanguageKey = (entryKey: string): string => `${entryKey}:*`;

/**
 * The one language a delivery call asks for: its `language` parameter, or an equality on
 * `sys.language` at the top level of its where clause (which every result must meet, as the
 * search query builder writes it); null when it names none or several.
 *
 * @example
 * callLanguage('/api/delivery/projects/website/entries?language=cy'); // 'cy'
 */
export function callLanguage(url: string): string | null {
  let query: URLSearchParams;
  try {
    query = new URL(url, 'http://call.invalid').searchParams;
  } catch {
    return null;
  }
  const found = new Set(query.getAll('language'));
  const where = query.get('where');
  if (where) {
    let clauses: unknown;
    try {
      clauses = JSON.parse(where);
    } catch {
      clauses = null;
    }
    if (Array.isArray(clauses)) {
      for (const clause of clauses as { field?: unknown; equalTo?: unknown }[]) {
        if (clause?.field === 'sys.language' && typeof clause.equalTo === 'string') found.add(clause.equalTo);
      }
    }
  }
  return found.size === 1 ? ([...found][0] as string) : null;
}

/** Delivery calls that search or list entries: `entries`, `entries/search`, `contentTypes/<id>/entries`. */
const LISTING_CALL =
  /\/api\/delivery\/projects\/([^/?#]+)\/(?:entries(?:\/search)?|contentTypes\/([^/?#]+)\/entries)(?:[?#]|$)/;

/**
 * The surrogate keys of a page: every key its platform calls returned, plus the
 * {@link listingKey} of each search or list of entries it made (in the one language it asked
 * for, when it asked for one), plus {@link anyLanguageKey} for each entry the platform keyed
 * without a language (so a change of one variation still purges the page).
 *
 * @example
 * pageSurrogateKeys(log); // ['project:website', 'entry:e1', 'entry:e1:cy', 'listing:website:cy']
 */
export function pageSurrogateKeys(log: ApiCallLog): string[] {
  const keys = log.keys();
  for (const call of log.entries()) {
    const match = LISTING_CALL.exec(call.url);
    if (!match?.[1]) continue;
    let key: string;
    try {
      key = listingKey(
        decodeURIComponent(match[1]),
        match[2] ? decodeURIComponent(match[2]) : undefined,
        callLanguage(call.url),
      );
    } catch {
      continue;
    }
    if (!keys.includes(key)) keys.push(key);
  }
  const varied = new Set(
    keys
      .filter((key) => key.startsWith('entry:') && key.indexOf(':', 6) > 0)
      .map((key) => key.slice(0, key.lastIndexOf(':'))),
  );
  for (const key of [...keys]) {
    if (key.startsWith('entry:') && key.indexOf(':', 6) < 0 && !varied.has(key))
      keys.push(anyLanguageKey(key));
  }
  return keys;
}

/** Splits a `surrogate-key` header value into keys. */
export function parseSurrogateKeys(header: string | null | undefined): string[] {
  return header ? header.split(/\s+/).filter(Boolean) : [];
}

/** The path and query of a URL, dropping any `accessToken` parameter. */
export function loggableUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://local.invalid');
    parsed.searchParams.delete('accessToken');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * A fetch that records every answer in `log`: status, surrogate keys and URL. Network
 * failures are recorded with status 0 and rethrown.
 */
export function recordingFetch(fetchFn: typeof fetch, log: ApiCallLog): typeof fetch {
  return async (input, init) => {
    const url = loggableUrl(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    try {
      const response = await fetchFn(input, init);
      log.record({
        status: response.status,
        url,
        keys: parseSurrogateKeys(response.headers.get('surrogate-key')),
      });
      return response;
    } catch (error) {
      log.record({ status: 0, url, keys: [] });
      throw error;
    }
  };
}
