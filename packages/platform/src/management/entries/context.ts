import type { JsonObject, ProjectResource, StoredEntry } from '../../contract.js';
import { type EntryVersionRecord, getVariationVersions, parseEntryData } from '../../db/entries.js';
import type { Db } from '../../db/open.js';
import type { PlatformEvent } from '../../events/bus.js';

/** A permission the caller must hold for a write to go ahead (throws a 403 when it does not). */
export type Authorize = (
  target: { resourceType: 'entries' | 'assets'; id?: string; language?: string },
  action: 'view' | 'create' | 'update' | 'delete' | 'publish',
) => void;

/** What the management entry operations run with. */
export interface EntryOperationContext {
  db: Db;
  project: ProjectResource;
  /** Username or API client name of the caller (owner of new entries, `modifiedBy`, …). */
  actor: string;
  /** The clock, ms since epoch. */
  now: () => number;
  authorize: Authorize;
}

/** What a write produced: the entry after it and the events to publish once it committed. */
export interface EntryWriteResult {
  /** The management shape of the written variation (before deletion, for deletes). */
  entry: JsonObject;
  events: PlatformEvent[];
}

/** The stored versions of one entry variation. */
export interface VariationState {
  latest: EntryVersionRecord;
  latestDoc: StoredEntry;
  /** The published version, when there is one (it may be the latest one). */
  published?: EntryVersionRecord;
  publishedDoc?: StoredEntry;
}

/** The stored versions of an entry variation, or undefined when it has none. */
export function loadVariation(
  db: Db,
  projectId: string,
  entryId: string,
  language: string,
): VariationState | undefined {
  let state: Partial<VariationState> = {};
  for (const record of getVariationVersions(db, projectId, entryId, language)) {
    const doc = parseEntryData(record);
    if (record.isLatest) state = { ...state, latest: record, latestDoc: doc };
    if (record.isPublished) state = { ...state, published: record, publishedDoc: doc };
  }
  return state.latest && state.latestDoc ? (state as VariationState) : undefined;
}

/** The resource type the permission model and the event stream use for a data format. */
export function resourceTypesOf(dataFormat: string): {
  permission: 'entries' | 'assets';
  event: 'entry' | 'asset';
} {
  return dataFormat === 'asset'
    ? { permission: 'assets', event: 'asset' }
    : { permission: 'entries', event: 'entry' };
}

/**
 * The event a write publishes (contract §4.2 "Event stream" vocabulary), with the written
 * entry as its resource.
 */
export function entryEvent(
  context: EntryOperationContext,
  event: string,
  stored: StoredEntry,
  resource: JsonObject,
  workflowEvent?: string,
): PlatformEvent {
  const platformEvent: PlatformEvent = {
    projectId: context.project.id,
    resourceType: resourceTypesOf(stored.sys.dataFormat).event,
    event,
    resourceId: stored.sys.id,
    contentTypeId: stored.sys.contentTypeId,
    language: stored.sys.language,
    workflowState: stored.sys.workflow.state,
    owner: stored.sys.owner,
    resource,
    actor: context.actor,
    timestamp: new Date(context.now()).toISOString(),
  };
  if (workflowEvent !== undefined) platformEvent.workflowEvent = workflowEvent;
  return platformEvent;
}
