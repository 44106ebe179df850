import { DEMO_HOSTS, type RunningSiteServer, type SiteServerOptions, startSiteServer } from '@canopy/web';
import { DELIVERY_TOKEN, PROJECT_ID } from '../../../packages/web/src/test-support/platform.js';
import { renderer } from '../entry-server.js';
import { SOURCE_ASSETS } from './source-assets.js';

/**
 * The demo site rendered from source (no build) in front of a test platform, as the site's
 * integration tests start it: the demo's renderer, hosts, project and delivery token, an
 * ephemeral port and no log, unless `options` says otherwise.
 *
 * @example
 * const server = await startSourceSite(platform.url, { pageCacheSeconds: 0 });
 */
export function startSourceSite(
  platformUrl: string,
  options: Partial<SiteServerOptions> = {},
): Promise<RunningSiteServer> {
  return startSiteServer({
    renderer,
    assets: SOURCE_ASSETS,
    platformUrl,
    hosts: DEMO_HOSTS,
    projectId: PROJECT_ID,
    deliveryToken: DELIVERY_TOKEN,
    port: 0,
    logger: false,
    ...options,
  });
}
