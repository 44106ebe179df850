import { describe, expect, it } from 'vitest';
import { allowedMethods, renderableUrl } from './error-answers.js';

const routes = [
  { url: '/__heartbeat__', methods: ['GET'] },
  { url: '/static/*', methods: ['GET', 'HEAD'] },
  { url: '/api/delivery/*', methods: ['GET', 'HEAD', 'POST'] },
  { url: '/account/:action', methods: ['POST'] },
  { url: '/*', methods: ['GET'] },
];

describe('allowedMethods', () => {
  it('collects the methods of every route matching the path, in the usual order', () => {
    expect(allowedMethods(routes, '/about')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods(routes, '/api/delivery/projects/website')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods(routes, '/account/login')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowedMethods(routes, '/account/login/more')).toEqual(['GET', 'HEAD']);
  });

  it('matches static segments exactly', () => {
    const only = [{ url: '/a.b', methods: ['PUT'] }];
    expect(allowedMethods(only, '/a.b')).toEqual(['PUT']);
    expect(allowedMethods(only, '/aXb')).toEqual([]);
  });
});

describe('renderableUrl', () => {
  it('keeps addresses that decode, and renders the others at the home page', () => {
    expect(renderableUrl('/about?x=%20')).toBe('/about?x=%20');
    expect(renderableUrl('/%FF')).toBe('/');
  });
});
