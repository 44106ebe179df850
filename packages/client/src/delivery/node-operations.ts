import { encodePath, encodeSegment, type QueryValue } from '../http/url.js';
import {
  type CallOptions,
  type DeliveryContext,
  depthMap,
  getJson,
  isNonEmptyString,
  languageOf,
  positive,
  versionStatusOf,
} from './context.js';
import { DeliveryMessages } from './messages.js';
import type { DeliveryNode, Entry, VersionStatus } from './models.js';

/** Options shared by the node calls (contract §1.7.1). */
export interface NodeOptions extends CallOptions {
  language?: string | null;
  versionStatus?: VersionStatus | null;
  /** Fields of the attached entry to include; `['*']` for all. */
  entryFields?: string[];
  /** Link depth used to resolve the attached entry's links. */
  entryLinkDepth?: number;
  /** Per-field link depths for the attached entry, e.g. `{ author: 1 }`. */
  entryFieldLinkDepths?: Record<string, number>;
}

/** Node options of the calls that can embed descendants. */
export interface NodeDepthOptions extends NodeOptions {
  /** Levels of descendants to embed in `children` (0 = none). */
  depth?: number;
}

/** `nodes.get` options: an id or a path. */
export interface NodeGetOptions extends NodeDepthOptions {
  id?: string;
  path?: string;
  /** When the path does not exist, answer its nearest existing ancestor (never the root). */
  allowPartialMatch?: boolean;
}

/** `nodes.getByEntry` options. */
export interface NodeByEntryOptions extends NodeDepthOptions {
  entryId?: string;
  entry?: Pick<Entry, 'sys'>;
  sys?: { id: string };
  /** Only the canonical node, as one object (404 when there is none). */
  canonicalOnly?: boolean;
}

/** Options of the calls about one node's relatives. */
export interface NodeRelativeOptions extends NodeOptions {
  id?: string;
  node?: { id: string };
}

/** `nodes.getAncestors` options. */
export interface NodeAncestorsOptions extends NodeRelativeOptions {
  /** Level to start from (1 = root); ancestors above it are left out. */
  startLevel?: number;
}

/** `nodes.getAncestorAtLevel` options. */
export interface NodeAncestorAtLevelOptions extends NodeAncestorsOptions {
  depth?: number;
}

type NodeRef = string | NodeRelativeOptions;

/**
 * `client.nodes`: the site view (D8–D15). Every method rejects with a validation message
 * before any request when its node, path or entry is missing (contract §5.1).
 *
 * @example
 * const page = await client.nodes.get({ path: '/courses/marine-biology', entryFields: ['*'] });
 * const crumbs = await client.nodes.getAncestors(page.id);
 */
export class NodeOperations {
  constructor(private readonly context: DeliveryContext) {}

  /** The root node (D8). */
  async getRoot(options: NodeDepthOptions = {}): Promise<DeliveryNode> {
    return getJson(
      this.context,
      '/nodes/root',
      this.params(options, { depth: positive(options.depth) }),
      options,
    );
  }

  /**
   * A node by id or by path (D9, D10). A string starting with `/` is a path. Given both an `id`
   * and a `path`, the path is used, as the official SDK does. The path `/` is the root node.
   */
  async get(idOrPathOrOptions: string | NodeGetOptions): Promise<DeliveryNode> {
    const options: NodeGetOptions =
      typeof idOrPathOrOptions === 'string'
        ? idOrPathOrOptions.startsWith('/')
          ? { path: idOrPathOrOptions }
          : { id: idOrPathOrOptions }
        : (idOrPathOrOptions ?? {});
    const depth = { depth: positive(options.depth) };
    if (isNonEmptyString(options.path)) {
      const path = options.path.startsWith('/') ? options.path : `/${options.path}`;
      if (path === '/') return this.getRoot(options);
      const params = this.params(options, {
        ...depth,
        allowPartialMatch: options.allowPartialMatch ? true : null,
      });
      return getJson(this.context, `/nodes${encodePath(path)}`, params, options);
    }
    if (isNonEmptyString(options.id)) {
      return getJson(
        this.context,
        `/nodes/${encodeSegment(options.id)}`,
        this.params(options, depth),
        options,
      );
    }
    throw new Error(DeliveryMessages.nodeIdOrPath);
  }

