import { randomUUID } from 'node:crypto';
import type { ProjectResource, VersionInfo } from '../../contract.js';
import {
  type ContentTypeResource,
  type DefinitionKind,
  type DefinitionVersionRecord,
  deleteDefinitionVersions,
  deletePublishedContentType,
  findDefinitionIdIgnoringCase,
  getDefinitionVersion,
  insertDefinitionVersion,
  listDefinitionVersions,
  putPublishedContentType,
} from '../../db/content-types.js';
import { getNode } from '../../db/nodes.js';
import type { Db } from '../../db/open.js';
import { preparedFor } from '../../db/statements.js';
import { badRequest, conflict, notFound } from '../../delivery/errors.js';
import {
  formatVersionNo,
  nextMajor,
  nextMinor,
  parseVersionNo,
  sameVersion,
  type VersionNumber,
} from '../version-numbers.js';
import { type DefinitionLookups, definitionFromBody, kindLabel } from './definition-input.js';
import { componentReferences } from './field-input.js';
import { isPlainObject, type JsonRecord } from './input.js';
import { invalidField } from './problems.js';

/** Which stored version a read asks for (contract §4.2: `version` wins over `versionStatus`). */
export interface DefinitionReadOptions {
  version?: string;
  versionStatus?: string;
}

/** Who writes and when. */
export interface WriteStamp {
  actor: string;
  /** ISO 8601. */
  now: string;
}

const entryStatements = preparedFor((db) => ({
  entriesOfType: db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(DISTINCT entry_id) AS n FROM entry_versions WHERE project_id = ? AND content_type_id = ?',
  ),
}));

/** `versionStatus` of a management read: `latest` (the default) or `published`; else a 400. */
export function readStatus(value: string | undefined): 'latest' | 'published' {
  if (value === undefined || value === '') return 'latest';
  const lower = value.toLowerCase();
  if (lower === 'latest' || lower === 'published') return lower;
  throw badRequest("The 'versionStatus' parameter must be 'published' or 'latest'", { versionStatus: value });
}

function notFoundError(kind: DefinitionKind, projectId: string, id: string, detail = ''): Error {
  const key = kind === 'contentType' ? 'contentTypeId' : 'componentId';
  return notFound(`The ${kindLabel(kind)} '${id}' could not be found${detail}`, { [key]: id, projectId });
}

/**
 * One definition as GET returns it: the version named by `version` (`major.minor`), else the
 * published one (`versionStatus=published`), else the latest. 404 when there is no such
 * version; 400 for a malformed `version` or `versionStatus`.
 */
export function readDefinition(
  db: Db,
  projectId: string,
  kind: DefinitionKind,
  id: string,
  options: DefinitionReadOptions,
): JsonRecord {
  let record: DefinitionVersionRecord | undefined;
  if (options.version !== undefined && options.version !== '') {
    const version = parseVersionNo(options.version);
    if (!version)
      throw badRequest("The 'version' parameter must look like '1.0'", { version: options.version });
    record = getDefinitionVersion(db, projectId, kind, id, version);
    if (!record) throw notFoundError(kind, projectId, id, ` in version ${formatVersionNo(version)}`);
  } else {
    const status = readStatus(options.versionStatus);
    record = getDefinitionVersion(db, projectId, kind, id, status);
    if (!record)
      throw notFoundError(kind, projectId, id, status === 'published' ? ' in a published version' : '');
  }
  return record.data;
}

/** The latest (or published) version of every definition of a kind, optionally of one data format. */
export function listDefinitions(
  db: Db,
  projectId: string,
  kind: DefinitionKind,
  status: 'latest' | 'published',
  dataFormat?: string,
): JsonRecord[] {
  const wanted = dataFormat?.toLowerCase();
  return listDefinitionVersions(db, projectId, kind, status)
    .map((record) => record.data)
    .filter((data) => wanted === undefined || String(data.dataFormat).toLowerCase() === wanted);
}

function lookups(db: Db, projectId: string): DefinitionLookups {
  return {
    componentExists: (id) => getDefinitionVersion(db, projectId, 'component', id, 'latest') !== undefined,
    componentReferencesOf: (id) =>
      componentReferences(getDefinitionVersion(db, projectId, 'component', id, 'latest')?.data.fields),
    nodeExists: (id) => getNode(db, projectId, id) !== undefined,
  };
}

