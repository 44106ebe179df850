import { describe, expect, it } from 'vitest';
import { SurrogateKeys } from './surrogate-keys.js';

describe('surrogate keys', () => {
  it('lists each key once, project first', () => {
    const keys = new SurrogateKeys('site');
    keys.entry('e1');
    keys.entry('e1');
    keys.node('n1');
    keys.contentType('course');
    keys.taxonomy();
    expect(keys.header()).toBe('project:site entry:e1 node:n1 contenttype:site/course taxonomy:site');
  });

  it('falls back to the project key when the list is too long for a header', () => {
    const keys = new SurrogateKeys('site');
    for (let i = 0; i < 1000; i++) keys.entry(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(keys.header()).toBe('project:site');
  });
});
