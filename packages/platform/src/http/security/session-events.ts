import type { ApiDeps } from '../api-deps.js';
import { nowIso } from '../changes.js';

/**
 * The event announcing that sessions of a user ended (resource type `user`): a password
 * change or reset, a suspension, a deletion or a sign-out revoked them.
 */
export const SESSIONS_REVOKED_EVENT = 'sessionsRevoked';

/**
 * Tells every project's event stream that sessions of these users were revoked, so that a site
 * holding a user's profile drops it and asks the platform again at the user's next request,
 * instead of trusting its copy until that expires. Call after the revoking transaction
 * committed. The event carries the user's id and nothing else (no profile, no actor), since any
 * subscriber with the `eventStreams` `connect` permission hears it.
 *
 * @example
 * db.transaction(() => revokeSubjectSessions(db, { kind: 'user', id }, now))();
 * publishSessionsRevoked(deps, [id]);
 */
export function publishSessionsRevoked(
  deps: Pick<ApiDeps, 'events' | 'now'>,
  userIds: Iterable<string>,
): void {
  const timestamp = nowIso(deps);
  for (const id of new Set(userIds)) {
    deps.events.publish({
      projectId: '',
      everyProject: true,
      resourceType: 'user',
      event: SESSIONS_REVOKED_EVENT,
      resourceId: id,
      resource: { id },
      actor: 'platform',
      timestamp,
    });
  }
}
