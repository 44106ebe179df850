import type { DeliveryNode, JsonObject, VersionStatus } from '../contract.js';
import { getEntryVersion, parseEntryData } from '../db/entries.js';
import {
  countChildNodes,
  findNodesByPath,
  getChildNodesInLanguage,
  getNode,
  getNodeLocalisation,
  getNodesByEntry,
  getRootNode,
  type NodeRecord,
  restrictedChildEntries,
} from '../db/nodes.js';
import type { DeliveryContext } from './context.js';
import { requestedVersionStatus } from './entries.js';
import { EntryShaper } from './entry-shaper.js';
import { badRequest, notFound } from './errors.js';
import { type FieldSelection, parseFieldSelection } from './field-selection.js';
import {
  nonNegativeInteger,
  parseFieldLinkDepths,
  parseFieldList,
  parseFlag,
  parseLanguage,
  parseLinkDepth,
  type QueryParams,
} from './params.js';

/** How deep `depth` may embed descendants; deeper requests get this many levels. */
export const MAX_NODE_DEPTH = 100;

/**
 * The entry fields a node carries when `entryFields` is omitted: `sys`, `entryTitle` and
 * `entryDescription` — enough to label and link a node without loading whole entries (the
 * contract leaves the minimal set open, §8 question 4).
 */
export const DEFAULT_NODE_ENTRY_FIELDS = ['sys', 'entryTitle', 'entryDescription'] as const;

/** A parsed node request (the §1.7.1 options). */
interface NodeRequest {
  /** The language served: the request's, else the project's primary language. */
  language: string;
  versionStatus: VersionStatus;
  depth: number;
  shaper: EntryShaper;
}

function nodeRequest(context: DeliveryContext, params: QueryParams, allowDepth: boolean): NodeRequest {
  const language = parseLanguage(context.project, params.language);
  const versionStatus = requestedVersionStatus(context, params.versionstatus);
  const entryFields = parseFieldList(params.entryfields, 'entryFields');
  let fields: FieldSelection | undefined;
  if (entryFields.length === 0) fields = parseFieldSelection([...DEFAULT_NODE_ENTRY_FIELDS]);
  else if (!entryFields.includes('*')) fields = parseFieldSelection(entryFields);
  return {
    language: language ?? context.project.primaryLanguage,
    versionStatus,
    depth: allowDepth ? nonNegativeInteger(params.depth, 'depth', 0, MAX_NODE_DEPTH) : 0,
    shaper: new EntryShaper(context, {
      language,
      versionStatus,
      linkDepth: parseLinkDepth(params.entrylinkdepth, 'entryLinkDepth'),
      fieldLinkDepths: parseFieldLinkDepths(params.entryfieldlinkdepths, 'entryFieldLinkDepths'),
      fields,
    }),
  };
}

/**
 * Shapes a node (contract §1.7.3) in the request's language, with its entry when the entry
 * exists in the requested version status (in the request's language, else the primary
 * language; a node whose entry has no such version is served without `entry`), and
 * `depth` levels of children.
 */
function shapeNode(
  context: DeliveryContext,
  request: NodeRequest,
  node: NodeRecord,
  depth: number,
): DeliveryNode {
  const { db, project } = context;
  context.keys.node(node.id);
  const localisation = getNodeLocalisation(
    db,
    project.id,
    node.id,
    request.language,
    project.primaryLanguage,
  );
  const shaped: DeliveryNode = {
    id: node.id,
    ...(node.parentId !== null ? { parentId: node.parentId } : {}),
    projectId: project.id,
    slug: localisation?.slug ?? '',
    displayName: localisation?.displayName ?? '',
    // The view's language, also where the node shows its primary-language localisation.
    language: request.language,
    path: localisation?.path ?? '/',
    childCount: visibleChildCount(context, node.id),
    isCanonical: node.isCanonical,
    includeInMenu: node.includeInMenu,
    version: { versionNo: node.versionNo },
  };
  if (node.entryId) {
    const entry = nodeEntry(context, request, node.entryId);
    if (entry) shaped.entry = entry;
  }
  if (depth > 0) {
    shaped.children = visibleNodes(
      context,
      getChildNodesInLanguage(db, project.id, node.id, request.language),
    ).map((child) => shapeNode(context, request, child, depth - 1));
  }
  return shaped;
}

/** Per request: parent node id → entry ids of its restricted children (read once). */
const restrictedChildren = new WeakMap<DeliveryContext, Map<string, string[]>>();

