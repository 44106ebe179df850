import { HttpError } from '../../delivery/errors.js';
import { isJsonObject } from './validation.js';

/** `version` of a tag or tag group (contract §4.2). */
export interface ResourceVersion {
  versionNo: string;
  created: string;
  createdBy: string;
  modified: string;
  modifiedBy: string;
}

/**
 * The version of a newly created resource: `1.0`, created and modified now by `actor`.
 *
 * @example
 * firstVersion('2025-06-25T13:00:00.000Z', 'admin').versionNo; // '1.0'
 */
export function firstVersion(now: string, actor: string): ResourceVersion {
  return { versionNo: '1.0', created: now, createdBy: actor, modified: now, modifiedBy: actor };
}

/**
 * The version after an update: the minor number goes up (`1.0` → `1.1`), `created` stays.
 *
 * @example
 * nextVersion(firstVersion(t0, 'admin'), t1, 'editor').versionNo; // '1.1'
 */
export function nextVersion(previous: ResourceVersion, now: string, actor: string): ResourceVersion {
  const [major = '1', minor = '0'] = previous.versionNo.split('.');
  const next = `${Number.parseInt(major, 10) || 1}.${(Number.parseInt(minor, 10) || 0) + 1}`;
  return { ...previous, versionNo: next, modified: now, modifiedBy: actor };
}

/**
 * Optimistic concurrency for updates: when the body names the `version.versionNo` it was
 * based on and that is no longer the stored one, the update would overwrite someone else's
 * change, so it is refused with a 422 (contract §4.1). A body without a version is accepted.
 */
export function checkVersion(body: Record<string, unknown>, current: ResourceVersion, what: string): void {
  const sent = isJsonObject(body.version) ? body.version.versionNo : undefined;
  if (typeof sent === 'string' && sent !== current.versionNo) {
    throw new HttpError(
      422,
      `The ${what} has changed since version ${sent.slice(0, 20)}; its latest version is ${current.versionNo}`,
      { versionNo: sent.slice(0, 20), latestVersionNo: current.versionNo },
    );
  }
}