function versionNumberOf(data: JsonRecord): VersionNumber {
  const version = isPlainObject(data.version) ? data.version : {};
  return parseVersionNo(version.versionNo) ?? { major: 0, minor: 1 };
}

function storeVersion(
  db: Db,
  project: ProjectResource,
  kind: DefinitionKind,
  data: JsonRecord,
  flags: { isLatest: boolean; isPublished: boolean },
): void {
  const version = versionNumberOf(data);
  insertDefinitionVersion(db, {
    projectId: project.id,
    kind,
    id: data.id as string,
    major: version.major,
    minor: version.minor,
    ...flags,
    data,
  });
}

/**
 * Creates a definition as draft version `0.1` (contract §4.2 create; versioning §8 #12). The id
 * must be new, ignoring case (409). Call inside a transaction.
 */
export function createDefinition(
  db: Db,
  project: ProjectResource,
  kind: DefinitionKind,
  body: JsonRecord,
  stamp: WriteStamp,
): JsonRecord {
  const definition = definitionFromBody({ kind, project, body, lookups: lookups(db, project.id) });
  const id = definition.id as string;
  const existing = findDefinitionIdIgnoringCase(db, project.id, kind, id);
  if (existing !== undefined) {
    throw conflict(`A ${kindLabel(kind)} with the id '${existing}' already exists`, { id: existing });
  }
  definition.uuid = randomUUID();
  const version: VersionInfo = {
    createdBy: stamp.actor,
    created: stamp.now,
    modifiedBy: stamp.actor,
    modified: stamp.now,
    versionNo: '0.1',
  };
  definition.version = version;
  storeVersion(db, project, kind, definition, { isLatest: true, isPublished: false });
  return definition;
}

/** The `version.versionNo` a write body names, checked against the latest version (422 when stale). */
function checkVersionGuard(sent: unknown, latest: JsonRecord, kind: DefinitionKind, field: string): void {
  if (sent === undefined || sent === null) return;
  const version = parseVersionNo(sent);
  const current = versionNumberOf(latest);
  if (!version)
    throw invalidField(`The ${kindLabel(kind)} version is not valid`, field, 'A version looks like "1.0"');
  if (!sameVersion(version, current)) {
    throw invalidField(
      `The ${kindLabel(kind)} has changed since version ${formatVersionNo(version)}`,
      field,
      `The latest version is ${formatVersionNo(current)}; get it and apply the change again`,
    );
  }
}

function requireLatest(db: Db, projectId: string, kind: DefinitionKind, id: string): JsonRecord {
  const latest = getDefinitionVersion(db, projectId, kind, id, 'latest');
  if (!latest) throw notFoundError(kind, projectId, id);
  return latest.data;
}

/**
 * Saves a new draft version of a definition: the next minor version on top of the latest one.
 * A `version.versionNo` in the body must be the latest version's (optimistic concurrency,
 * 422 when stale); without one the write applies to the latest version. The published
 * version, and what delivery serves, stay as they were until the next publish. Call inside a
 * transaction.
 */
export function updateDefinition(
  db: Db,
  project: ProjectResource,
  kind: DefinitionKind,
  id: string,
  body: JsonRecord,
  stamp: WriteStamp,
): JsonRecord {
  const latest = requireLatest(db, project.id, kind, id);
  checkVersionGuard(
    isPlainObject(body.version) ? body.version.versionNo : undefined,
    latest,
    kind,
    'version.versionNo',
  );
  const definition = definitionFromBody({
    kind,
    project,
    body,
    current: latest,
    lookups: lookups(db, project.id),
  });
  const previous = (isPlainObject(latest.version) ? latest.version : {}) as Partial<VersionInfo>;
  const version: VersionInfo = {
    createdBy: previous.createdBy ?? stamp.actor,
    created: previous.created ?? stamp.now,
    modifiedBy: stamp.actor,
    modified: stamp.now,
    versionNo: formatVersionNo(nextMinor(versionNumberOf(latest))),
  };
  definition.version = version;
  storeVersion(db, project, kind, definition, { isLatest: true, isPublished: false });
  return definition;
}

/** What a workflow event did. */
export interface WorkflowOutcome {
  definition: JsonRecord;
  /** False when the latest version was already the published one (nothing changed). */
  published: boolean;
}

