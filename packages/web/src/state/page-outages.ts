/**
 * The status a platform failure stands for, or `null` when the error is no outage: 503 when
 * the platform could not be reached or did not answer in time (the client's `RequestError`,
 * network or timeout), the platform's own status when it answered 5xx (`ApiError`). Anything
 * else is not the platform's failure: a 4xx is a query it refused (a visitor's odd address),
 * an abort is a visitor gone, other errors are the site's own. The client's errors are
 * recognised by shape, as `classifyRouteError` does, so a second copy of the client counts too.
 *
 * @example
 * platformFailureStatus(Object.assign(new Error('Network request failed'), { name: 'RequestError', code: 'network' })); // 503
 * platformFailureStatus(Object.assign(new Error('Bad Request'), { name: 'ApiError', status: 400 })); // null
 */
export function platformFailureStatus(error: unknown): number | null {
  const candidate = error as { name?: unknown; status?: unknown; code?: unknown } | null;
  if (!candidate || typeof candidate !== 'object') return null;
  if (candidate.name === 'RequestError') return candidate.code === 'aborted' ? null : 503;
  if (candidate.name === 'ApiError' && typeof candidate.status === 'number' && candidate.status >= 500) {
    return candidate.status;
  }
  return null;
}

/** One part of a page that shows a platform failure instead of its content. */
export interface PageOutage {
  /** What failed, for the log: e.g. `search facets/courses`, `minilist latestNews`. */
  part: string;
  /** See {@link platformFailureStatus}. */
  status: number;
}

/**
 * The platform failures one server render shows in place of content: a search, a listing or a
 * minilist that could not load because the platform is down, too slow or failing. Loaders that
 * keep such a failure to themselves (the page still renders, with a message where the results
 * would be) report it here, so the server can answer the page as the failed render it is (its
 * kept copy, else a short-lived 503) instead of caching the message as the page's content. A
 * visitor's own mistake (the platform refusing their query) is not reported.
 *
 * @example
 * const outages = new PageOutages();
 * outages.report('search facets/courses', error); // true when `error` is the platform's failure
 * outages.status; // 503, or a 5xx, or null
 */
export class PageOutages {
  private readonly seen: PageOutage[] = [];

  /** Records `error` when it is the platform's failure; says whether it was. */
  report(part: string, error: unknown): boolean {
    const status = platformFailureStatus(error);
    if (status === null) return false;
    this.seen.push({ part, status });
    return true;
  }

  /** The failures reported so far, oldest first. */
  entries(): PageOutage[] {
    return [...this.seen];
  }

  /**
   * The status of the page's failure: 503 when any part found the platform unreachable (the
   * same reason a page whose route failed to load gives), else the first 5xx it answered;
   * `null` when nothing failed.
   */
  get status(): number | null {
    if (this.seen.length === 0) return null;
    return this.seen.some((outage) => outage.status === 503) ? 503 : (this.seen[0] as PageOutage).status;
  }
}