/** The children a node shows this visitor: those whose entry they may not read do not count. */
function visibleChildCount(context: DeliveryContext, nodeId: string): number {
  const { db, project, access } = context;
  const count = countChildNodes(db, project.id, nodeId);
  if (count === 0 || !access.hasRestrictions) return count;
  let byParent = restrictedChildren.get(context);
  if (!byParent) {
    byParent = restrictedChildEntries(db, project.id);
    restrictedChildren.set(context, byParent);
  }
  const hidden = byParent.get(nodeId)?.filter((id) => !access.canRead(id)).length ?? 0;
  return count - hidden;
}

/** Nodes of a list (children, siblings, ancestors) without those of entries the visitor may not read. */
function visibleNodes(context: DeliveryContext, nodes: NodeRecord[]): NodeRecord[] {
  if (!context.access.hasRestrictions) return nodes;
  return nodes.filter((node) => !node.entryId || context.access.canRead(node.entryId));
}

/** A node asked for by itself: 401 or 403 when the visitor may not read its entry. */
function readable(context: DeliveryContext, node: NodeRecord): NodeRecord {
  if (node.entryId) context.access.require(node.entryId);
  return node;
}

function nodeEntry(context: DeliveryContext, request: NodeRequest, entryId: string): JsonObject | undefined {
  const { db, project } = context;
  const record =
    getEntryVersion(db, project.id, entryId, request.language, request.versionStatus) ??
    (request.language !== project.primaryLanguage
      ? getEntryVersion(db, project.id, entryId, project.primaryLanguage, request.versionStatus)
      : undefined);
  return record ? request.shaper.shape(parseEntryData(record)) : undefined;
}

function requireNode(context: DeliveryContext, nodeId: string): NodeRecord {
  const node = getNode(context.db, context.project.id, nodeId);
  if (!node) throw notFound('The node could not be found', { nodeId, projectId: context.project.id });
  return node;
}

/** D8: the root node. */
export function getRoot(context: DeliveryContext, params: QueryParams): DeliveryNode {
  const request = nodeRequest(context, params, true);
  const root = getRootNode(context.db, context.project.id);
  if (!root) throw notFound('The project has no root node', { projectId: context.project.id });
  return shapeNode(context, request, readable(context, root), request.depth);
}

/** D9: a node by id. */
export function getNodeById(context: DeliveryContext, nodeId: string, params: QueryParams): DeliveryNode {
  const request = nodeRequest(context, params, true);
  return shapeNode(context, request, readable(context, requireNode(context, nodeId)), request.depth);
}

/** Whether a node with this id exists (to tell `/nodes/{id}` from `/nodes/{path}`). */
export function nodeExists(context: DeliveryContext, nodeId: string): boolean {
  return getNode(context.db, context.project.id, nodeId) !== undefined;
}

/**
 * D10: a node by its path in any language (paths are matched exactly, like URLs; one trailing
 * slash is ignored). With `allowPartialMatch=true` a missing path answers with the nearest
 * existing ancestor path, but never the root.
 */
export function getNodeByPath(context: DeliveryContext, path: string, params: QueryParams): DeliveryNode {
  const request = nodeRequest(context, params, true);
  const partial = parseFlag(params.allowpartialmatch);
  if (!path.startsWith('/')) throw badRequest('A node path must start with "/"', { path });
  let candidate = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  for (;;) {
    const node = nodeAtPath(context, candidate, request.language);
    if (node) return shapeNode(context, request, readable(context, node), request.depth);
    if (!partial) break;
    const cut = candidate.lastIndexOf('/');
    if (cut <= 0) break;
    candidate = candidate.slice(0, cut);
  }
  throw notFound('The node could not be found', { path, projectId: context.project.id });
}

function nodeAtPath(context: DeliveryContext, path: string, language: string): NodeRecord | undefined {
  const matches = findNodesByPath(context.db, context.project.id, path);
  const match = matches.find((m) => m.language === language) ?? matches[0];
  return match ? getNode(context.db, context.project.id, match.nodeId) : undefined;
}

/**
 * D11: the nodes an entry is attached to (`[]` when none). With `canonicalOnly=true`, only the
 * canonical node as a single object (404 when there is none); `depth` applies only then.
 */
