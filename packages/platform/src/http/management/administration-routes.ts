import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';
import { registerPermissionRoutes } from './administration/permissions.js';
import { registerRedirectRoutes } from './administration/redirects.js';
import { registerRoleRoutes } from './administration/roles.js';
import { registerTagGroupRoutes } from './administration/tag-groups.js';
import { registerTagRoutes } from './administration/tags.js';

/**
 * Registers management roles, permissions, redirects, tag groups and tags (contract §4.2).
 * Scopes: roles `Security_Administrator` (plus membership of System Administrators);
 * permission queries any valid bearer token; redirects `Project_Read` / `Project_Write`; tags
 * and tag groups `Entry_Read` / `Entry_Write`. Each file documents its rules.
 */
export function registerManagementAdministrationRoutes(server: FastifyInstance, deps: ApiDeps): void {
  registerRoleRoutes(server, deps);
  registerPermissionRoutes(server, deps);
  registerRedirectRoutes(server, deps);
  registerTagGroupRoutes(server, deps);
  registerTagRoutes(server, deps);
}
