import { encodeSegment } from '../http/url.js';
import { isNonEmptyString, type ManagementContext, PROJECTS_ROOT, send } from './context.js';
import { ManagementMessages } from './messages.js';
import type { Project } from './models.js';

/**
 * `managementClient.projects`: the project collection (contract §4.2). Like every management
 * operation except tags, validation errors are thrown synchronously, before a promise exists.
 *
 * @example
 * const projects = await client.projects.list();
 * const current = await client.projects.get(); // the configured project
 */
export class ProjectOperations {
  constructor(private readonly context: ManagementContext) {}

  /** Every project the caller may see. */
  list(): Promise<Project[]> {
    return send(this.context, PROJECTS_ROOT);
  }

  /** One project: `id`, else the configured project. */
  get(id?: string | null): Promise<Project> {
    const projectId = id || this.context.config.projectId;
    if (!isNonEmptyString(projectId)) throw new Error(ManagementMessages.projectId);
    return send(this.context, `${PROJECTS_ROOT}/${encodeSegment(projectId)}`);
  }

  /** Creates a project; the server adds the primary language to the supported ones. */
  create(project: Project): Promise<Project> {
    if (!project) throw new Error(ManagementMessages.project);
    return send(this.context, PROJECTS_ROOT, { method: 'POST', body: project });
  }

  /** Replaces a project (its id is immutable). */
  update(project: Project): Promise<Project> {
    if (!project) throw new Error(ManagementMessages.project);
    if (!isNonEmptyString(project.id)) throw new Error(ManagementMessages.projectId);
    return send(this.context, `${PROJECTS_ROOT}/${encodeSegment(project.id)}`, {
      method: 'PUT',
      body: project,
    });
  }

  /** Deletes a project. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return send(this.context, `${PROJECTS_ROOT}/${encodeSegment(id)}`, { method: 'DELETE' });
  }
}
