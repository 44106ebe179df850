import type { StaticRoute } from '@canopy/web';

/**
 * A static route's address in a page's language: its own pattern there when it has one
 * (`paths: { cy: '/cyrsiau' }`), else the default one. For links to a route without
 * parameters, so that a Welsh page links straight to `/cy/cyrsiau` rather than through the
 * redirect from `/cy/courses`. A query or fragment after the path is kept as it is (the open
 * days' `/events?category=open-day` is `/digwyddiadau?category=open-day` in Welsh). A path no
 * route has is given back as it is.
 *
 * @example
 * routeAddress(site.routes, '/courses', 'cy'); // '/cyrsiau'
 * routeAddress(site.routes, '/courses', 'en-GB'); // '/courses'
 * routeAddress(site.routes, '/events?category=open-day', 'cy'); // '/digwyddiadau?category=open-day'
 */
export function routeAddress(
  routes: readonly Pick<StaticRoute, 'path' | 'paths'>[] | undefined,
  path: string,
  language: string,
): string {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const rest = end === -1 ? '' : path.slice(end);
  const own = routes?.find((route) => route.path === pathname)?.paths?.[language];
  return own === undefined ? path : `${own}${rest}`;
}
