import { matchRoutes } from 'react-router';

/** A route pattern to match, in React Router syntax (`/courses/:slug`, `/news/*`). */
export interface RoutePattern {
  path: string;
}

/** The static route that matched a path. */
export interface RouteMatch<TRoute extends RoutePattern> {
  route: TRoute;
  /** Parameter values by name; a wildcard's value is under `*`. */
  params: Record<string, string>;
  /** The matched path. */
  pathname: string;
}

/** Paths matched per route table, kept (up to a limit) because matching ranks every route again. */
const matchMemo = new WeakMap<readonly RoutePattern[], Map<string, RouteMatch<RoutePattern> | null>>();
const MATCH_MEMO_LIMIT = 1000;

/**
 * The best matching route for a path, ranked as React Router ranks routes (static segments
 * beat parameters, parameters beat wildcards), or `null`. A route table's results are kept
 * per path (React Router flattens and ranks the whole table on every match), so pass the same
 * array each time; each call gets its own `params`.
 *
 * @example
 * matchStaticRoute([{ path: '/search/*' }, { path: '/search' }], '/search'); // the '/search' route
 */
export function matchStaticRoute<TRoute extends RoutePattern>(
  routes: readonly TRoute[],
  pathname: string,
): RouteMatch<TRoute> | null {
  if (routes.length === 0) return null;
  let memo = matchMemo.get(routes);
  if (!memo) {
    memo = new Map();
    matchMemo.set(routes, memo);
  }
  let match = memo.get(pathname) as RouteMatch<TRoute> | null | undefined;
  if (match === undefined) {
    match = rankAndMatch(routes, pathname);
    if (memo.size >= MATCH_MEMO_LIMIT) memo.clear();
    memo.set(pathname, match);
  }
  return match ? { ...match, params: { ...match.params } } : null;
}

function rankAndMatch<TRoute extends RoutePattern>(
  routes: readonly TRoute[],
  pathname: string,
): RouteMatch<TRoute> | null {
  const objects = routes.map((route, index) => ({ path: route.path, id: String(index) }));
  const matches = matchRoutes(objects, pathname);
  const last = matches?.at(-1);
  if (!last) return null;
  const route = routes[Number(last.route.id)];
  if (!route) return null;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(last.params)) if (value !== undefined) params[name] = value;
  return { route, params, pathname: last.pathname };
}
