import { describe, expect, it } from 'vitest';
import { matchRouteIn, movedRoutePath, routeAddresses, routePathIn } from './route-paths.js';

describe('static routes per language', () => {
  const routes = [
    { path: '/search/*', paths: { cy: '/chwilio/*' }, name: 'search' },
    { path: '/news', paths: { cy: '/newyddion' }, name: 'news' },
    { path: '/account/login', name: 'login' },
    { path: '/events/:slug/book', paths: { cy: '/digwyddiadau/:slug/archebu' }, name: 'book' },
  ];

  it("matches a path against each route's pattern in the page's language", () => {
    expect(matchRouteIn(routes, 'cy', '/newyddion')?.route.name).toBe('news');
    expect(matchRouteIn(routes, 'cy', '/newyddion')?.pattern).toBe('/newyddion');
    expect(matchRouteIn(routes, 'cy', '/chwilio/courses')?.params).toEqual({ '*': 'courses' });
    expect(matchRouteIn(routes, 'en-GB', '/news')?.route.name).toBe('news');
    // A route without a Welsh pattern keeps its own in Welsh.
    expect(matchRouteIn(routes, 'cy', '/account/login')?.route.name).toBe('login');
  });

  it("does not match the default language's pattern in a language with its own", () => {
    expect(matchRouteIn(routes, 'cy', '/news')).toBeNull();
    expect(matchRouteIn(routes, 'cy', '/search/courses')).toBeNull();
    expect(matchRouteIn(routes, 'en-GB', '/newyddion')).toBeNull();
  });

  it("says where the default language's address of a route has moved to in another language", () => {
    expect(movedRoutePath(routes, 'cy', 'en-GB', '/news')).toBe('/newyddion');
    expect(movedRoutePath(routes, 'cy', 'en-GB', '/search')).toBe('/chwilio');
    expect(movedRoutePath(routes, 'cy', 'en-GB', '/search/courses/course')).toBe('/chwilio/courses/course');
    expect(movedRoutePath(routes, 'cy', 'en-GB', '/events/open-day/book')).toBe(
      '/digwyddiadau/open-day/archebu',
    );
  });

  it('moves nothing that has not moved', () => {
    expect(movedRoutePath(routes, 'cy', 'en-GB', '/newyddion')).toBeNull();
    expect(movedRoutePath(routes, 'cy', 'en-GB', '/account/login')).toBeNull();
    expect(movedRoutePath(routes, 'cy', 'en-GB', '/amdanom-ni')).toBeNull();
    expect(movedRoutePath(routes, 'en-GB', 'en-GB', '/news')).toBeNull();
  });

  it("writes a route's address in every language from the parameters it matched", () => {
    expect(routeAddresses(routes[0]!, ['en-GB', 'cy'], { '*': 'courses' })).toEqual({
      'en-GB': '/search/courses',
      cy: '/chwilio/courses',
    });
    expect(routeAddresses(routes[0]!, ['en-GB', 'cy'], { '*': '' })).toEqual({
      'en-GB': '/search',
      cy: '/chwilio',
    });
    expect(routeAddresses(routes[2]!, ['en-GB', 'cy'], {})).toEqual({
      'en-GB': '/account/login',
      cy: '/account/login',
    });
  });

  it("takes a route's own pattern in a language it has none for", () => {
    expect(routePathIn(routes[1]!, 'fr')).toBe('/news');
    expect(routePathIn(routes[1]!, 'cy')).toBe('/newyddion');
  });
});
