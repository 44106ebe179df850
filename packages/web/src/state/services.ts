import type { Reducer } from '@reduxjs/toolkit';
import type { BrowserAnswerCache } from '../client/answer-cache.js';
import type { PageSnapshot, PageSnapshots } from '../client/page-snapshots.js';
import type { ApiCallLog } from '../delivery/api-call-log.js';
import type { DeliveryAccess } from '../delivery/delivery-access.js';
import type { RouteOutcome } from '../routing/load-route.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { VersionInfo } from '../version/version-info.js';
import type { RoutingLocation } from './routing-slice.js';
import type { SiteState, SiteThunk } from './store-types.js';

/** The browser's caches for client navigation; see `BrowserAnswerCache` and `PageSnapshots`. */
export interface NavigationCache {
  answers: BrowserAnswerCache | null;
  pages: PageSnapshots | null;
  /** Shows a kept page again (`restorePage`), once the caches are there. */
  restorePage: ((location: RoutingLocation, snapshot: PageSnapshot) => SiteThunk<RouteOutcome>) | null;
  /** Pages left before the caches arrived (kept once they do). */
  waiting: { state: SiteState; at: number }[];
}

/** Where the framework logs route errors and other events worth a look. */
export interface SiteLogger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** The console, as a {@link SiteLogger}. */
export const consoleLogger: SiteLogger = {
  info: (message, details) => console.info(message, details ?? ''),
  warn: (message, details) => console.warn(message, details ?? ''),
  error: (message, details) => console.error(message, details ?? ''),
};

/**
 * What the thunks of a store may use besides the state: the site, platform access and the
 * environment. One set per store (per request on the server); nothing in it is serialised.
 */
export interface SiteServices {
  readonly site: SiteDefinition;
  /** Whether this store lives on the server (rendering one request). */
  readonly isServer: boolean;
  readonly delivery: DeliveryAccess;
  readonly logger: SiteLogger;
  /** Every platform call of the request (server only), for the `Surrogate-Key` header. */
  readonly requestLog: ApiCallLog | null;
  /** The version information (the server's own; the browser fetches `/__version__`). */
  versionInfo(): Promise<VersionInfo>;
  /** Adds a reducer to the store under `key` (a no-op if present). */
  injectReducer(key: string, reducer: Reducer): void;
  /**
   * The browser's caches for client navigation (browser only; they arrive shortly after
   * hydration): the delivery answers and the pages the visitor left.
   */
  readonly navigationCache?: NavigationCache;
  /** Route loads in flight: a later load aborts and supersedes an earlier one. */
  readonly navigation: { sequence: number; controller: AbortController | null };
}
