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

  it("adds an entry's key in a language beside its own", () => {
    const keys = new SurrogateKeys('site');
    keys.entry('e1', 'cy');
    keys.entry('e1', 'en-GB');
    keys.entry('e1');
    expect(keys.header()).toBe('project:site entry:e1 entry:e1:cy entry:e1:en-GB');
  });

  it("lets the variations' keys stand in for their entries' when the list is too long", () => {
    const keys = new SurrogateKeys('site');
    const ids = Array.from(
      { length: 90 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const id of ids) keys.entry(id, 'en-GB');
    const header = keys.header().split(' ');
    expect(header).toContain(`entry:${ids[0]}:en-GB`);
    expect(header).not.toContain(`entry:${ids[0]}`);
    expect(header).toHaveLength(91);
  });

  it('falls back to the project key when the list is too long for a header', () => {
    const keys = new SurrogateKeys('site');
    for (let i = 0; i < 1000; i++) keys.entry(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(keys.header()).toBe('project:site');
  });
});
