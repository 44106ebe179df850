import type { ContentChangesState } from './content-changes.js';

/** The result of a platform check. */
export interface PlatformHealth {
  status: 'ok' | 'unavailable';
  /** HTTP status of the platform's answer (0 when there was none). */
  platformStatus: number;
  /** Milliseconds the check took. */
  ms: number;
}

/** The body of `/__heartbeat__`. */
export interface HeartbeatBody {
  status: PlatformHealth['status'];
  platform: { status: number; ms: number };
  /**
   * Whether the delivery cache is purged on content changes (`subscribed`), is getting its
   * subscription (back) (`connecting`, `reconnecting`), or relies on its TTL alone (`off`).
   * It does not decide the status: pages are served either way.
   */
  contentChanges: ContentChangesState;
  /**
   * The stale pages kept to serve through a platform outage: how many, and how many of them
   * content changed since (`null` when stale pages are off).
   */
  stalePages?: { pages: number; outdated: number } | null;
}

/**
 * The heartbeat's answer from a platform check and the content-change subscription's state.
 *
 * @example
 * heartbeatBody({ status: 'ok', platformStatus: 200, ms: 4 }, 'subscribed');
 * // { status: 'ok', platform: { status: 200, ms: 4 }, contentChanges: 'subscribed' }
 */
export function heartbeatBody(
  health: PlatformHealth,
  contentChanges: ContentChangesState,
  stalePages?: HeartbeatBody['stalePages'],
): HeartbeatBody {
  return {
    status: health.status,
    platform: { status: health.platformStatus, ms: health.ms },
    contentChanges,
    ...(stalePages !== undefined ? { stalePages } : {}),
  };
}

/** How long the heartbeat waits for the platform. */
export const HEARTBEAT_TIMEOUT_MS = 3000;

/**
 * Asks the platform for the site's project, bypassing every cache, so a load balancer sees
 * the truth: `ok` only when the platform answers 200 with the delivery token.
 */
export async function checkPlatform(
  platformUrl: string,
  projectId: string,
  deliveryToken: string,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<PlatformHealth> {
  const started = performance.now();
  try {
    const response = await fetchFn(
      `${platformUrl.replace(/\/+$/, '')}/api/delivery/projects/${encodeURIComponent(projectId)}`,
      {
        headers: { accessToken: deliveryToken, Accept: 'application/json' },
        signal: AbortSignal.timeout(HEARTBEAT_TIMEOUT_MS),
      },
    );
    await response.arrayBuffer();
    return {
      status: response.status === 200 ? 'ok' : 'unavailable',
      platformStatus: response.status,
      ms: Math.round(performance.now() - started),
    };
  } catch {
    return { status: 'unavailable', platformStatus: 0, ms: Math.round(performance.now() - started) };
  }
}
