import type { SiteLanguages } from '../i18n/site-languages.js';
import type { RobotsRule } from './seo-config.js';

/** A static route's address in the default language and, where it differs, in others. */
interface RoutePaths {
  readonly path: string;
  readonly paths?: Readonly<Record<string, string>>;
}

/**
 * The rules with each path also written for every language served under a prefix: the
 * same path under the prefix (`/account/` → `/cy/account/`) and, when it starts with a static
 * route's address that is another in that language, that one too (`/search` → `/cy/chwilio`
 * and `/cy/search`, which moves there). Without it, a rule written for the default language
 * would leave the Welsh search pages and account area open to crawlers. Routes with
 * parameters in their address are not followed; a language on a host of its own has no prefix
 * and is not covered here.
 *
 * @example
 * rulesInLanguages([{ userAgent: '*', disallow: ['/search'] }], languages, [{ path: '/search', paths: { cy: '/chwilio' } }]);
 * // [{ userAgent: '*', disallow: ['/search', '/cy/search', '/cy/chwilio'] }]
 */
export function rulesInLanguages(
  rules: readonly RobotsRule[],
  languages: SiteLanguages | null,
  routes: readonly RoutePaths[] = [],
): RobotsRule[] {
  const prefixes = Object.entries(languages?.prefixes ?? {});
  if (!prefixes.length) return [...rules];
  const widen = (paths: readonly string[] | undefined) => {
    if (!paths) return undefined;
    const all = new Set(paths);
    for (const [language, prefix] of prefixes) {
      for (const path of paths) {
        if (!path.startsWith('/')) continue;
        all.add(`/${prefix}${path}`);
        const moved = routePathIn(routes, path, language);
        if (moved) all.add(`/${prefix}${moved}`);
      }
    }
    return [...all];
  };
  return rules.map((rule) => {
    const allow = widen(rule.allow);
    const disallow = widen(rule.disallow);
    return { ...rule, ...(allow ? { allow } : {}), ...(disallow ? { disallow } : {}) };
  });
}

/** `path` with the static route it starts with written as that route's address in `language`. */
function routePathIn(routes: readonly RoutePaths[], path: string, language: string): string | null {
  for (const route of routes) {
    // A route with a splat (`/search/*`) starts its pages with its base.
    const base = route.path.replace(/\/\*$/, '');
    const own = route.paths?.[language]?.replace(/\/\*$/, '');
    if (!own || !base || base.includes(':') || base.includes('*')) continue;
    const rest = path.slice(base.length);
    if (path.startsWith(base) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      return `${own}${rest}`;
    }
  }
  return null;
}
