import type { Client, DeliveryNode, Entry } from '@canopy/client';
import { derivedOnce } from '../delivery/shared-answers.js';
import type { EntryLoadOptions, NodeListOption } from '../site/site-definition.js';
import type { RouteNode } from '../state/routing-slice.js';
import type { SiteLogger } from '../state/site-logger.js';

/** Link depth of a route's entry when its mapping names none (website spec §9). */
export const DEFAULT_ENTRY_LINK_DEPTH = 2;

/** A node with its entry, as loaded for a page. */
export interface LoadedNode {
  node: RouteNode;
  entry: Entry | null;
}

/** Whether a mapping asks for something other than all fields at the default link depth. */
export function hasCustomEntryOptions(options: EntryLoadOptions): boolean {
  return (
    (options.fields !== undefined && options.fields.length > 0) ||
    (options.linkDepth !== undefined && options.linkDepth !== DEFAULT_ENTRY_LINK_DEPTH) ||
    (options.fieldLinkDepths !== undefined && Object.keys(options.fieldLinkDepths).length > 0)
  );
}

/**
 * The node at a path with its whole entry (links resolved to the default depth), in one call.
 * 404s reject with the client's `ApiError`.
 */
export async function loadNode(client: Client, path: string, signal: AbortSignal): Promise<LoadedNode> {
  const node = await client.nodes.get({
    path,
    entryFields: ['*'],
    entryLinkDepth: DEFAULT_ENTRY_LINK_DEPTH,
    signal,
  });
  return { node: derivedOnce(nodesWithoutEntry, node, withoutEntry), entry: node.entry ?? null };
}

/** Derived from shared answers of the server's delivery cache once, not per page (see `derivedOnce`). */
const nodesWithoutEntry = new WeakMap<DeliveryNode, RouteNode>();
const routeNodeLists = new WeakMap<DeliveryNode[], RouteNode[]>();
const toRouteNodes = (nodes: DeliveryNode[]) => nodes.map(toRouteNode);

/** An entry by id with a mapping's fields and link depths. */
export function loadEntry(
  client: Client,
  id: string,
  language: string | undefined,
  options: EntryLoadOptions,
  signal: AbortSignal,
): Promise<Entry> {
  return client.entries.get({
    id,
    language: language ?? null,
    linkDepth: options.linkDepth ?? DEFAULT_ENTRY_LINK_DEPTH,
    ...(options.fields?.length ? { fields: [...options.fields] } : {}),
    ...(options.fieldLinkDepths ? { fieldLinkDepths: { ...options.fieldLinkDepths } } : {}),
    signal,
  });
}

/** What the relatives of a node are loaded with. */
export interface RelativesRequest {
  nodeId: string;
  children?: NodeListOption | undefined;
  siblings?: NodeListOption | undefined;
}

/** A node's ancestors (always, for breadcrumbs) and, when asked for, children and siblings. */
export interface Relatives {
  ancestors: RouteNode[];
  children: RouteNode[] | null;
  siblings: RouteNode[];
}

/**
 * Loads the relatives of a node in parallel. A failure of any list is logged and gives an
 * empty list (website spec §8): a page without breadcrumbs is better than no page.
 */
export async function loadRelatives(
  client: Client,
  request: RelativesRequest,
  logger: SiteLogger,
  signal: AbortSignal,
): Promise<Relatives> {
  const list = async (name: string, call: () => Promise<DeliveryNode[]>): Promise<RouteNode[]> => {
    try {
      return derivedOnce(routeNodeLists, await call(), toRouteNodes);
    } catch (error) {
      if (signal.aborted) throw error;
      logger.error(`Loading the ${name} of node ${request.nodeId} failed`, { error: describeError(error) });
      return [];
    }
  };
  const listOptions = (option: NodeListOption) => ({
    id: request.nodeId,
    signal,
    ...(typeof option === 'object' && option.fields?.length ? { entryFields: [...option.fields] } : {}),
    ...(typeof option === 'object' && option.linkDepth ? { entryLinkDepth: option.linkDepth } : {}),
  });
  const [ancestors, children, siblings] = await Promise.all([
    list('ancestors', () => client.nodes.getAncestors({ id: request.nodeId, signal })),
    request.children
      ? list('children', () => client.nodes.getChildren(listOptions(request.children as NodeListOption)))
      : Promise.resolve(null),
    request.siblings
      ? list('siblings', () => client.nodes.getSiblings(listOptions(request.siblings as NodeListOption)))
      : Promise.resolve([]),
  ]);
  return { ancestors, children, siblings };
}

/** A node as kept in the state: children converted, its entry kept only when it has content. */
export function toRouteNode(node: DeliveryNode): RouteNode {
  const { children, ...rest } = node;
  return children ? { ...rest, children: children.map(toRouteNode) } : rest;
}

/**
 * The menu tree: nodes marked `includeInMenu`, without entries, so it is small enough to
 * inline in every page (a section's hundred articles are not menu items; a listing page loads
 * them with `nodeOptions.children`).
 */
export function navigationNode(node: DeliveryNode): RouteNode {
  const { children, entry: _entry, ...rest } = node;
  return children
    ? { ...rest, children: children.filter((child) => child.includeInMenu).map(navigationNode) }
    : rest;
}

/** A node without its entry (the entry is kept once, in `routing.entry`). */
export function withoutEntry(node: DeliveryNode): RouteNode {
  const { entry: _entry, children, ...rest } = node;
  return children ? { ...rest, children: children.map(toRouteNode) } : rest;
}

/**
 * An error as plain data for the log: name, message, status, code, and what caused it (a
 * failed platform call's `RequestError` only says 'Network request failed': its cause says
 * whether the connection was refused, reset or closed); never the stack to a visitor.
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const extra = error as Error & { status?: unknown; code?: unknown; url?: unknown };
    return {
      name: error.name,
      message: error.message,
      ...(extra.status !== undefined ? { status: extra.status } : {}),
      ...(extra.code !== undefined ? { code: extra.code } : {}),
      ...(extra.url !== undefined ? { url: extra.url } : {}),
      ...(error.cause !== undefined ? { cause: describeCause(error.cause, 3) } : {}),
      stack: error.stack,
    };
  }
  return { error: String(error) };
}

/** A cause's name, code and message, and its own cause, `depth` levels at most (no stacks). */
function describeCause(cause: unknown, depth: number): Record<string, unknown> | string {
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as Error & { code?: unknown }).code;
  return {
    name: cause.name,
    message: cause.message,
    ...(code !== undefined ? { code } : {}),
    ...(cause.cause !== undefined && depth > 1 ? { cause: describeCause(cause.cause, depth - 1) } : {}),
  };
}
