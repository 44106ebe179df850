import { matchUserGroup } from '../routing/access.js';
import { type HostEnvironment, hostEnvironment } from '../routing/host-environment.js';
import {
  effectiveVersionStatus,
  resolveVersionStatus,
  type VersionStatus,
} from '../routing/version-status.js';
import type { Session } from '../user/session.js';

/** What one request may read. */
export interface RequestPolicy {
  /** Whether the visitor may read drafts (a preview host, and an editor or anonymous preview). */
  canPreview: boolean;
  /** The content version the request reads. */
  versionStatus: VersionStatus;
  /**
   * Whether the request may see internals (exact versions, the build, internal addresses):
   * wherever it may preview, and for a signed-in editor on any host.
   */
  showsInternals: boolean;
  /** The environment the request's host name names (its alias fills in the version page's). */
  environment: HostEnvironment;
}

/** Inputs of {@link requestPolicy}. */
export interface RequestPolicyInput {
  /** The request's host name: one of the site's configured hosts (others are refused before). */
  hostname: string;
  /** Whether that host is configured as a preview host (`SiteHost.preview`). */
  previewHost: boolean;
  /** Whether visitors who are not editors may preview there (`anonymousPreview`). */
  anonymousPreview: boolean;
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
 * page and the delivery proxy alike: the spec's resolution (query, configured value, host),
 * then downgraded to published unless the request may preview and a preview token exists.
 * Drafts are read only on a configured preview host, by an editor or, where the deployment
 * allows it (outside production by default), by anyone there.
 *
 * @example
 * requestPolicy({ hostname: 'www.example.com', previewHost: false, anonymousPreview: false, query: 'latest', configured: null, session: null, editorGroups: ['Editors'], previewConfigured: true });
 * // { canPreview: false, versionStatus: 'published', showsInternals: false,
 * //   environment: { kind: 'live', alias: null, isLive: true } }
 */
export function requestPolicy(input: RequestPolicyInput): RequestPolicy {
  const isEditor =
    input.session !== null &&
    input.editorGroups.length > 0 &&
    matchUserGroup(input.session.user.groups, input.editorGroups);
  const mayPreview = input.previewHost && (isEditor || input.anonymousPreview);
  const canPreview = mayPreview && input.previewConfigured;
  const environment = hostEnvironment(input.hostname);
  const showsInternals = isEditor || mayPreview;
  const resolved = resolveVersionStatus({
    query: input.query,
    windowValue: input.configured,
    hostname: input.hostname,
    previewHost: input.previewHost,
  });
  return {
    canPreview,
    versionStatus: effectiveVersionStatus(resolved, {
      mayPreview: canPreview,
      previewConfigured: input.previewConfigured,
    }),
    showsInternals,
    environment,
  };
}