export function getNodesForEntry(
  context: DeliveryContext,
  params: QueryParams,
): DeliveryNode | DeliveryNode[] {
  const entryId = params.entryid?.trim();
  if (!entryId) throw badRequest("The 'entryId' parameter is required to list nodes by entry");
  const canonicalOnly = parseFlag(params.canonicalonly);
  const request = nodeRequest(context, params, canonicalOnly);
  context.access.require(entryId);
  // The entry's own key only: where it is placed changes with its nodes (node events), not with
  // an edit of one variation, so a language switcher's lookup is not purged by one.
  context.keys.entry(entryId);
  const nodes = getNodesByEntry(context.db, context.project.id, entryId);
  if (!canonicalOnly) return nodes.map((node) => shapeNode(context, request, node, 0));
  const canonical = nodes.find((node) => node.isCanonical);
  if (!canonical)
    throw notFound('The entry has no canonical node', { entryId, projectId: context.project.id });
  return shapeNode(context, request, canonical, request.depth);
}

/** D12: the children of a node, in the order defined for the requested language. */
export function getNodeChildren(
  context: DeliveryContext,
  nodeId: string,
  params: QueryParams,
): DeliveryNode[] {
  const request = nodeRequest(context, params, false);
  const node = requireNode(context, nodeId);
  context.keys.node(node.id);
  return visibleNodes(
    context,
    getChildNodesInLanguage(context.db, context.project.id, node.id, request.language),
  ).map((child) => shapeNode(context, request, child, 0));
}

/** D13: the parent of a node; 404 for the root. */
export function getNodeParent(context: DeliveryContext, nodeId: string, params: QueryParams): DeliveryNode {
  const request = nodeRequest(context, params, true);
  const node = requireNode(context, nodeId);
  if (node.parentId === null)
    throw notFound('The root node has no parent', { nodeId, projectId: context.project.id });
  return shapeNode(context, request, readable(context, requireNode(context, node.parentId)), request.depth);
}

/** Ancestors of a node, root first, excluding the node itself. */
function ancestorsOf(context: DeliveryContext, node: NodeRecord): NodeRecord[] {
  const chain: NodeRecord[] = [];
  let current = node;
  // The depth column bounds the walk even if the data were ever cyclic.
  for (let guard = 0; current.parentId !== null && guard <= node.depth; guard++) {
    const parent = getNode(context.db, context.project.id, current.parentId);
    if (!parent) break;
    chain.unshift(parent);
    current = parent;
  }
  return chain;
}

/**
 * D14: the ancestors of a node from the root down (level 1 = root), excluding the node;
 * `startLevel` drops the levels above it, so `startLevel` ≥ the node's level gives `[]`.
 * `depth` (sent by "ancestor at level" callers) embeds children of each ancestor.
 */
export function getNodeAncestors(
  context: DeliveryContext,
  nodeId: string,
  params: QueryParams,
): DeliveryNode[] {
  const request = nodeRequest(context, params, true);
  const node = requireNode(context, nodeId);
  context.keys.node(node.id);
  const startLevel = nonNegativeInteger(params.startlevel, 'startLevel', 0);
  return visibleNodes(
    context,
    ancestorsOf(context, node).filter((ancestor) => ancestor.depth + 1 >= startLevel),
  ).map((ancestor) => shapeNode(context, request, ancestor, request.depth));
}

/**
 * D18 (legacy): the single ancestor at `level` (1 = root; older clients send `startLevel`);
 * 404 when the node has no ancestor at that level (e.g. for the root).
 */
export function getNodeAncestorAtLevel(
  context: DeliveryContext,
  nodeId: string,
  params: QueryParams,
): DeliveryNode {
  const request = nodeRequest(context, params, true);
  const node = requireNode(context, nodeId);
  context.keys.node(node.id);
  const level = nonNegativeInteger(params.level ?? params.startlevel, 'level', 1);
  const ancestor = ancestorsOf(context, node).find((candidate) => candidate.depth + 1 === level);
  if (!ancestor) throw notFound('The node has no ancestor at that level', { nodeId, level });
  return shapeNode(context, request, readable(context, ancestor), request.depth);
}

/**
 * D15: the other children of the node's parent, in their defined order. The node itself is
 * not included (the contract leaves this open, §8 question 3; callers that want it have it
 * already), hidden (`includeInMenu: false`) siblings are; the root has no siblings.
 */
export function getNodeSiblings(
  context: DeliveryContext,
  nodeId: string,
  params: QueryParams,
): DeliveryNode[] {
  const request = nodeRequest(context, params, false);
  const node = requireNode(context, nodeId);
  context.keys.node(node.id);
  if (node.parentId === null) return [];
  return visibleNodes(
    context,
    getChildNodesInLanguage(context.db, context.project.id, node.parentId, request.language).filter(
      (sibling) => sibling.id !== node.id,
    ),
  ).map((sibling) => shapeNode(context, request, sibling, 0));
}
