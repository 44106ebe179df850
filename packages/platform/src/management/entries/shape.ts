import type { JsonObject, StoredEntry, VersionStatus } from '../../contract.js';
import { isLink, isPlainObject } from '../../seed/links.js';

/** What the management shape adds to a stored entry (contract §4.2 "Entries"). */
export interface ManagementShapeOptions {
  /** Which version this is; omitted for versions read from the history. */
  versionStatus?: VersionStatus;
  /** Languages the entry has a latest version in. */
  availableLanguages: readonly string[];
  /** Languages the content type (within the project) supports that the entry lacks. */
  unavailableLanguages: readonly string[];
  /** Events that may fire now (see workflow.ts); only meaningful for the latest version. */
  allowedEvents: readonly string[];
  /** Set for entries in the recycle bin. */
  deleted?: { at: string; by: string };
}

/**
 * The management form of a stored entry: the data fields with links reduced to their
 * management shape (no `uri`), and the `sys` superset — live `availableLanguages`,
 * `unavailableLanguages`, `versionStatus`, `workflow.allowedEvents` and, for recycled entries,
 * `version.deleted` / `version.deletedBy`.
 *
 * @example
 * toManagementEntry(stored, { versionStatus: 'latest', availableLanguages: ['en-GB'], unavailableLanguages: ['cy'], allowedEvents: ['publish'] });
 */
export function toManagementEntry(stored: StoredEntry, options: ManagementShapeOptions): JsonObject {
  const entry: JsonObject = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key !== 'sys') entry[key] = withoutLinkUris(value);
  }
  const { sys } = stored;
  const version: JsonObject = { ...sys.version };
  if (options.deleted) {
    version.deleted = options.deleted.at;
    version.deletedBy = options.deleted.by;
  }
  const shapedSys: JsonObject = {
    ...sys,
    availableLanguages: [...options.availableLanguages],
    unavailableLanguages: [...options.unavailableLanguages],
    workflow: { ...sys.workflow, allowedEvents: [...options.allowedEvents] },
    version,
  };
  if (options.versionStatus) shapedSys.versionStatus = options.versionStatus;
  else delete shapedSys.versionStatus;
  entry.sys = shapedSys;
  return entry;
}

/**
 * A field value with every unresolved link's `uri` removed (management link values omit it,
 * contract §4.2). Returns new objects.
 *
 * @example
 * withoutLinkUris({ sys: { id: 'a', uri: '/a' } }); // { sys: { id: 'a' } }
 */
export function withoutLinkUris(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLinkUris);
  if (!isPlainObject(value)) return value;
  if (isLink(value)) {
    const { uri: _uri, ...sys } = value.sys;
    return { sys };
  }
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) copy[key] = withoutLinkUris(item);
  return copy;
}
