import { type GroupJson, isBuiltIn } from './group-model.js';
import {
  badField,
  customObject,
  type FieldProblem,
  LIMITS,
  optionalText,
  requiredText,
  ValidationFailure,
} from './validation.js';

const WRITABLE_TYPES = ['contensis', 'external'] as const;

/**
 * Validates the body of `POST /groups` (contract §4.4): `name` required, `description`,
 * `type` (`contensis` by default, or `external`) and `custom` optional. Built-in (`sys`)
 * groups cannot be created (422). Wrong types and oversized values are 400s.
 *
 * @example
 * parseNewGroup({ name: 'News team' }, id, Date.now()).type; // 'contensis'
 */
export function parseNewGroup(body: Record<string, unknown>, id: string, now: number): GroupJson {
  const name = requiredText(body.name, 'name');
  const at = new Date(now).toISOString();
  const group: GroupJson = {
    id,
    name,
    description:
      body.description === undefined ? '' : optionalText(body.description, 'description', LIMITS.description),
    type: 'contensis',
    custom: body.custom === undefined ? {} : customObject(body.custom),
    userCount: 0,
    childGroupCount: 0,
    created: at,
    modified: at,
  };
  const problems: FieldProblem[] = [];
  if (body.type !== undefined && body.type !== null) {
    const type = typeText(body.type);
    if (type === 'sys') problems.push({ field: 'type', message: 'Built-in (sys) groups cannot be created' });
    else if (!isWritableType(type)) problems.push(unknownType(type));
    else group.type = type;
  }
  if (problems.length > 0)
    throw new ValidationFailure('There are validation errors creating the group', problems);
  return group;
}

/**
 * Applies the body of `PUT /groups/{id}`: the properties present replace the stored ones
 * (`null` clears a description or `custom`), absent ones stay. Counts, dates and the id are
 * read-only. A built-in group keeps its name and type (422), and no group becomes built in.
 */
export function applyGroupUpdate(current: GroupJson, body: Record<string, unknown>, now: number): GroupJson {
  const group: GroupJson = structuredClone(current);
  const problems: FieldProblem[] = [];
  if (body.name !== undefined) {
    const name = requiredText(body.name, 'name');
    if (name !== current.name && isBuiltIn(current)) {
      problems.push({ field: 'name', message: `The built-in group '${current.name}' cannot be renamed` });
    }
    group.name = name;
  }
  if (body.description !== undefined) {
    group.description = optionalText(body.description, 'description', LIMITS.description);
  }
  if (body.custom !== undefined) group.custom = customObject(body.custom);
  if (body.type !== undefined && body.type !== null) {
    const type = typeText(body.type);
    if (type !== current.type.toLowerCase()) {
      if (isBuiltIn(current)) {
        problems.push({ field: 'type', message: `The built-in group '${current.name}' keeps its type` });
      } else if (type === 'sys') {
        problems.push({ field: 'type', message: 'A group cannot be made built-in (sys)' });
      } else if (!isWritableType(type)) {
        problems.push(unknownType(type));
      } else {
        group.type = type;
      }
    }
  }
  if (problems.length > 0)
    throw new ValidationFailure('There are validation errors updating the group', problems);
  group.modified = new Date(now).toISOString();
  return group;
}

function typeText(value: unknown): string {
  if (typeof value !== 'string' || value.length > LIMITS.code) {
    throw badField('type', "'contensis' or 'external'", value);
  }
  return value.trim().toLowerCase();
}

function isWritableType(type: string): type is (typeof WRITABLE_TYPES)[number] {
  return (WRITABLE_TYPES as readonly string[]).includes(type);
}

function unknownType(type: string): FieldProblem {
  return { field: 'type', message: `Unknown group type '${type}': use 'contensis' or 'external'` };
}
