import { versionRoute } from '../version/version-route.js';
import type { SiteDefinition, StaticRoute } from './site-definition.js';

/** Default path of the version information page. */
export const VERSION_PAGE_PATH = '/version';

const cache = new WeakMap<SiteDefinition, readonly StaticRoute[]>();

/**
 * A site's static routes plus the framework's own (the version information page), unless the
 * site claims the same path or turns the page off.
 */
export function staticRoutesOf(site: SiteDefinition): readonly StaticRoute[] {
  const cached = cache.get(site);
  if (cached) return cached;
  const routes = [...(site.routes ?? [])];
  if (site.versionPage !== false) {
    const path = site.versionPage?.path ?? VERSION_PAGE_PATH;
    if (!routes.some((route) => route.path === path)) routes.push(versionRoute(path));
  }
  cache.set(site, routes);
  return routes;
}
