import { describe, expect, it } from 'vitest';
import { deriveNodePath, nodePathMode } from './node-path.js';

describe('deriveNodePath', () => {
  it('wildcard: a pattern with * loads the node at the full requested path', () => {
    expect(
      deriveNodePath({
        pattern: '/news/*',
        pathname: '/news/2026/harbour-bridge',
        params: { '*': '2026/harbour-bridge' },
        fetchNode: true,
      }),
    ).toBe('/news/2026/harbour-bridge');
    expect(deriveNodePath({ pattern: '*', pathname: '/a/b/', params: {}, fetchNode: true })).toBe('/a/b');
  });

  it('level: the first n segments of the requested path', () => {
    const input = {
      pattern: '/courses/:slug/apply/:step',
      pathname: '/courses/llb-law/apply/2',
      params: { slug: 'llb-law', step: '2' },
    };
    expect(deriveNodePath({ ...input, fetchNode: { level: 2 } })).toBe('/courses/llb-law');
    expect(deriveNodePath({ ...input, fetchNode: { level: 1 } })).toBe('/courses');
    expect(deriveNodePath({ ...input, fetchNode: { level: 0 } })).toBe('/');
    expect(deriveNodePath({ ...input, fetchNode: { level: 9 } })).toBe('/courses/llb-law/apply/2');
  });

  it('named parameters: keeps the listed parameters, drops the others', () => {
    const input = {
      pattern: '/courses/:slug/:tab',
      pathname: '/courses/llb-law/fees',
      params: { slug: 'llb-law', tab: 'fees' },
    };
    expect(deriveNodePath({ ...input, fetchNode: { params: ['slug'] } })).toBe('/courses/llb-law');
    expect(deriveNodePath({ ...input, fetchNode: { params: ['tab'] } })).toBe('/courses/fees');
    expect(deriveNodePath({ ...input, fetchNode: { params: [] } })).toBe('/courses');
    expect(
      deriveNodePath({
        pattern: '/people/:person/:section?',
        pathname: '/people/ann',
        params: { person: 'ann' },
        fetchNode: { params: ['person', 'section'] },
      }),
    ).toBe('/people/ann');
  });

  it('static: the full pattern with parameter segments removed', () => {
    expect(
      deriveNodePath({
        pattern: '/events/:id',
        pathname: '/events/42',
        params: { id: '42' },
        fetchNode: true,
      }),
    ).toBe('/events');
    expect(
      deriveNodePath({
        pattern: '/about/:a/history/:b',
        pathname: '/about/x/history/y',
        params: { a: 'x', b: 'y' },
        fetchNode: true,
      }),
    ).toBe('/about/history');
    expect(
      deriveNodePath({ pattern: '/:lang', pathname: '/cy', params: { lang: 'cy' }, fetchNode: true }),
    ).toBe('/');
  });

  it('names the mode it uses', () => {
    expect(nodePathMode('/a/*', true)).toBe('wildcard');
    expect(nodePathMode('/a/:b', true)).toBe('static');
    expect(nodePathMode('/a/*', { level: 1 })).toBe('level');
    expect(nodePathMode('/a/:b', { params: ['b'] })).toBe('params');
  });
});
