import type { JsonObject } from '../contract.js';
import { withoutPath } from './field-selection.js';

// The contract forbids excluding these (§1.4); a project listing them is ignored for them.
const PROTECTED = new Set([
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
    if (!path.startsWith('sys.') || PROTECTED.has(path)) continue;
    result = withoutPath(result, path.split('.'));
  }
  return result;
}
