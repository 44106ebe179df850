import type { VersionStatus } from '../state/content-version.js';
import { hostEnvironment, isLocalHost } from './host-environment.js';

export type { VersionStatus };
export { isLocalHost };

/** Where the version status of a request can come from, first match wins. */
export interface VersionStatusSources {
  /** The `versionStatus` query parameter of the page request. */
  query?: string | null;
  /** A value the page sets on `window` in the browser, or the site server's configuration. */
  windowValue?: string | null;
  /** The host name of the request (no port). */
  hostname: string;
  /**
   * Whether the host is a preview host as the server is configured (its host list); when
   * given, it replaces the naming rule below.
   */
  previewHost?: boolean;
}

/**
 * The version status of a request (website spec §4): the `versionStatus` query parameter,
 * else a window (or configured) value, else the host name: localhost and preview hosts give
 * `latest`, every other host `published`. Values other than the two statuses are ignored.
 *
 * @example
 * resolveVersionStatus({ hostname: 'www.example.com' }); // 'published'
 * resolveVersionStatus({ hostname: 'preview-aberwen.example.com' }); // 'latest'
 * resolveVersionStatus({ query: 'published', hostname: 'localhost' }); // 'published'
 */
export function resolveVersionStatus(sources: VersionStatusSources): VersionStatus {
  const explicit = parseVersionStatus(sources.query) ?? parseVersionStatus(sources.windowValue);
  if (explicit) return explicit;
  const preview = sources.previewHost ?? (isLocalHost(sources.hostname) || isPreviewHost(sources.hostname));
  return preview ? 'latest' : 'published';
}

/** `published` or `latest` (any case), else `null`. */
export function parseVersionStatus(value: string | null | undefined): VersionStatus | null {
  const normalised = value?.trim().toLowerCase();
  return normalised === 'published' || normalised === 'latest' ? normalised : null;
}

/**
 * Whether a host name is a preview host: its first label is `preview` or `preview-{alias}`
 * (`preview.example.com`, `preview-aberwen.example.com`), as the platform's environments are
 * named (website spec §9; see {@link hostEnvironment}).
 */
export function isPreviewHost(hostname: string): boolean {
  return hostEnvironment(hostname).kind === 'preview';
}

/**
 * Whether a request may read unpublished content at all: on localhost, on a preview host, or
 * for a signed-in editor. Anywhere else a `?versionStatus=latest` is ignored, so drafts never
 * leak to the public site.
 */
export function mayPreview(hostname: string, isEditor: boolean): boolean {
  return isEditor || isLocalHost(hostname) || isPreviewHost(hostname);
}

/**
 * The status a request actually reads: the resolved one, downgraded to `published` when the
 * request may not preview or no preview credentials are configured.
 */
export function effectiveVersionStatus(
  resolved: VersionStatus,
  options: { mayPreview: boolean; previewConfigured: boolean },
): VersionStatus {
  return resolved === 'latest' && options.mayPreview && options.previewConfigured ? 'latest' : 'published';
}
