import type { JsonObject } from '../contract.js';
import { withoutPath } from './field-selection.js';

/**
 * `sys` paths a project may not exclude from delivery (contract §1.4): the management API
 * refuses them, and delivery ignores them in a project that lists them anyway.
 */
export const PROTECTED_SYS_PATHS: ReadonlySet<string> = new Set([
  'sys.versionStatus',
  'sys.id',
  'sys.uri',
  'sys.language',
  'sys.dataFormat',
  'sys.contentTypeId',
]);

/**
 * Removes a project's `deliverySysExclusions` (paths such as `sys.owner` or
 * `sys.version.modifiedBy`) from a served entry, returning a new entry.
 *
 * @example
 * stripSysExclusions(entry, ['sys.owner']); // entry without sys.owner
 */
export function stripSysExclusions(entry: JsonObject, exclusions: readonly string[]): JsonObject {
  let result = entry;
  for (const path of exclusions) {
    if (!path.startsWith('sys.') || PROTECTED_SYS_PATHS.has(path)) continue;
    result = withoutPath(result, path.split('.'));
  }
  return result;
}
