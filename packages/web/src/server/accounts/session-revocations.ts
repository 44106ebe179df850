import type { EventSubscription } from '@canopy/client';

/**
 * The platform's event for a user whose sessions were revoked (password changed or reset,
 * suspended, deleted, signed out): resource type `user`, the user's id as `resourceId`.
 */
export const SESSIONS_REVOKED_EVENT = 'sessionsRevoked';

/** The event-stream topic a site subscribes to so that it hears of revoked sessions. */
export const SESSIONS_REVOKED_TOPIC: EventSubscription['topics'][number] = {
  resourceType: 'user',
  event: [SESSIONS_REVOKED_EVENT],
};

/** What hears of revoked sessions: the site's sessions (see `SiteSessions`). */
export interface SessionRevocationTarget {
  /** The platform revoked sessions of this user. */
  forgetUser(userId: string): void;
  /** Revocations may have gone unheard (the stream was down): forget every kept profile. */
  forgetAll(): void;
}

/**
 * The user whose sessions an event-stream message says were revoked, or `null` for any other
 * message (content changes, or data that is not the platform's JSON summary).
 *
 * @example
 * revokedUserOf('{"event":"sessionsRevoked","resourceType":"user","resourceId":"u1"}'); // 'u1'
 */
export function revokedUserOf(data: string): string | null {
  // Cheap test first: nearly every message is a content change.
  if (!data.includes(SESSIONS_REVOKED_EVENT)) return null;
  try {
    const event = JSON.parse(data) as { event?: unknown; resourceType?: unknown; resourceId?: unknown };
    if (event.event !== SESSIONS_REVOKED_EVENT || event.resourceType !== 'user') return null;
    return typeof event.resourceId === 'string' && event.resourceId ? event.resourceId : null;
  } catch {
    return null;
  }
}
