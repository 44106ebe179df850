import type { StoredEntry, VersionInfo } from '../../contract.js';
import { getContentType } from '../../db/content-types.js';
import { deleteEntryVersion, entryIdentity } from '../../db/entries.js';
import { HttpError, notFound } from '../../delivery/errors.js';
import { parseVersionNo } from '../version-numbers.js';
import {
  type EntryOperationContext,
  type EntryWriteResult,
  entryEvent,
  loadVariation,
  resourceTypesOf,
  type VariationState,
} from './context.js';
import { withVersionFacts } from './document.js';
import { EntryValidationError, invalid } from './errors.js';
import { ManagementEntryReader } from './reader.js';
import { archiveVersion } from './recycle-bin.js';
import { projectLanguage, storeVersion } from './storage.js';
import { nextMajorVersion, sameVersionText } from './versions.js';
import { resolveTransition, type Transition, WorkflowError, workflowIdOf } from './workflow.js';

/** The longest event name accepted. */
const MAX_EVENT_LENGTH = 200;

/**
 * `POST P/entries/{id}/workflow/events` (contract §4.2): fires a workflow event on a variation.
 * Body: `{ event, language?, version?, data? }` (`language` defaults to the project's primary
 * language; `version`, when given, must be the latest version — else 422). `publish` (and
 * `approve`) publishes the latest version with the next major number; `sysUnpublish` withdraws
 * the published version; other events change the latest version's state. An event the
 * workflow does not allow now is a 422 listing the allowed ones. `data` is accepted and not
 * kept.
 */
export function invokeWorkflow(
  context: EntryOperationContext,
  entryId: string,
  body: Record<string, unknown>,
): EntryWriteResult {
  const action = 'changing the workflow of';
  const event = body.event;
  if (typeof event !== 'string' || event.trim() === '' || event.length > MAX_EVENT_LENGTH) {
    throw invalid(action, 'event', 'event must name a workflow event, e.g. "publish" or "*.sysUnpublish"');
  }
  const { db, project } = context;
  const language =
    body.language === undefined || body.language === null
      ? project.primaryLanguage
      : projectLanguage(project, body.language);
  if (!language) {
    throw invalid(
      action,
      'language',
      `The language '${String(body.language).slice(0, 40)}' is not supported by the project`,
    );
  }
  if (body.version !== undefined && body.version !== null && parseVersionNo(body.version) === undefined) {
    throw invalid(action, 'version', 'version must be a version number such as "0.1"');
  }
  return db
    .transaction((): EntryWriteResult => {
      const identity = entryIdentity(db, project.id, entryId);
      const variation = identity ? loadVariation(db, project.id, entryId, language) : undefined;
      if (!identity || !variation) {
        throw notFound('The entry could not be found', { entryId, language, projectId: project.id });
      }
      if (typeof body.version === 'string' && !sameVersionText(body.version, variation.latest.versionNo)) {
        throw invalid(
          action,
          'version',
          `The entry was changed since version ${body.version}; the latest version is ${variation.latest.versionNo}`,
        );
      }
      const contentType = getContentType(db, project.id, identity.contentTypeId);
      let transition: Transition;
      try {
        transition = resolveTransition(
          {
            workflowId: workflowIdOf(contentType),
            state: variation.latestDoc.sys.workflow.state,
            hasPublished: variation.published !== undefined,
            latestIsPublished: variation.latest.isPublished,
          },
          event,
        );
      } catch (error) {
        if (!(error instanceof WorkflowError)) throw error;
        throw new EntryValidationError(error.message, [
          { field: 'event', message: `${error.message}; allowed now: ${error.allowed.join(', ') || 'none'}` },
        ]);
      }
      const permission = transition.effect === 'state' ? 'update' : 'publish';
      context.authorize(
        {
          resourceType: resourceTypesOf(identity.dataFormat).permission,
          id: identity.contentTypeId,
          language,
        },
        permission,
      );
      const now = new Date(context.now()).toISOString();
      let written: StoredEntry;
      let eventName: string;
      switch (transition.effect) {
        case 'publish':
          written = publish(context, variation, transition, now);
          eventName = 'published';
          break;
        case 'unpublish':
          written = unpublish(context, variation, transition, now);
          eventName = 'unpublished';
          break;
        case 'state':
          written = changeState(context, variation, transition, now);
          eventName = 'updated';
          break;
      }
      const entry = new ManagementEntryReader(db, project).shape(written, 'latest');
      const platformEvent = entryEvent(context, eventName, written, entry, transition.listedAs);
      if (eventName === 'published' && variation.published === undefined) platformEvent.newVariation = true;
      return { entry, events: [platformEvent] };
    })
    .immediate();
}

/** The latest version becomes the published one, with the next major version number. */
function publish(
  context: EntryOperationContext,
  variation: VariationState,
  transition: Transition,
  now: string,
) {
  const { db, project } = context;
  const version: VersionInfo = {
    ...variation.latestDoc.sys.version,
    modifiedBy: context.actor,
    modified: now,
    publishedBy: context.actor,
    published: now,
    versionNo: nextMajorVersion(variation.latest.versionNo),
  };
  const document = withVersionFacts(variation.latestDoc, {
    state: transition.to,
    isPublished: true,
    version,
  });
  if (variation.published && variation.publishedDoc && variation.published.doc !== variation.latest.doc) {
    archiveVersion(db, project.id, variation.publishedDoc);
    deleteEntryVersion(db, variation.published.doc);
  }
  archiveVersion(db, project.id, variation.latestDoc);
  deleteEntryVersion(db, variation.latest.doc);
  storeVersion(db, project.id, document, { isLatest: true, isPublished: true });
  return document;
}

/**
 * The published version is withdrawn. A variation whose latest version was the published one
 * keeps it, as a draft of the same number; a draft on top stays as it is, minus its
 * publication facts.
 */
function unpublish(
  context: EntryOperationContext,
  variation: VariationState,
  transition: Transition,
  now: string,
) {
  const { db, project } = context;
  const { published: _at, publishedBy: _by, ...rest } = variation.latestDoc.sys.version;
  const latestIsPublished = variation.latest.isPublished;
  const version: VersionInfo = latestIsPublished
    ? { ...rest, modifiedBy: context.actor, modified: now }
    : rest;
  const state = latestIsPublished ? transition.to : variation.latestDoc.sys.workflow.state;
  const document = withVersionFacts(variation.latestDoc, { state, isPublished: false, version });
  if (variation.publishedDoc && !latestIsPublished) archiveVersion(db, project.id, variation.publishedDoc);
  if (variation.published && !latestIsPublished) deleteEntryVersion(db, variation.published.doc);
  deleteEntryVersion(db, variation.latest.doc);
  storeVersion(db, project.id, document, { isLatest: true, isPublished: false });
  return document;
}

/** Only the latest version's state changes (approval workflow steps). */
function changeState(
  context: EntryOperationContext,
  variation: VariationState,
  transition: Transition,
  now: string,
) {
  const { db, project } = context;
  if (variation.latest.isPublished) {
    // Workflows only move unpublished versions between states; guard against a definition that says otherwise.
    throw new HttpError(422, `The published version cannot move to the state '${transition.to}'`);
  }
  const version: VersionInfo = {
    ...variation.latestDoc.sys.version,
    modifiedBy: context.actor,
    modified: now,
  };
  const document = withVersionFacts(variation.latestDoc, {
    state: transition.to,
    isPublished: variation.published !== undefined,
    version,
  });
  deleteEntryVersion(db, variation.latest.doc);
  storeVersion(db, project.id, document, { isLatest: true, isPublished: false });
  return document;
}
