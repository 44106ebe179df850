import { encodePath, type QueryValue } from '../http/url.js';
import { type CallOptions, type DeliveryContext, getJson, isNonEmptyString, languageOf } from './context.js';
import { DeliveryMessages } from './messages.js';
import type { TaxonomyNode } from './models.js';

/** Options of the taxonomy calls (contract §1.8). */
export interface TaxonomyOptions extends CallOptions {
  /** `defined` (creation order) or `alphabetical` (the server default, so never sent). */
  order?: 'defined' | 'alphabetical';
  /** Levels of children to embed (server default 1). */
  childDepth?: number;
  language?: string | null;
}

/** `getNodeByKey` options. */
export interface TaxonomyKeyOptions extends TaxonomyOptions {
  key: string;
}

/** `getNodeByPath` options. */
export interface TaxonomyPathOptions extends TaxonomyOptions {
  path: string;
}

/**
 * What `resolveChildren` accepts besides a key or a node: the node (or its key) and how to
 * resolve its children. `{ key, path, … }` without `node` is read as a taxonomy node, as the
 * official SDK reads it.
 */
export interface TaxonomyResolveChildrenOptions extends TaxonomyOptions {
  node?: TaxonomyNode;
  key?: string;
}

/**
 * `client.taxonomy`: the legacy taxonomy (D16, D17).
 *
 * @example
 * const subjects = await client.taxonomy.getNodeByPath({ path: 'Root/Subjects', order: 'defined', childDepth: 2 });
 */
export class TaxonomyOperations {
  constructor(private readonly context: DeliveryContext) {}

  /** A taxonomy node by key such as `0/1/4` (D16). */
  async getNodeByKey(keyOrOptions: string | TaxonomyKeyOptions): Promise<TaxonomyNode> {
    const options: TaxonomyKeyOptions =
      typeof keyOrOptions === 'string' ? { key: keyOrOptions } : keyOrOptions;
    if (!isNonEmptyString(options?.key)) throw new Error(DeliveryMessages.taxonomyKey);
    return getJson(this.context, `/taxonomy/nodes/${encodePath(options.key)}`, this.params(options), options);
  }

  /** A taxonomy node by path such as `Root/Subjects/Sciences` (D17). */
  async getNodeByPath(pathOrOptions: string | TaxonomyPathOptions): Promise<TaxonomyNode> {
    const options: TaxonomyPathOptions =
      typeof pathOrOptions === 'string' ? { path: pathOrOptions } : pathOrOptions;
    if (!isNonEmptyString(options?.path)) throw new Error(DeliveryMessages.taxonomyPath);
    return getJson(this.context, '/taxonomy/nodes', { ...this.params(options), path: options.path }, options);
  }

  /**
   * The node with its children, as the official SDK resolves them. Accepts a key (`'0/1'`), a
   * taxonomy node, `{ key, childDepth?, order?, language? }` or `{ node, childDepth?, order?,
   * language? }`; the options default to one level of children in alphabetical order in the
   * configured language. Given a node, no request is made when it has no children
   * (`hasChildren: false`, answered with `children: []`) or already carries them.
   *
   * @example
   * const subjects = await client.taxonomy.resolveChildren({ key: '0/1', order: 'defined', childDepth: 2 });
   */
  async resolveChildren(
    target: string | TaxonomyNode | TaxonomyResolveChildrenOptions,
    callOptions: CallOptions = {},
  ): Promise<TaxonomyNode> {
    const { node, key, options } = resolveTarget(target);
    if (node) {
      if (node.hasChildren === false) return { ...node, children: [] };
      if (node.children && node.children.length > 0) return { ...node };
    }
    const request: TaxonomyKeyOptions = { ...options, ...callOptions, key: key as string };
    return this.getNodeByKey(request);
  }

  private params(options: TaxonomyOptions): Record<string, QueryValue> {
    return {
      order: options.order === 'defined' ? 'defined' : null,
      childDepth: typeof options.childDepth === 'number' ? options.childDepth : null,
      language: languageOf(this.context, options.language),
    };
  }
}

/** Splits a `resolveChildren` argument into the node (when one was given), its key and the options. */
function resolveTarget(target: string | TaxonomyNode | TaxonomyResolveChildrenOptions): {
  node: TaxonomyNode | null;
  key: string | undefined;
  options: TaxonomyOptions;
} {
  if (typeof target === 'string') return { node: null, key: target, options: { childDepth: 1 } };
  if (!target || typeof target !== 'object') return { node: null, key: undefined, options: {} };
  const withOptions = target as TaxonomyResolveChildrenOptions;
  // A taxonomy node always has a path; an options object naming a key has none.
  const node = withOptions.node ?? ('path' in target && target.path ? (target as TaxonomyNode) : null);
  const options: TaxonomyOptions =
    withOptions.node || !node
      ? {
          childDepth: positiveDepth(withOptions.childDepth),
          ...(withOptions.order ? { order: withOptions.order } : {}),
          ...(withOptions.language ? { language: withOptions.language } : {}),
          ...(withOptions.signal ? { signal: withOptions.signal } : {}),
        }
      : { childDepth: 1 };
  return { node, key: node ? node.key : withOptions.key, options };
}

/** The SDK resolves one level when no (or no positive) child depth is given. */
function positiveDepth(depth: number | undefined): number {
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 1;
}
