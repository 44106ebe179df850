import { matchUserGroup } from '../routing/access.js';
import {
  effectiveVersionStatus,
  mayPreview,
  resolveVersionStatus,
  type VersionStatus,
} from '../routing/version-status.js';
import type { Session } from '../user/session.js';

/** What one request may read. */
export interface RequestPolicy {
  /** Whether the visitor may read drafts (host or editor). */
  canPreview: boolean;
  /** The content version the request reads. */
  versionStatus: VersionStatus;
}

/** Inputs of {@link requestPolicy}. */
export interface RequestPolicyInput {
  hostname: string;
  /** The `versionStatus` query parameter (or the `x-entry-versionstatus` header). */
  query: string | null;
  /** The server's configured version status. */
  configured: string | null;
  session: Session | null;
  editorGroups: readonly string[];
  previewConfigured: boolean;
}

/**
 * The version status of a request and whether it may preview, decided on the server for the
 * page and the delivery proxy alike: the spec's resolution (query, configured value, host
 * name), then downgraded to published unless the request may preview and a preview token
 * exists.
 *
 * @example
 * requestPolicy({ hostname: 'www.example.com', query: 'latest', configured: null, session: null, editorGroups: ['Editors'], previewConfigured: true });
 * // { canPreview: false, versionStatus: 'published' }
 */
export function requestPolicy(input: RequestPolicyInput): RequestPolicy {
  const isEditor =
    input.session !== null &&
    input.editorGroups.length > 0 &&
    matchUserGroup(input.session.user.groups, input.editorGroups);
  const canPreview = mayPreview(input.hostname, isEditor) && input.previewConfigured;
  const resolved = resolveVersionStatus({
    query: input.query,
    windowValue: input.configured,
    hostname: input.hostname,
  });
  return {
    canPreview,
    versionStatus: effectiveVersionStatus(resolved, {
      mayPreview: canPreview,
      previewConfigured: input.previewConfigured,
    }),
  };
}
