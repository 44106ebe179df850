import { describe, expect, it } from 'vitest';
import { classifyNodePath } from './node-route.js';

const ids = new Set(['n1', 'N2']);
const isNode = (segment: string) => ids.has(segment);

describe('classifyNodePath', () => {
  it.each([
    ['/root', { kind: 'root' }],
    ['/ROOT/', { kind: 'root' }],
    ['/n1', { kind: 'byId', nodeId: 'n1' }],
    ['/n1/children', { kind: 'relation', nodeId: 'n1', relation: 'children' }],
    ['/N2/Siblings', { kind: 'relation', nodeId: 'N2', relation: 'siblings' }],
    ['/n1/ancestor', { kind: 'relation', nodeId: 'n1', relation: 'ancestor' }],
    ['/about/children', { kind: 'byPath', path: '/about/children' }],
    ['/n1/other', { kind: 'byPath', path: '/n1/other' }],
    ['/about/us', { kind: 'byPath', path: '/about/us' }],
    ['/', { kind: 'byPath', path: '/' }],
  ])('%s', (path, expected) => {
    expect(classifyNodePath(path, isNode)).toEqual(expected);
  });
});
