import type { StaticRoute } from '@canopy/web';

/**
 * A static route's address in a page's language: its own pattern there when it has one
 * (`paths: { cy: '/cyrsiau' }`), else the default one. For links to a route without
 * parameters, so that a Welsh page links straight to `/cy/cyrsiau` rather than through the
 * redirect from `/cy/courses`. A path no route has is given back as it is.
 *
 * @example
 * routeAddress(site.routes, '/courses', 'cy'); // '/cyrsiau'
 * routeAddress(site.routes, '/courses', 'en-GB'); // '/courses'
 */
export function routeAddress(
  routes: readonly Pick<StaticRoute, 'path' | 'paths'>[] | undefined,
  path: string,
  language: string,
): string {
  return routes?.find((route) => route.path === path)?.paths?.[language] ?? path;
}
