import { encodeSegment } from '../http/url.js';
import type { DefinitionGetOptions } from './content-type-operations.js';
import { isNonEmptyString, type ManagementContext, publishedOnly, sendToProject } from './context.js';
import { ManagementMessages } from './messages.js';
import type { Component, VersionStatus } from './models.js';

/**
 * `managementClient.components`: reusable field groups (contract §4.2).
 *
 * @example
 * const address = await client.components.get({ id: 'address', versionStatus: 'published' });
 */
export class ComponentOperations {
  constructor(private readonly context: ManagementContext) {}

  /** Every component. */
  list(versionStatus?: VersionStatus | null): Promise<Component[]> {
    return sendToProject(this.context, '/components', {
      params: { versionStatus: publishedOnly(this.context, versionStatus) },
    });
  }

  /** One component by id, optionally a given version. */
  get(idOrOptions: string | DefinitionGetOptions): Promise<Component> {
    const options = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(ManagementMessages.componentId);
    return sendToProject(this.context, `/components/${encodeSegment(options.id)}`, {
      params: {
        version: options.version ?? null,
        versionStatus: publishedOnly(this.context, options.versionStatus),
      },
    });
  }

  /** Creates a component. */
  create(component: Component): Promise<Component> {
    if (!component) throw new Error(ManagementMessages.component);
    return sendToProject(this.context, '/components', { method: 'POST', body: component });
  }

  /** Replaces a component. */
  update(component: Component): Promise<Component> {
    if (!component) throw new Error(ManagementMessages.component);
    if (!isNonEmptyString(component.id)) throw new Error(ManagementMessages.componentId);
    return sendToProject(this.context, `/components/${encodeSegment(component.id)}`, {
      method: 'PUT',
      body: component,
    });
  }

  /** Deletes a component. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/components/${encodeSegment(id)}`, { method: 'DELETE' });
  }

  /** Fires a workflow event on the component's current version (components have no language). */
  invokeWorkflow(component: Component, event: string, data: unknown = null): Promise<Component> {
    if (!component) throw new Error(ManagementMessages.component);
    if (!isNonEmptyString(component.id)) throw new Error(ManagementMessages.componentId);
    if (!component.version?.versionNo) throw new Error(ManagementMessages.componentVersionNo);
    if (!event) throw new Error(ManagementMessages.event);
    return sendToProject(this.context, `/components/${encodeSegment(component.id)}/workflow/events`, {
      method: 'POST',
      body: { version: component.version.versionNo, event, data: data ?? null },
    });
  }
}