  /**
   * The nodes an entry is attached to (D11), or with `canonicalOnly` its canonical node.
   */
  getByEntry(
    entryIdOrOptions: string | (NodeByEntryOptions & { canonicalOnly: true }),
  ): Promise<DeliveryNode>;
  getByEntry(entryIdOrOptions: string | NodeByEntryOptions): Promise<DeliveryNode[]>;
  async getByEntry(entryIdOrOptions: string | NodeByEntryOptions): Promise<DeliveryNode | DeliveryNode[]> {
    const options: NodeByEntryOptions =
      typeof entryIdOrOptions === 'string' ? { entryId: entryIdOrOptions } : (entryIdOrOptions ?? {});
    const entryId = options.entryId || options.entry?.sys?.id || options.sys?.id;
    if (!isNonEmptyString(entryId)) throw new Error(DeliveryMessages.entryId);
    const params = this.params(options, {
      entryId,
      depth: positive(options.depth),
      canonicalOnly: options.canonicalOnly ? true : null,
    });
    return getJson(this.context, '/nodes/', params, options);
  }

  /** The children of a node, in their defined order (D12). */
  async getChildren(idOrOptions: NodeRef): Promise<DeliveryNode[]> {
    const { id, options } = this.target(idOrOptions);
    return getJson(this.context, `/nodes/${encodeSegment(id)}/children`, this.params(options), options);
  }

  /** The parent of a node (D13); the root has none (404). */
  async getParent(idOrOptions: string | (NodeRelativeOptions & NodeDepthOptions)): Promise<DeliveryNode> {
    const { id, options } = this.target(idOrOptions);
    const depth = positive((options as NodeDepthOptions).depth);
    return getJson(
      this.context,
      `/nodes/${encodeSegment(id)}/parent`,
      this.params(options, { depth }),
      options,
    );
  }

  /** The ancestors of a node, root first, without the node itself (D14). */
  async getAncestors(idOrOptions: string | NodeAncestorsOptions): Promise<DeliveryNode[]> {
    const { id, options } = this.target(idOrOptions);
    const startLevel = positive((options as NodeAncestorsOptions).startLevel);
    return getJson(
      this.context,
      `/nodes/${encodeSegment(id)}/ancestors`,
      this.params(options, { startLevel }),
      options,
    );
  }

  /**
   * The ancestor at `startLevel` (1 = root), or `null` when the node is not below that level.
   * The platform answers this call with the ancestor list from that level down, so its first
   * element is the one asked for; the official client returned the list itself.
   */
  async getAncestorAtLevel(options: NodeAncestorAtLevelOptions): Promise<DeliveryNode | null> {
    const { id } = this.target(options);
    const params = this.params(options, {
      startLevel: positive(options.startLevel),
      depth: positive(options.depth),
    });
    const ancestors = await getJson<DeliveryNode[] | DeliveryNode>(
      this.context,
      `/nodes/${encodeSegment(id)}/ancestors`,
      params,
      options,
    );
    if (Array.isArray(ancestors)) return ancestors[0] ?? null;
    return ancestors ?? null;
  }

  /** The other children of the node's parent (D15). */
  async getSiblings(idOrOptions: NodeRef): Promise<DeliveryNode[]> {
    const { id, options } = this.target(idOrOptions);
    return getJson(this.context, `/nodes/${encodeSegment(id)}/siblings`, this.params(options), options);
  }

  private target(idOrOptions: NodeRef): { id: string; options: NodeRelativeOptions } {
    const options: NodeRelativeOptions =
      typeof idOrOptions === 'string' ? { id: idOrOptions } : (idOrOptions ?? {});
    const id = options.id || options.node?.id;
    if (!isNonEmptyString(id)) throw new Error(DeliveryMessages.nodeId);
    return { id, options };
  }

  private params(options: NodeOptions, extra: Record<string, QueryValue> = {}): Record<string, QueryValue> {
    return {
      language: languageOf(this.context, options.language),
      versionStatus: versionStatusOf(this.context, options.versionStatus),
      entryFields: options.entryFields ?? null,
      entryLinkDepth: positive(options.entryLinkDepth),
      entryFieldLinkDepths: depthMap(options.entryFieldLinkDepths),
      ...extra,
    };
  }
}
