import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { OPEN_DAYS_PATH } from './events.js';
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

  it('keeps the query and fragment after the path', () => {
    const table = [{ path: '/events', paths: { cy: '/digwyddiadau' } }];
    expect(routeAddress(table, '/events?category=open-day', 'cy')).toBe('/digwyddiadau?category=open-day');
    expect(routeAddress(table, '/events#soon', 'cy')).toBe('/digwyddiadau#soon');
    expect(routeAddress(table, '/events?category=open-day', 'en-GB')).toBe('/events?category=open-day');
    expect(routeAddress(table, '/nowhere?q=1', 'cy')).toBe('/nowhere?q=1');
  });

  it("finds the demo's listings in Welsh", () => {
    expect(routeAddress(routes, '/courses', 'cy')).toBe('/cyrsiau');
    expect(routeAddress(routes, '/news', 'cy')).toBe('/newyddion');
    expect(routeAddress(routes, OPEN_DAYS_PATH, 'cy')).toBe('/digwyddiadau?category=open-day');
  });
});
