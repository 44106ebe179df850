import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';
import { registerDefinitionRoutes } from './definitions/content-type-routes.js';
import { registerNodeRoutes } from './definitions/node-routes.js';
import { registerProjectRoutes } from './definitions/project-routes.js';

/** Registers management projects, content types, components and nodes (contract §4.2). */
export function registerManagementDefinitionRoutes(server: FastifyInstance, deps: ApiDeps): void {
  registerProjectRoutes(server, deps);
  registerDefinitionRoutes(server, deps, 'contentType');
  registerDefinitionRoutes(server, deps, 'component');
  registerNodeRoutes(server, deps);
}
