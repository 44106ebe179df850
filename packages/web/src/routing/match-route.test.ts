import { describe, expect, it } from 'vitest';
import { matchStaticRoute } from './match-route.js';

describe('matchStaticRoute', () => {
  const routes = [
    { path: '/search/*', name: 'search-facet' },
    { path: '/search', name: 'search' },
    { path: '/courses/:slug/apply', name: 'apply' },
    { path: '/version', name: 'version' },
  ];

  it('picks the most specific pattern', () => {
    expect(matchStaticRoute(routes, '/search')?.route.name).toBe('search');
    expect(matchStaticRoute(routes, '/search/news')?.route.name).toBe('search-facet');
    expect(matchStaticRoute(routes, '/search/news')?.params).toEqual({ '*': 'news' });
  });

  it('returns parameters and the matched path', () => {
    const match = matchStaticRoute(routes, '/courses/llb-law/apply');
    expect(match?.route.name).toBe('apply');
    expect(match?.params).toEqual({ slug: 'llb-law' });
    expect(match?.pathname).toBe('/courses/llb-law/apply');
  });

  it('returns null when nothing matches', () => {
    expect(matchStaticRoute(routes, '/courses/llb-law')).toBeNull();
    expect(matchStaticRoute([], '/')).toBeNull();
  });

  it('answers a path again from its memo, with parameters of its own', () => {
    const first = matchStaticRoute(routes, '/courses/llb-law/apply');
    const again = matchStaticRoute(routes, '/courses/llb-law/apply');
    expect(again).toEqual(first);
    expect(again?.params).not.toBe(first?.params);
    if (first) first.params.slug = 'changed';
    expect(matchStaticRoute(routes, '/courses/llb-law/apply')?.params).toEqual({ slug: 'llb-law' });
    expect(matchStaticRoute(routes, '/courses/llb-law')).toBeNull();
  });
});
