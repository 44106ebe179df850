import type { Localised, ProjectResource } from '../../contract.js';
import { formatVersionNo, parseVersionNo, sameVersion, type VersionNumber } from '../version-numbers.js';
import {
  isPlainObject,
  type JsonRecord,
  readBoolean,
  readLanguageList,
  readLocalised,
  readString,
} from './input.js';
import { MAX_ID_LENGTH, MAX_NAME_LENGTH, NODE_ID_PATTERN, SLUG_PATTERN } from './limits.js';
import { Problems } from './problems.js';

/** A node's renderer reference (§4.2). */
export interface NodeRenderer {
  id: string;
}

/** A node's proxy setting (§4.2). */
export interface NodeProxy {
  id: string;
  parseContent: boolean;
  enablePartialMatching: boolean;
}

/** What the management node shape has beyond the `nodes` row. */
export interface NodeDetails {
  restrictedToLanguages: string[];
  renderer: NodeRenderer | null;
  proxy: NodeProxy | null;
  createdBy: string;
  modified: string;
  modifiedBy: string;
}

/** The settable parts of a node (contract §4.2 ICreateNode / IUpdateNode). */
export interface NodeChanges {
  displayName?: Localised<string>;
  slug?: Localised<string>;
  entryId?: string | null;
  restrictedToLanguages?: string[];
  includeInMenu?: boolean;
  isCanonical?: boolean;
  renderer?: NodeRenderer | null;
  proxy?: NodeProxy | null;
}

/** A validated create request. */
export interface NodeCreateInput extends NodeChanges {
  /** A client-chosen id (a GUID, lower-cased), or undefined for a generated one. */
  id?: string;
  displayName: Localised<string>;
}

/**
 * Reads a create body (contract §4.2 nodes.create): `displayName` is required and must have
 * the project's primary language; `slug` (per language, derived from the display name when
 * missing), `id` (a GUID), `entryId`, `restrictedToLanguages`, `includeInMenu`, `isCanonical`,
 * `renderer` and `proxy` are optional. A body `parentId` must match the URL's. Throws a 422
 * listing every problem.
 */
export function readNodeCreate(
  body: JsonRecord,
  project: ProjectResource,
  parentId: string,
): NodeCreateInput {
  const problems = new Problems();
  if (body.parentId !== undefined && body.parentId !== null && body.parentId !== parentId) {
    problems.add(
      'parentId',
      `The parentId '${String(body.parentId)}' does not match the URL's parent '${parentId}'`,
    );
  }
  const id = readString(body.id, 'id', problems, {
    max: MAX_ID_LENGTH,
    nullable: true,
    pattern: { test: NODE_ID_PATTERN, message: 'A node id must be a GUID' },
  });
  const changes = readChanges(body, project, problems, true);
  problems.throwIfAny('There are validation errors creating the node');
  return { ...changes, ...(id !== undefined ? { id: id.toLowerCase() } : {}) } as NodeCreateInput;
}

/** The node an update is about, as far as validation needs it. */
export interface NodeUpdateTarget {
  id: string;
  parentId: string | null;
  versionNo: string;
}

/**
 * Reads an update body (contract §4.2 nodes.update, IUpdateNode): absent keys leave the node
 * as it is. `id` and `parentId` must match the node (moving has its own endpoint), and a
 * `version.versionNo` must be the node's current one (optimistic concurrency, 422). The root
 * has no slug. Throws a 422 listing every problem.
 */
export function readNodeUpdate(
  body: JsonRecord,
  project: ProjectResource,
  node: NodeUpdateTarget,
): NodeChanges {
  const problems = new Problems();
  if (body.id !== undefined && body.id !== null && body.id !== node.id) {
    problems.add('id', `The id '${String(body.id)}' does not match the node '${node.id}'`);
  }
  if (body.parentId !== undefined && body.parentId !== (node.parentId ?? null)) {
    problems.add('parentId', 'A node is moved with PUT /nodes/{id}/parentId, not by an update');
  }
  const sent = isPlainObject(body.version) ? body.version.versionNo : undefined;
  if (sent !== undefined && sent !== null) {
    const version = parseVersionNo(sent);
    const current = parseVersionNo(node.versionNo);
    if (!version) problems.add('version.versionNo', 'The versionNo must look like "1.0"');
    else if (current && !sameVersion(version, current)) {
      problems.add(
        'version.versionNo',
        `The node has changed since version ${formatVersionNo(version)}; its current version is ${node.versionNo}`,
      );
    }
  }
  const changes = readChanges(body, project, problems, false);
  if (node.parentId === null && changes.slug && Object.keys(changes.slug).length > 0) {
    problems.add('slug', 'The root node has no slug');
  }
  problems.throwIfAny('There are validation errors updating the node');
  return changes;
}

