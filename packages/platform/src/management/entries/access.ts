import { entryIdentity } from '../../db/entries.js';
import {
  type EntryRequireLogin,
  getEntryRequireLogin,
  MAX_GROUP_KEY_LENGTH,
  MAX_REQUIRED_GROUPS,
  setEntryRequireLogin,
} from '../../db/entry-access.js';
import { notFound, ValidationError } from '../../delivery/errors.js';
import type { PlatformEvent } from '../../events/bus.js';
import { type EntryOperationContext, resourceTypesOf } from './context.js';

/** An entry's delivery restriction, as the management API reads and writes it. */
export interface EntryAccess {
  entryId: string;
  /** `false`: everyone; `true`: any signed-in visitor; group ids or names: their members. */
  requireLogin: EntryRequireLogin;
}

function identityOf(context: EntryOperationContext, entryId: string) {
  const identity = entryIdentity(context.db, context.project.id, entryId);
  if (!identity) throw notFound('The entry could not be found', { entryId, projectId: context.project.id });
  return identity;
}

/**
 * `GET …/entries/{entryId}/access`: who the delivery API serves the entry to. Needs the
 * permission to view the entry.
 */
export function readEntryAccess(context: EntryOperationContext, entryId: string): EntryAccess {
  const identity = identityOf(context, entryId);
  context.authorize(
    { resourceType: resourceTypesOf(identity.dataFormat).permission, id: identity.contentTypeId },
    'view',
  );
  return { entryId, requireLogin: getEntryRequireLogin(context.db, context.project.id, entryId) };
}

/**
 * `PUT …/entries/{entryId}/access` with `{ "requireLogin": false | true | ["Members", …] }`:
 * replaces the entry's restriction (every language and version). Needs the permission to
 * update the entry; publishes an entry `updated` event so caches of the content drop it.
 *
 * @example
 * writeEntryAccess(context, entryId, { requireLogin: ['Members'] });
 */
export function writeEntryAccess(
  context: EntryOperationContext,
  entryId: string,
  body: Record<string, unknown>,
): { access: EntryAccess; events: PlatformEvent[] } {
  const requireLogin = parseRequireLogin(body.requireLogin);
  const identity = identityOf(context, entryId);
  const types = resourceTypesOf(identity.dataFormat);
  context.authorize({ resourceType: types.permission, id: identity.contentTypeId }, 'update');
  context.db.transaction(() => setEntryRequireLogin(context.db, context.project.id, entryId, requireLogin))();
  const access: EntryAccess = {
    entryId,
    requireLogin: getEntryRequireLogin(context.db, context.project.id, entryId),
  };
  const event: PlatformEvent = {
    projectId: context.project.id,
    resourceType: types.event,
    event: 'updated',
    resourceId: entryId,
    contentTypeId: identity.contentTypeId,
    resource: access,
    actor: context.actor,
    timestamp: new Date(context.now()).toISOString(),
  };
  return { access, events: [event] };
}

function parseRequireLogin(value: unknown): EntryRequireLogin {
  if (typeof value === 'boolean') return value;
  if (
    Array.isArray(value) &&
    value.length <= MAX_REQUIRED_GROUPS &&
    value.every(
      (group) =>
        typeof group === 'string' && group.trim() !== '' && group.trim().length <= MAX_GROUP_KEY_LENGTH,
    )
  ) {
    return value as string[];
  }
  throw new ValidationError('There are validation errors setting the entry access', [
    {
      field: 'requireLogin',
      message: `requireLogin must be true, false or a list of at most ${MAX_REQUIRED_GROUPS} group ids or names (non-empty, at most ${MAX_GROUP_KEY_LENGTH} characters each)`,
    },
  ]);
}
