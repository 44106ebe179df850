import { sameSitePath } from '../routing/same-site.js';

/** The parts of a platform redirect (contract §4.2) the site acts on. */
export interface PlatformRedirect {
  id?: string;
  /** `*` for every host, else one host name (a port, if any, is ignored). */
  sourceDomain: string;
  /** A site path (`/news`) or an absolute http(s) URL on another host. */
  destination: string;
  statusCode: number;
  appendSourcePathToDestination?: boolean;
  match: { type: string; value: string };
}

/** Statuses a platform redirect may answer with. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307]);

/** A redirect ready to match: validated, regex compiled, in the order it is tried. */
export interface CompiledRedirect {
  redirect: PlatformRedirect;
  host: string | null;
  type: 'exactMatch' | 'beginsWith' | 'regex';
  /** Lower-cased, without a trailing slash (exact and prefix matches). */
  value: string;
  pattern: RegExp | null;
}

/** What a request is redirected to. */
export interface RedirectAnswer {
  status: number;
  location: string;
  redirect: PlatformRedirect;
}

/**
 * Prepares a project's redirects for {@link matchRedirect}: drops those that cannot work (an
 * unknown status or match type, an empty value, a regex that does not compile, a destination
 * that is neither a site path nor an http(s) URL) and sorts the rest into the order they are
 * tried: redirects for the request's own host before `*` ones, then exact matches, then
 * prefixes (longest first), then regular expressions in the platform's order.
 *
 * @example
 * const compiled = compileRedirects(await client.redirects.list()).redirects;
 */
export function compileRedirects(redirects: readonly PlatformRedirect[]): {
  redirects: CompiledRedirect[];
  rejected: { redirect: PlatformRedirect; reason: string }[];
} {
  const compiled: CompiledRedirect[] = [];
  const rejected: { redirect: PlatformRedirect; reason: string }[] = [];
  for (const redirect of redirects) {
    const problem = problemOf(redirect);
    if (problem) {
      rejected.push({ redirect, reason: problem });
      continue;
    }
    const type = redirect.match.type as CompiledRedirect['type'];
    let pattern: RegExp | null = null;
    if (type === 'regex') {
      try {
        pattern = new RegExp(redirect.match.value, 'i');
      } catch {
        rejected.push({ redirect, reason: 'its regular expression does not compile' });
        continue;
      }
    }
    compiled.push({
      redirect,
      host: redirect.sourceDomain.trim() === '*' ? null : hostOnly(redirect.sourceDomain),
      type,
      value: type === 'regex' ? redirect.match.value : normalisePath(redirect.match.value),
      pattern,
    });
  }
  const rank = { exactMatch: 0, beginsWith: 1, regex: 2 } as const;
  compiled.sort(
    (a, b) =>
      Number(a.host === null) - Number(b.host === null) ||
      rank[a.type] - rank[b.type] ||
      (a.type === 'beginsWith' ? b.value.length - a.value.length : 0),
  );
  return { redirects: compiled, rejected };
}

/**
 * The redirect a request takes, or `null`. Paths compare without regard to case or a trailing
 * slash. With `appendSourcePathToDestination` the destination gets the rest of the path after
 * a matched prefix (the whole path for exact and regex matches) and the request's query
 * string. A regex destination may use its groups (`$1`). A destination on the site always
 * stays on the site (`sameSitePath`); only a redirect whose destination is an absolute URL
 * leads to another host.
 *
 * @example
 * matchRedirect(compiled, { host: 'www.aberwen.example', path: '/old-news/open-day', search: '' });
 * // { status: 301, location: '/news/open-day', redirect } with beginsWith '/old-news' → '/news', appending
 */
export function matchRedirect(
  redirects: readonly CompiledRedirect[],
  request: { host: string; path: string; search: string },
): RedirectAnswer | null {
  const host = hostOnly(request.host);
  const path = normalisePath(request.path);
  for (const candidate of redirects) {
    if (candidate.host !== null && candidate.host !== host) continue;
    const target = targetOf(candidate, request.path, path, request.search);
    if (target !== null)
      return { status: candidate.redirect.statusCode, location: target, redirect: candidate.redirect };
  }
  return null;
}

function targetOf(candidate: CompiledRedirect, rawPath: string, path: string, search: string): string | null {
  const { redirect } = candidate;
  const append = redirect.appendSourcePathToDestination === true;
  let destination = redirect.destination.trim();
  let rest: string;
  switch (candidate.type) {
    case 'exactMatch':
      if (path !== candidate.value) return null;
      rest = rawPath;
      break;
    case 'beginsWith': {
      const prefix = candidate.value === '/' ? '' : candidate.value;
      if (!path.startsWith(prefix === '' ? '/' : prefix)) return null;
      rest = rawPath.slice(prefix.length);
      break;
    }
    case 'regex': {
      const found = candidate.pattern?.exec(rawPath);
      if (!found) return null;
      destination = destination.replace(/\$(\d)/g, (_all, group: string) => found[Number(group)] ?? '');
      rest = rawPath;
      break;
    }
  }
  const target = append ? joinPath(destination, rest) + search : destination;
  return safeTarget(target);
}

function joinPath(destination: string, rest: string): string {
  if (rest === '' || rest === '/') return destination;
  const tail = rest.startsWith('/') ? rest : `/${rest}`;
  return destination.endsWith('/') ? `${destination.slice(0, -1)}${tail}` : `${destination}${tail}`;
}

/** An absolute http(s) URL as given, a site path through `sameSitePath`, anything else refused. */
function safeTarget(target: string): string | null {
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }
  const path = sameSitePath(target, '');
  return path === '' ? null : path;
}

function problemOf(redirect: PlatformRedirect): string | null {
  if (!REDIRECT_STATUSES.has(redirect.statusCode))
    return `status ${redirect.statusCode} is not 301, 302, 303 or 307`;
  if (!redirect.match || !['exactMatch', 'beginsWith', 'regex'].includes(redirect.match.type)) {
    return 'its match type is not exactMatch, beginsWith or regex';
  }
  if (typeof redirect.match.value !== 'string' || redirect.match.value.trim() === '')
    return 'its match value is empty';
  if (redirect.match.type !== 'regex' && !redirect.match.value.trim().startsWith('/')) {
    return 'its match value is not a path';
  }
  if (typeof redirect.sourceDomain !== 'string' || redirect.sourceDomain.trim() === '')
    return 'it names no source domain';
  if (typeof redirect.destination !== 'string' || safeTarget(redirect.destination.trim()) === null) {
    return 'its destination is neither a site path nor an http(s) URL';
  }
  return null;
}

function normalisePath(path: string): string {
  const lower = path.trim().toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

function hostOnly(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.replace(/:\d+$/, '');
}
