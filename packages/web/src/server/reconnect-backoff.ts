/** How reconnection attempts are spaced. */
export interface BackoffPolicy {
  /** Ceiling of the first delay, in milliseconds. */
  initialDelayMs: number;
  /** No delay is longer than this, in milliseconds. */
  maxDelayMs: number;
}

/**
 * One second at first, at most a minute: a platform restart is bridged within a second or two,
 * and a long outage costs one attempt a minute per site instance.
 */
export const DEFAULT_BACKOFF: BackoffPolicy = { initialDelayMs: 1000, maxDelayMs: 60_000 };

/** Beyond this many doublings every policy has long reached its cap; it keeps the power finite. */
const MAX_DOUBLINGS = 30;

/**
 * The delay before reconnection attempt `attempt` (0 for the first): a ceiling that doubles
 * with every attempt up to `maxDelayMs`, and a delay drawn uniformly from its upper half
 * ("equal jitter"). The jitter keeps the instances of a site that lost the platform together
 * from coming back in lockstep; the lower bound keeps any of them from retrying at once.
 *
 * @example
 * backoffDelay(0, DEFAULT_BACKOFF, () => 0); // 500
 * backoffDelay(3, DEFAULT_BACKOFF, () => 1); // 8000
 * backoffDelay(20, DEFAULT_BACKOFF, () => 1); // 60000
 */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const doublings = Number.isNaN(attempt) ? 0 : Math.min(Math.max(0, Math.floor(attempt)), MAX_DOUBLINGS);
  const ceiling = Math.max(0, Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** doublings));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
