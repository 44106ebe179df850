import { encodeSegment } from '../http/url.js';
import { isNonEmptyString, languageOf, type ManagementContext, sendToProject } from './context.js';
import { ManagementMessages } from './messages.js';
import type { ManagementNode, NodeInput } from './models.js';

/** Options of `nodes.getChildren`. */
export interface ManagementNodeChildrenOptions {
  id: string;
  /** Falls back to the configured language. */
  language?: string | null;
}

/**
 * `managementClient.nodes`: the site view, with every language's names, slugs and paths
 * (contract §4.2). Validation errors are thrown synchronously, before any request.
 *
 * @example
 * const news = await client.nodes.create({ parentId: root.id, displayName: { 'en-GB': 'News' } });
 * await client.nodes.setChildrenOrder(root.id, [news.id, about.id]);
 */
export class ManagementNodeOperations {
  constructor(private readonly context: ManagementContext) {
    if (!context?.http || !context.config) throw new Error(ManagementMessages.nodeOperationsInit);
  }

  /** The root node. */
  getRoot(): Promise<ManagementNode> {
    return sendToProject(this.context, '/nodes/root');
  }

  /** One node by id. */
  get(id: string): Promise<ManagementNode> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/nodes/${encodeSegment(id)}`);
  }

  /** The nodes an entry is attached to. */
  getByEntryId(entryId: string): Promise<ManagementNode[]> {
    if (!isNonEmptyString(entryId)) throw new Error(ManagementMessages.nodeEntryId);
    return sendToProject(this.context, '/nodes', { params: { entryId } });
  }

  /** The children of a node, in their order for the language. */
  getChildren(idOrOptions: string | ManagementNodeChildrenOptions): Promise<ManagementNode[]> {
    const options = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/nodes/${encodeSegment(options.id)}/children`, {
      params: { language: languageOf(this.context, options.language) },
    });
  }

  /** Creates a node under `node.parentId` (at least `parentId` and `displayName`). */
  create(node: NodeInput): Promise<ManagementNode> {
    if (!node) throw new Error(ManagementMessages.node);
    if (!isNonEmptyString(node.parentId)) throw new Error(ManagementMessages.nodeParentId);
    return sendToProject(this.context, `/nodes/${encodeSegment(node.parentId)}/children`, {
      method: 'POST',
      body: node,
    });
  }

  /** Replaces a node. */
  update(node: NodeInput): Promise<ManagementNode> {
    if (!node) throw new Error(ManagementMessages.node);
    if (!isNonEmptyString(node.id)) throw new Error(ManagementMessages.nodeIdValue);
    return sendToProject(this.context, `/nodes/${encodeSegment(node.id)}`, { method: 'PUT', body: node });
  }

  /** Deletes a node. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/nodes/${encodeSegment(id)}`, { method: 'DELETE' });
  }

  /**
   * Sets the order of a node's children for the configured language (for every language when
   * none is configured).
   *
   * @param _language Ignored, as in the official client (contract §7.3 #4): the order always
   * applies to the client's configured language. Use a client configured for another language.
   */
  setChildrenOrder(id: string, childrenIds: string[], _language?: string | null): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    if (!Array.isArray(childrenIds) || childrenIds.length === 0) {
      throw new Error(ManagementMessages.childrenIds);
    }
    return sendToProject(this.context, `/nodes/${encodeSegment(id)}/children/order`, {
      method: 'PUT',
      params: { language: this.context.config.language },
      body: childrenIds,
    });
  }

  /**
   * Removes the defined order of a node's children for the configured language (for every
   * language when none is configured).
   *
   * @param _language Ignored, as in the official client (contract §7.3 #4).
   */
  deleteChildrenOrder(id: string, _language?: string | null): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/nodes/${encodeSegment(id)}/children/order`, {
      method: 'DELETE',
      params: { language: this.context.config.language },
    });
  }
}