function readChanges(
  body: JsonRecord,
  project: ProjectResource,
  problems: Problems,
  creating: boolean,
): NodeChanges {
  const languages = project.supportedLanguages;
  const rule = { languages, plainStringLanguage: project.primaryLanguage, max: MAX_NAME_LENGTH };
  const changes: NodeChanges = {};
  const displayName = readLocalised(body.displayName, 'displayName', problems, {
    ...rule,
    required: creating,
  });
  if (displayName) {
    if (displayName[project.primaryLanguage] === undefined) {
      problems.add(
        `displayName.${project.primaryLanguage}`,
        `The displayName needs a value in the project's primary language (${project.primaryLanguage})`,
      );
    }
    for (const [language, name] of Object.entries(displayName)) {
      if (name.trim() === '') problems.add(`displayName.${language}`, 'A display name cannot be blank');
    }
    changes.displayName = displayName;
  }
  const slug = readLocalised(body.slug, 'slug', problems, rule);
  if (slug) {
    for (const [language, value] of Object.entries(slug)) {
      if (!SLUG_PATTERN.test(value)) {
        problems.add(
          `slug.${language}`,
          `The slug '${value.slice(0, 64)}' may only contain letters, digits, "-", "_", "." and "~"`,
        );
      }
    }
    changes.slug = slug;
  }
  if (body.entryId !== undefined) {
    changes.entryId =
      readString(body.entryId, 'entryId', problems, { max: MAX_ID_LENGTH, nullable: true }) ?? null;
  }
  const restricted = readLanguageList(
    body.restrictedToLanguages,
    'restrictedToLanguages',
    problems,
    languages,
  );
  if (restricted) changes.restrictedToLanguages = restricted;
  const includeInMenu = readBoolean(body.includeInMenu, 'includeInMenu', problems);
  if (includeInMenu !== undefined) changes.includeInMenu = includeInMenu;
  const isCanonical = readBoolean(body.isCanonical, 'isCanonical', problems);
  if (isCanonical !== undefined) changes.isCanonical = isCanonical;
  if (body.renderer !== undefined) changes.renderer = readRenderer(body.renderer, problems);
  if (body.proxy !== undefined) changes.proxy = readProxy(body.proxy, problems);
  return changes;
}

function readRenderer(value: unknown, problems: Problems): NodeRenderer | null {
  if (value === null) return null;
  const id = isPlainObject(value)
    ? readString(value.id, 'renderer.id', problems, { required: true, max: MAX_ID_LENGTH })
    : undefined;
  if (!isPlainObject(value)) problems.add('renderer', 'The renderer must be null or { "id": "…" }');
  return id === undefined ? null : { id };
}

function readProxy(value: unknown, problems: Problems): NodeProxy | null {
  if (value === null) return null;
  if (!isPlainObject(value)) {
    problems.add('proxy', 'The proxy must be null or { "id", "parseContent", "enablePartialMatching" }');
    return null;
  }
  const id = readString(value.id, 'proxy.id', problems, { required: true, max: MAX_ID_LENGTH });
  const parseContent = readBoolean(value.parseContent, 'proxy.parseContent', problems);
  const enablePartialMatching = readBoolean(
    value.enablePartialMatching,
    'proxy.enablePartialMatching',
    problems,
  );
  return id === undefined
    ? null
    : { id, parseContent: parseContent ?? false, enablePartialMatching: enablePartialMatching ?? false };
}

/** The version number of a node row, or 1.0 for a malformed stored one. */
export function nodeVersion(versionNo: string): VersionNumber {
  return parseVersionNo(versionNo) ?? { major: 1, minor: 0 };
}
