import { generatePath } from 'react-router';
import { matchStaticRoute, type RouteMatch } from './match-route.js';

/**
 * A static route as language routing sees it: its path in the default language (also the
 * route's name in the state) and, optionally, its path in other languages.
 */
export interface LanguageRoute {
  /** The route's pattern in the site's default language (`/news`), and its name. */
  path: string;
  /** The route's pattern in other languages (`{ cy: '/newyddion' }`), with the same parameters. */
  paths?: Readonly<Record<string, string>>;
}

/** A route's pattern in one language, as the route table of that language matches it. */
interface LocalRoute<TRoute extends LanguageRoute> {
  path: string;
  route: TRoute;
}

/** A static route matched in a language: the route, and the pattern in that language that matched. */
export interface LanguageRouteMatch<TRoute extends LanguageRoute> {
  route: TRoute;
  /** The pattern that matched, in the page's language (`/newyddion`). */
  pattern: string;
  params: Record<string, string>;
  pathname: string;
}

// One table per route list and language, so matchStaticRoute's memo (kept per array) works.
const tables = new WeakMap<readonly LanguageRoute[], Map<string, readonly LocalRoute<LanguageRoute>[]>>();

/** The pattern of a route in a language: its own for that language, else its default one. */
export function routePathIn(route: LanguageRoute, language: string): string {
  return route.paths?.[language] ?? route.path;
}

function tableIn<TRoute extends LanguageRoute>(
  routes: readonly TRoute[],
  language: string,
): readonly LocalRoute<TRoute>[] {
  let byLanguage = tables.get(routes);
  if (!byLanguage) {
    byLanguage = new Map();
    tables.set(routes, byLanguage);
  }
  let table = byLanguage.get(language);
  if (!table) {
    table = routes.map((route) => ({ path: routePathIn(route, language), route }));
    byLanguage.set(language, table);
  }
  return table as readonly LocalRoute<TRoute>[];
}

function unwrap<TRoute extends LanguageRoute>(
  match: RouteMatch<LocalRoute<TRoute>> | null,
): LanguageRouteMatch<TRoute> | null {
  if (!match) return null;
  return {
    route: match.route.route,
    pattern: match.route.path,
    params: match.params,
    pathname: match.pathname,
  };
}

/**
 * The static route a path of a language's tree names, matched against each route's pattern in
 * that language: on a Welsh page `/newyddion` is the route `{ path: '/news', paths: { cy:
 * '/newyddion' } }`, and `/news` is not (see {@link movedRoutePath}).
 *
 * @example
 * matchRouteIn(routes, 'cy', '/newyddion'); // { route: { path: '/news', … }, pattern: '/newyddion', params: {}, pathname: '/newyddion' }
 */
export function matchRouteIn<TRoute extends LanguageRoute>(
  routes: readonly TRoute[],
  language: string,
  pathname: string,
): LanguageRouteMatch<TRoute> | null {
  return unwrap(matchStaticRoute(tableIn(routes, language), pathname));
}

/** A route's address in a language, from the parameters it matched with in another. */
export function routeAddressIn(
  route: LanguageRoute,
  language: string,
  params: Record<string, string>,
): string {
  return generatePath(routePathIn(route, language), params);
}

/**
 * Where an address of a language's tree has moved when it names a route by its pattern in the
 * default language although the route has one of its own in that language (`/search/courses`
 * on a Welsh page is `/chwilio/courses`); null when it has not (a route of that language
 * matches it, or no route has another pattern there). The caller redirects, keeping the query.
 *
 * @example
 * movedRoutePath(routes, 'cy', 'en-GB', '/search/courses'); // '/chwilio/courses'
 * movedRoutePath(routes, 'cy', 'en-GB', '/chwilio/courses'); // null
 */
export function movedRoutePath(
  routes: readonly LanguageRoute[],
  language: string,
  defaultLanguage: string,
  pathname: string,
): string | null {
  if (language === defaultLanguage || matchRouteIn(routes, language, pathname)) return null;
  const match = matchRouteIn(routes, defaultLanguage, pathname);
  if (!match || routePathIn(match.route, language) === match.route.path) return null;
  return routeAddressIn(match.route, language, match.params);
}

/**
 * A matched static route's address in every language (for the language switcher and
 * hreflang), each from the route's pattern in that language and the parameters it matched.
 *
 * @example
 * routeAddresses({ path: '/search/*', paths: { cy: '/chwilio/*' } }, ['en-GB', 'cy'], { '*': 'courses' });
 * // { 'en-GB': '/search/courses', cy: '/chwilio/courses' }
 */
export function routeAddresses(
  route: LanguageRoute,
  languages: readonly string[],
  params: Record<string, string>,
): Record<string, string> {
  const addresses: Record<string, string> = {};
  for (const language of languages) addresses[language] = routeAddressIn(route, language, params);
  return addresses;
}
