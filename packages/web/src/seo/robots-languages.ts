import type { SiteLanguages } from '../i18n/site-languages.js';
import { type LanguageRoute, routePathIn } from '../routing/route-paths.js';
import type { RobotsRule } from './seo-config.js';

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
  routes: readonly LanguageRoute[] = [],
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
        const moved = addressIn(routes, path, language);
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
function addressIn(routes: readonly LanguageRoute[], path: string, language: string): string | null {
  for (const route of routes) {
    // A route with a splat (`/search/*`) starts its pages with its base.
    const base = route.path.replace(/\/\*$/, '');
    const own = routePathIn(route, language).replace(/\/\*$/, '');
    if (own === base || !base || base === '/' || base.includes(':') || base.includes('*')) continue;
    const rest = path.slice(base.length);
    if (path.startsWith(base) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      return `${own}${rest}`;
    }
  }
  return null;
}
