import { type PageSlices, pageSlicesOf } from '../state/page-slices.js';
import type { SiteState } from '../state/site-state.js';

/** The slices a page snapshot holds: the routing state and the slices its route injected. */
export type PageSnapshot = PageSlices;

interface Kept {
  snapshot: PageSnapshot;
  at: number;
  /** Content changes seen when the page was kept (`BrowserAnswerCache.changesSeen`). */
  changes: number;
}

/** Options of {@link PageSnapshots}. */
export interface PageSnapshotsOptions {
  /** Most pages kept (default 30), least recently used out first. */
  limit?: number;
  /** The clock (tests). */
  now?: () => number;
}

/**
 * The pages the visitor saw in this tab, as their state stood when they left them, by address
 * (path and query): going back, forward or to one of them again shows it at once, without a
 * request and without a loading state — the first page too, whose data came with the HTML and
 * so never passed through the answer cache. A snapshot is used under the same rules as the
 * delivery answers it was made from: no longer than the server's `max-age` for them, and not
 * after a newer content version (a change the server heard of) was seen.
 *
 * @example
 * const pages = new PageSnapshots();
 * pages.keep(store.getState(), [], answers.changesSeen);
 * pages.get('/events', { maxAgeMs: answers.reuseMs, changes: answers.changesSeen });
 */
export class PageSnapshots {
  private readonly kept = new Map<string, Kept>();
  private readonly limit: number;
  private readonly now: () => number;

  constructor(options: PageSnapshotsOptions = {}) {
    this.limit = options.limit ?? 30;
    this.now = options.now ?? Date.now;
  }

  /**
   * Keeps the page a state shows (see {@link snapshotOf}; `siteSlices` are the site's own
   * `reducers`, which are not rolled back), under its address.
   */
  keep(state: SiteState, siteSlices: readonly string[], changes: number, at = this.now()): void {
    const { pathname, search } = state.routing.location;
    this.save(`${pathname}${search}`, snapshotOf(state, siteSlices), changes, at);
  }

  /** Keeps the page at `address` as it is now (`changes`: content changes seen so far). */
  save(address: string, snapshot: PageSnapshot, changes: number, at = this.now()): void {
    this.kept.delete(address);
    this.kept.set(address, { snapshot, at, changes });
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** The page at `address`, if it was kept less than `maxAgeMs` ago and no content change was seen since. */
  get(address: string, freshness: { maxAgeMs: number; changes: number }): PageSnapshot | undefined {
    const kept = this.kept.get(address);
    if (!kept) return undefined;
    if (kept.changes < freshness.changes || this.now() - kept.at >= freshness.maxAgeMs) {
      this.kept.delete(address);
      return undefined;
    }
    return kept.snapshot;
  }

  /** Forgets every page. */
  clear(): void {
    this.kept.clear();
  }
}

/**
 * The part of a state a page snapshot keeps: routing and the slices routes injected (search),
 * not the visit's own slices nor the site's `reducers` (`siteSlices`), which may hold what the
 * visitor did since.
 */
export function snapshotOf(state: SiteState, siteSlices: readonly string[]): PageSnapshot {
  return pageSlicesOf(state, siteSlices);
}