/**
 * Applies a workflow event (contract §4.2 invokeWorkflow: `{ language?, version, event, data }`).
 * The one event definitions have is `publish` (also accepted as `….publish`): the latest
 * version becomes the published one as the next major version, and for content types it is
 * what delivery serves from then on. `version` must be the latest version (422 when stale);
 * `language`, when sent, must be a project language. Publishing what is already published
 * changes nothing. Call inside a transaction.
 */
export function invokeDefinitionWorkflow(
  db: Db,
  project: ProjectResource,
  kind: DefinitionKind,
  id: string,
  body: JsonRecord,
  stamp: WriteStamp,
): WorkflowOutcome {
  const label = kindLabel(kind);
  const latestRecord = getDefinitionVersion(db, project.id, kind, id, 'latest');
  if (!latestRecord) throw notFoundError(kind, project.id, id);
  const event = body.event;
  if (typeof event !== 'string' || event.trim() === '') {
    throw invalidField(
      `The workflow event of the ${label} is missing`,
      'event',
      'Name an event such as "publish"',
    );
  }
  if (!/^(.*\.)?publish$/i.test(event.trim())) {
    throw invalidField(
      `The event '${event.slice(0, 64)}' cannot be applied to a ${label}`,
      'event',
      `A ${label} supports the event 'publish'`,
    );
  }
  if (body.language !== undefined && body.language !== null) {
    if (typeof body.language !== 'string' || !project.supportedLanguages.includes(body.language)) {
      throw invalidField(
        `The language '${String(body.language).slice(0, 40)}' is not a language of project '${project.id}'`,
        'language',
      );
    }
  }
  if (body.version === undefined || body.version === null) {
    throw invalidField(`A valid ${label} version number value needs to be specified.`, 'version');
  }
  checkVersionGuard(body.version, latestRecord.data, kind, 'version');
  if (latestRecord.isPublished) return { definition: latestRecord.data, published: false };

  const latest = latestRecord.data;
  const previous = (isPlainObject(latest.version) ? latest.version : {}) as Partial<VersionInfo>;
  const version: VersionInfo = {
    createdBy: previous.createdBy ?? stamp.actor,
    created: previous.created ?? stamp.now,
    modifiedBy: previous.modifiedBy ?? stamp.actor,
    modified: previous.modified ?? stamp.now,
    publishedBy: stamp.actor,
    published: stamp.now,
    versionNo: formatVersionNo(nextMajor(versionNumberOf(latest))),
  };
  const definition: JsonRecord = { ...latest, version };
  storeVersion(db, project, kind, definition, { isLatest: true, isPublished: true });
  if (kind === 'contentType') putPublishedContentType(db, definition as ContentTypeResource);
  return { definition, published: true };
}

/**
 * Deletes a definition with every version. Refused (409) while it is in use: a content type
 * with entries (any version, any language), a component used by a field of any content type
 * or component (latest or published version). Call inside a transaction.
 */
export function deleteDefinition(
  db: Db,
  project: ProjectResource,
  kind: DefinitionKind,
  id: string,
): JsonRecord {
  const latest = requireLatest(db, project.id, kind, id);
  if (kind === 'contentType') {
    const entries = entryStatements(db).entriesOfType.get(project.id, id)!.n;
    if (entries > 0) {
      throw conflict(
        `The content type '${id}' cannot be deleted while ${entries} ${entries === 1 ? 'entry uses' : 'entries use'} it`,
        { contentTypeId: id, entryCount: entries },
      );
    }
  } else {
    const users = componentUsers(db, project.id, id);
    if (users.length > 0) {
      throw conflict(`The component '${id}' cannot be deleted while ${users.join(', ')} use it`, {
        componentId: id,
        usedBy: users,
      });
    }
  }
  deleteDefinitionVersions(db, project.id, kind, id);
  if (kind === 'contentType') deletePublishedContentType(db, project.id, id);
  return latest;
}

function componentUsers(db: Db, projectId: string, componentId: string): string[] {
  const users = new Set<string>();
  for (const kind of ['contentType', 'component'] as const) {
    for (const status of ['latest', 'published'] as const) {
      for (const record of listDefinitionVersions(db, projectId, kind, status)) {
        if (kind === 'component' && record.id === componentId) continue;
        if (componentReferences(record.data.fields).includes(componentId)) {
          users.add(`${kindLabel(kind)} '${record.id}'`);
        }
      }
    }
  }
  return [...users];
}
