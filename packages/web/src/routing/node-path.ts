/**
 * How a static route finds its content node (website spec §2): the whole path when the
 * pattern has a wildcard, the first `level` path segments, the pattern with only the named
 * parameters filled in, or the pattern with every parameter segment removed.
 *
 * - `true`: wildcard pattern → the full path; otherwise the pattern without parameter segments.
 * - `{ level: n }`: the first `n` segments of the requested path.
 * - `{ params: ['slug'] }`: the pattern with `:slug` replaced by its value and other
 *   parameter segments removed.
 */
export type FetchNode = true | { level: number } | { params: readonly string[] };

/** A matched static route, as {@link deriveNodePath} needs it. */
export interface NodePathInput {
  /** The route pattern, e.g. `/courses/:slug` or `/news/*`. */
  pattern: string;
  /** The requested path (no query), e.g. `/courses/marine-biology`. */
  pathname: string;
  /** Parameter values by name; a wildcard's value is under `*`. */
  params: Readonly<Record<string, string | undefined>>;
  fetchNode: FetchNode;
}

/** Which of the four derivations applies. */
export type NodePathMode = 'wildcard' | 'level' | 'params' | 'static';

/** The derivation {@link deriveNodePath} uses for a route. */
export function nodePathMode(pattern: string, fetchNode: FetchNode): NodePathMode {
  if (typeof fetchNode === 'object' && 'level' in fetchNode) return 'level';
  if (typeof fetchNode === 'object' && 'params' in fetchNode) return 'params';
  return pattern.includes('*') ? 'wildcard' : 'static';
}

/**
 * The content-node path a static route loads.
 *
 * @example
 * deriveNodePath({ pattern: '/news/*', pathname: '/news/2026/a', params: {}, fetchNode: true }); // '/news/2026/a'
 * deriveNodePath({ pattern: '/courses/:slug/apply', pathname: '/courses/law/apply', params: { slug: 'law' }, fetchNode: { level: 2 } }); // '/courses/law'
 * deriveNodePath({ pattern: '/courses/:slug/:tab', pathname: '/courses/law/fees', params: { slug: 'law', tab: 'fees' }, fetchNode: { params: ['slug'] } }); // '/courses/law'
 * deriveNodePath({ pattern: '/events/:id', pathname: '/events/42', params: { id: '42' }, fetchNode: true }); // '/events'
 */
export function deriveNodePath(input: NodePathInput): string {
  const { pattern, pathname, params, fetchNode } = input;
  switch (nodePathMode(pattern, fetchNode)) {
    case 'wildcard':
      return normalise(pathname);
    case 'level': {
      const level = Math.max(0, Math.floor((fetchNode as { level: number }).level));
      return normalise(`/${segments(pathname).slice(0, level).join('/')}`);
    }
    case 'params': {
      const wanted = new Set((fetchNode as { params: readonly string[] }).params);
      const parts = segments(pattern).flatMap((segment) => {
        const name = parameterName(segment);
        if (name === null) return segment === '*' ? [] : [segment];
        const value = params[name];
        return wanted.has(name) && value ? [value] : [];
      });
      return normalise(`/${parts.join('/')}`);
    }
    case 'static':
      return normalise(
        `/${segments(pattern)
          .filter((segment) => parameterName(segment) === null && segment !== '*')
          .join('/')}`,
      );
  }
}

/** `slug` for `:slug` and `:slug?`, `null` for a literal segment. */
function parameterName(segment: string): string | null {
  return segment.startsWith(':') ? segment.slice(1).replace(/\?$/, '') : null;
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function normalise(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : '/';
}
