import { encodeSegment } from '../http/url.js';
import { isNonEmptyString, languageOf, type ManagementContext, sendToProject } from './context.js';
import { ManagementMessages } from './messages.js';
import type {
  AuthorizationOptions,
  AuthorizationResult,
  PermissionsOptions,
  PermissionsResult,
} from './models.js';

/**
 * `managementClient.permissions`: what a user may do with a resource (contract §4.2).
 *
 * @example
 * const { actions } = await client.permissions.getPermissions({ resourceType: 'entries', userId });
 * const { authorized } = await client.permissions.getAuthorizationForAction({
 *   resourceType: 'entries', resourceId: entryId, userId, actionName: 'sys.create',
 * });
 */
export class PermissionOperations {
  constructor(private readonly context: ManagementContext) {}

  /** The actions a user may take on a resource type, or on one resource. */
  getPermissions(options: PermissionsOptions): Promise<PermissionsResult> {
    return sendToProject(this.context, this.path(options), { params: this.params(options) });
  }

  /** Whether a user may take one action (the documentation says 404 when not). */
  getAuthorizationForAction(options: AuthorizationOptions): Promise<AuthorizationResult> {
    const path = this.path(options);
    if (!isNonEmptyString(options.actionName)) throw new Error(ManagementMessages.actionName);
    return sendToProject(this.context, `${path}/actions/${encodeSegment(options.actionName)}`, {
      params: this.params(options),
    });
  }

  private path(options: PermissionsOptions): string {
    if (!options) throw new Error(ManagementMessages.options);
    if (!isNonEmptyString(options.resourceType)) throw new Error(ManagementMessages.resourceType);
    if (!isNonEmptyString(options.userId)) throw new Error(ManagementMessages.userId);
    const resource = options.resourceId ? `/${encodeSegment(options.resourceId)}` : '';
    return `/security/permissions/${encodeSegment(options.resourceType)}${resource}`;
  }

  private params(options: PermissionsOptions) {
    return { language: languageOf(this.context, options.language), userId: options.userId };
  }
}
