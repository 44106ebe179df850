import { matchUserGroup } from '../routing/access.js';
import { type HostEnvironment, hostEnvironment } from '../routing/host-environment.js';
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
  /**
   * Whether the request may see internals (exact versions, the build, internal addresses): on
   * an internal host ({@link isInternalHost}) or for a signed-in editor.
   */
  showsInternals: boolean;
  /** The environment the request's host name names (its alias fills in the version page's). */
  environment: HostEnvironment;
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
 * // { canPreview: false, versionStatus: 'published', showsInternals: false,
 * //   environment: { kind: 'live', alias: null, isLive: true } }
 */
export function requestPolicy(input: RequestPolicyInput): RequestPolicy {
  const isEditor =
    input.session !== null &&
    input.editorGroups.length > 0 &&
    matchUserGroup(input.session.user.groups, input.editorGroups);
  const canPreview = mayPreview(input.hostname, isEditor) && input.previewConfigured;
  const environment = hostEnvironment(input.hostname);
  const showsInternals = isEditor || !environment.isLive;
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
    showsInternals,
    environment,
  };
}

/**
 * Whether a host is one of the environment's internal hosts rather than the live site:
 * localhost, or a first label of `preview`, `cms` or `api`, alone or followed by `-{alias}`
 * (the platform's environment host names, website spec §9; see {@link hostEnvironment}). The host name comes from the
 * request: the proxy in front must set `Host` (or, with `trustProxy`, `X-Forwarded-Host`) itself.
 *
 * @example
 * isInternalHost('cms-aberwen.example.com'); // true
 * isInternalHost('www.aberwen.example.com'); // false
 */
export function isInternalHost(hostname: string): boolean {
  return !hostEnvironment(hostname).isLive;
}
