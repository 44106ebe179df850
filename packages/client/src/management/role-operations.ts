import { encodeSegment } from '../http/url.js';
import {
  isNonEmptyString,
  type ManagementContext,
  type PageOptions,
  pageParams,
  sendToProject,
} from './context.js';
import { ManagementMessages } from './messages.js';
import type { PagedList, Role } from './models.js';

/**
 * `managementClient.roles`: project security roles (contract §4.2). Listing needs membership of
 * "System Administrators" on the platform.
 *
 * @example
 * await client.roles.create({ name: 'News editors', enabled: true, permissions: { entries: [] } });
 */
export class RoleOperations {
  constructor(private readonly context: ManagementContext) {}

  /** A page of roles; paging is always sent. */
  list(pageOptions?: PageOptions | null): Promise<PagedList<Role>> {
    return sendToProject(this.context, '/security/roles', { params: pageParams(this.context, pageOptions) });
  }

  /** One role by id. */
  get(id: string): Promise<Role> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/security/roles/${encodeSegment(id)}`);
  }

  /** Creates a role; missing `assignments` are sent as `{}`. The caller's object is not changed. */
  create(role: Role): Promise<Role> {
    if (!role) throw new Error(ManagementMessages.role);
    return sendToProject(this.context, '/security/roles', { method: 'POST', body: withAssignments(role) });
  }

  /** Replaces a role; missing `assignments` are sent as `{}`. */
  update(role: Role): Promise<Role> {
    if (!role) throw new Error(ManagementMessages.role);
    if (!isNonEmptyString(role.id)) throw new Error(ManagementMessages.roleId);
    return sendToProject(this.context, `/security/roles/${encodeSegment(role.id)}`, {
      method: 'PUT',
      body: withAssignments(role),
    });
  }

  /** Deletes a role. */
  delete(id: string): Promise<unknown> {
    if (!isNonEmptyString(id)) throw new Error(ManagementMessages.id);
    return sendToProject(this.context, `/security/roles/${encodeSegment(id)}`, { method: 'DELETE' });
  }
}

function withAssignments(role: Role): Role {
  return role.assignments ? role : { ...role, assignments: {} };
}
