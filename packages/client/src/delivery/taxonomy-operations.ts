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
   * The node with its direct children. Makes no request when the node has no children or
   * already carries them.
   */
  async resolveChildren(keyOrNode: string | TaxonomyNode, options: CallOptions = {}): Promise<TaxonomyNode> {
    if (typeof keyOrNode !== 'string' && keyOrNode) {
      if (keyOrNode.hasChildren === false) return { ...keyOrNode, children: [] };
      if (keyOrNode.children && keyOrNode.children.length > 0) return keyOrNode;
    }
    const key = typeof keyOrNode === 'string' ? keyOrNode : keyOrNode?.key;
    return this.getNodeByKey({ ...options, key: key as string, childDepth: 1 });
  }

  private params(options: TaxonomyOptions): Record<string, QueryValue> {
    return {
      order: options.order === 'defined' ? 'defined' : null,
      childDepth: typeof options.childDepth === 'number' ? options.childDepth : null,
      language: languageOf(this.context, options.language),
    };
  }
}
