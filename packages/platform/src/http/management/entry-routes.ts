import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../api-deps.js';
import { registerEntryAccessRoutes } from './entries/access-route.js';
import { registerAssetUploadRoute } from './entries/asset-upload-route.js';
import { registerEntryRoutes } from './entries/routes.js';
import { registerEventStreamRoute } from './events/stream-route.js';

/** Registers management entries, entry access, workflow, usage, assets and the event stream (contract §4.2). */
export function registerManagementEntryRoutes(server: FastifyInstance, deps: ApiDeps): void {
  registerEntryRoutes(server, deps);
  registerEntryAccessRoutes(server, deps);
  registerAssetUploadRoute(server, deps);
  registerEventStreamRoute(server, deps);
}
