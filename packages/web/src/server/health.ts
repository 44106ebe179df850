/** The result of a platform check. */
export interface PlatformHealth {
  status: 'ok' | 'unavailable';
  /** HTTP status of the platform's answer (0 when there was none). */
  platformStatus: number;
  /** Milliseconds the check took. */
  ms: number;
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
