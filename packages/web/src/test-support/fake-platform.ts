import type { DeliveryNode, Entry } from '@canopy/client';

/** A handler for one fake delivery path (after `/api/delivery/projects/{project}`). */
type Route = (url: URL) => { status: number; body: unknown; keys?: string[] };

function entry(id: string, contentTypeId: string, title: string, extra: Record<string, unknown> = {}): Entry {
  return {
    entryTitle: title,
    title,
    ...extra,
    sys: {
      id,
      contentTypeId,
      language: 'en-GB',
      dataFormat: 'entry',
      versionStatus: 'published',
      uri: extra.uri as string | undefined,
    },
  };
}

function node(
  id: string,
  path: string,
  displayName: string,
  extra: Partial<DeliveryNode> = {},
): DeliveryNode {
  return {
    id,
    parentId: path === '/' ? null : 'n-root',
    projectId: 'fake',
    slug: path.split('/').at(-1) ?? '',
    displayName,
    language: 'en-GB',
    path,
    childCount: 0,
    isCanonical: true,
    includeInMenu: true,
    version: { versionNo: '1.0' },
    ...extra,
  };
}

/** Every request the fake received: method, path and query, and the access token. */
export interface FakeCall {
  method: string;
  path: string;
  token: string | null;
}

/**
 * A delivery API in memory, enough for route loading: a root with two pages, one restricted
 * page, a page whose entry has no mapping, and a failing path. It answers like the platform
 * (error bodies, `surrogate-key` when asked) and records every call.
 */
export function fakePlatform() {
  const calls: FakeCall[] = [];
  const about = node('n-about', '/about', 'About', {
    entry: entry('e-about', 'page', 'About us', { uri: '/about' }),
  });
  const news = node('n-news', '/news', 'News', {
    entry: entry('e-news', 'page', 'News </script><script>alert(1)</script>'),
  });
  const secret = node('n-secret', '/secret', 'Secret', {
    includeInMenu: false,
    entry: entry('e-secret', 'page', 'Secret page', { requiredGroups: ['Staff'] }),
  });
  const odd = node('n-odd', '/odd', 'Odd', { entry: entry('e-odd', 'unmapped', 'Odd') });
  const root = node('n-root', '/', 'Home', { entry: entry('e-home', 'home', 'Fake Home', { uri: '/' }) });
  const nodes = [root, about, news, secret, odd];

  const routes: Record<string, Route> = {
    '/nodes/root': (url) => ({
      status: 200,
      body: url.searchParams.get('depth') ? { ...root, children: [about, news, secret, odd] } : root,
      keys: ['node:n-root'],
    }),
  };
  const answer = (url: URL): { status: number; body: unknown; keys?: string[] } => {
    const path = url.pathname.replace(/^\/api\/delivery\/projects\/[^/]+/, '');
    const direct = routes[path];
    if (direct) return direct(url);
    if (path === '/nodes/broken')
      return { status: 500, body: { message: 'database on fire at /srv/db.ts:12' } };
    const relative = /^\/nodes\/([^/]+)\/(ancestors|siblings|children)$/.exec(path);
    if (relative) {
      if (relative[2] === 'ancestors')
        return { status: 200, body: relative[1] === 'n-root' ? [] : [root], keys: ['node:n-root'] };
      if (relative[2] === 'siblings') return { status: 500, body: { message: 'siblings broke' } };
      return { status: 200, body: [] };
    }
    const byPath = nodes.find((candidate) => `/nodes${candidate.path}` === path);
    if (byPath)
      return { status: 200, body: byPath, keys: [`node:${byPath.id}`, `entry:${byPath.entry?.sys.id}`] };
    const entryMatch = /^\/entries\/([^/]+)$/.exec(path);
    const found = nodes.find((candidate) => candidate.entry?.sys.id === entryMatch?.[1]);
    if (found?.entry) {
      const versionStatus = url.searchParams.get('versionStatus') ?? 'published';
      return { status: 200, body: { ...found.entry, sys: { ...found.entry.sys, versionStatus } } };
    }
    return { status: 404, body: { logId: '0', message: 'Not found', data: {}, type: 'error' } };
  };

  const fetchFn = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      token: headers.get('accesstoken'),
    });
    const result = answer(url);
    const responseHeaders: Record<string, string> = { 'content-type': 'application/json' };
    if (headers.get('x-require-surrogate-key') === 'true') {
      responseHeaders['surrogate-key'] = ['project:fake', ...(result.keys ?? [])].join(' ');
    }
    return new Response(JSON.stringify(result.body), { status: result.status, headers: responseHeaders });
  }) as typeof fetch;

  return { fetchFn, calls };
}
