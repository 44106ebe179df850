import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { routeAddress } from './route-address.js';

describe('routeAddress', () => {
  it("gives a route's own address in a language, else its default one", () => {
    const table = [{ path: '/courses', paths: { cy: '/cyrsiau' } }, { path: '/about' }];
    expect(routeAddress(table, '/courses', 'cy')).toBe('/cyrsiau');
    expect(routeAddress(table, '/courses', 'en-GB')).toBe('/courses');
    expect(routeAddress(table, '/about', 'cy')).toBe('/about');
    expect(routeAddress(table, '/nowhere', 'cy')).toBe('/nowhere');
    expect(routeAddress(undefined, '/courses', 'cy')).toBe('/courses');
  });

  it("finds the demo's listings in Welsh", () => {
    expect(routeAddress(routes, '/courses', 'cy')).toBe('/cyrsiau');
    expect(routeAddress(routes, '/news', 'cy')).toBe('/newyddion');
  });
});
