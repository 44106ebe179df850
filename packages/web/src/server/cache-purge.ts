import {
  revokedUserOf,
  SESSIONS_REVOKED_TOPIC,
  type SessionRevocationTarget,
} from './accounts/session-revocations.js';
import { type ChangeLog, type ContentChangesState, watchContentChanges } from './content-changes.js';
import type { DeliveryCache } from './delivery-cache.js';
import { type HttpCachePurger, purgeKeysForChange } from './http-cache-purge.js';
import type { SiteServerOptions } from './options.js';
import { CONTENT_CHANGE_SUBSCRIPTION, platformChangeStream } from './platform-change-stream.js';
import type { StalePages } from './stale-pages.js';

/** The delivery cache's purge on content changes, as the server runs it. */
export interface CachePurge {
  readonly state: ContentChangesState;
  /** Ends the subscription; resolves when no timer or connection of it is left. */
  stop(): Promise<void>;
}

/** A purge that does nothing: before the server is ready, and when it is off. */
export const CACHE_PURGE_OFF: CachePurge = Object.freeze({
  state: 'off' as const,
  stop: () => Promise.resolve(),
});

/** What {@link startCachePurge} reads of the site server's options. */
export type CachePurgeSettings = Pick<
  SiteServerOptions,
  'platformUrl' | 'projectId' | 'clientId' | 'clientSecret' | 'contentChanges' | 'deliveryTimeoutMs'
>;

/**
 * What a content change reaches: the delivery cache (emptied), the stale pages (marked
 * outdated) and the HTTP caches in front of the site (purged by surrogate key, after this
 * process's own caches, so a page they fetch again from here is fresh).
 */
export interface PurgeTargets {
  cache: DeliveryCache | null;
  stale?: StalePages | null;
  httpCache?: HttpCachePurger | null;
  /**
   * The site's sessions: told of users whose sessions the platform revoked (the same stream
   * carries those events), and to forget every kept profile whenever a subscription opens.
   */
  sessions?: SessionRevocationTarget | null;
}

/**
 * Purges the delivery cache whenever content changes on the platform, for as long as the server
 * runs: subscribes to the platform's event stream with the site's API client and empties the
 * whole cache on every event. The whole cache, not the answers whose surrogate keys name the
 * changed resource: a search or a node's children can gain an entry they hold no key of, and
 * the cache holds at most a hundred answers, so refetching them all is cheap and never stale.
 * The stale pages are only marked outdated, not dropped: they are served only while the
 * platform fails, and an outage right after a publish should still find them.
 *
 * The same subscription carries the platform's `sessionsRevoked` events: they purge nothing,
 * but tell `sessions` to drop the profiles it keeps for that user.
 *
 * Without client credentials it does nothing but say so once; the cache's TTL still applies.
 *
 * @example
 * const purge = startCachePurge(options, { cache, stale }, app.log);
 * purge.state; // 'connecting' → 'subscribed'
 * await purge.stop();
 */
export function startCachePurge(
  settings: CachePurgeSettings,
  { cache, stale = null, httpCache = null, sessions = null }: PurgeTargets,
  log: ChangeLog,
  alsoOnChange: () => void = () => {},
): CachePurge {
  // Nothing is cached, so nothing can be stale.
  if (!cache && !stale && !httpCache && !sessions) return CACHE_PURGE_OFF;
  const freshness = `${
    cache
      ? `cached platform answers are reused for up to ${cache.ttlSeconds} s after an edit`
      : 'no platform answers are cached'
  }${httpCache ? ', and the HTTP cache in front is not purged' : ''}${
    sessions ? '; a revoked session is noticed when its kept profile expires (60 s)' : ''
  }`;
  if (settings.contentChanges === false) {
    log.info(`Content changes: off (turned off in the options); ${freshness}`);
    return CACHE_PURGE_OFF;
  }
  const clientId = settings.clientId?.trim();
  const clientSecret = settings.clientSecret?.trim();
  if (!clientId || !clientSecret) {
    log.warn(
      `Content changes: off (no API client id and secret, CANOPY_CLIENT_ID and CANOPY_CLIENT_SECRET); ${freshness}`,
    );
    return CACHE_PURGE_OFF;
  }
  const tuning = settings.contentChanges ?? {};
  const stream = platformChangeStream({
    platformUrl: settings.platformUrl,
    projectId: settings.projectId,
    clientId,
    clientSecret,
    ...(settings.deliveryTimeoutMs ? { timeoutMs: settings.deliveryTimeoutMs } : {}),
    ...(sessions
      ? {
          subscription: {
            topics: [...CONTENT_CHANGE_SUBSCRIPTION.topics, SESSIONS_REVOKED_TOPIC],
          },
        }
      : {}),
  });
  const watcher = watchContentChanges({
    open: stream.open,
    describeError: stream.describeError,
    onChange: (change) => {
      if (change.kind === 'event') {
        const revoked = revokedUserOf(change.data);
        if (revoked !== null) {
          sessions?.forgetUser(revoked);
          return;
        }
      } else {
        // Revocations made while no subscription was open were never announced.
        sessions?.forgetAll();
      }
      const keys = purgeKeysForChange(change, settings.projectId);
      cache?.clear();
      // The pages the change reaches, by the keys it purges (a subscription opened: every page).
      stale?.markOutdated(change.kind === 'event' ? keys : undefined);
      alsoOnChange();
      httpCache?.purge(keys);
    },
    log,
    backoff: {
      ...(tuning.reconnectDelayMs !== undefined ? { initialDelayMs: tuning.reconnectDelayMs } : {}),
      ...(tuning.maxReconnectDelayMs !== undefined ? { maxDelayMs: tuning.maxReconnectDelayMs } : {}),
    },
    ...(tuning.idleTimeoutMs !== undefined ? { idleTimeoutMs: tuning.idleTimeoutMs } : {}),
  });
  return {
    get state() {
      return watcher.state;
    },
    async stop() {
      await watcher.stop();
      stream.close();
      httpCache?.stop();
    },
  };
}
