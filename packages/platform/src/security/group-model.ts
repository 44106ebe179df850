import type { GroupRecord } from '../db/groups.js';
import { isPlainObject } from './validation.js';

/** `sys` (built in), `contensis` or `external` (contract §4.4). */
export type GroupType = 'sys' | 'contensis' | 'external';

/** A group as the security API returns it (contract §4.4). */
export interface GroupJson {
  id: string;
  name: string;
  description: string;
  type: string;
  custom: Record<string, unknown>;
  /** Direct members. */
  userCount: number;
  /** Direct child groups. */
  childGroupCount: number;
  created: string | null;
  modified: string | null;
}

/** Top-level Group properties, the fields `zenQL` and `order` may name. */
export const GROUP_FIELDS: readonly (keyof GroupJson)[] = [
  'id',
  'name',
  'description',
  'type',
  'custom',
  'userCount',
  'childGroupCount',
  'created',
  'modified',
];

/**
 * The contract's Group from a stored record with its computed counts, every property present
 * and in the contract's order. A record without a type is a `contensis` group.
 */
export function shapeGroup(record: GroupRecord): GroupJson {
  const data = record.data;
  return {
    id: record.id,
    name: record.name,
    description: typeof data.description === 'string' ? data.description : '',
    type: typeof data.type === 'string' && data.type !== '' ? data.type : 'contensis',
    custom: isPlainObject(data.custom) ? data.custom : {},
    userCount: record.userCount,
    childGroupCount: record.childGroupCount,
    created: typeof data.created === 'string' ? data.created : null,
    modified: typeof data.modified === 'string' ? data.modified : null,
  };
}

/** The JSON stored for a group: everything but id, name and the counts (those are columns or computed). */
export function groupData(group: GroupJson): Record<string, unknown> {
  return {
    description: group.description,
    type: group.type,
    custom: group.custom,
    created: group.created,
    modified: group.modified,
  };
}

/** Whether a group is built in (`sys`): it cannot be deleted, renamed or retyped. */
export function isBuiltIn(group: Pick<GroupJson, 'type'>): boolean {
  return group.type.toLowerCase() === 'sys';
}
