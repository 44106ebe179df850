import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../delivery/shared-answers.js';
import { STATE_GLOBAL, serializeForScript, stateScript } from './serialize.js';

describe('serializeForScript', () => {
  const hostile = {
    title: '</script><script>alert(1)</script>',
    comment: '<!-- x -->',
    amp: 'a & b',
    separators: 'line\u2028para\u2029end',
  };

  it('leaves no character that could end or confuse a script element', () => {
    const text = serializeForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).not.toContain('</script');
  });

  it('reads back to the same value with JSON.parse and as JavaScript', () => {
    const text = serializeForScript(hostile);
    expect(JSON.parse(text)).toEqual(hostile);
    const sandbox: { window: Record<string, unknown> } = { window: {} };
    runInNewContext(stateScript(hostile), sandbox);
    expect(sandbox.window[STATE_GLOBAL]).toEqual(hostile);
  });

  it('writes null for undefined', () => {
    expect(serializeForScript(undefined)).toBe('null');
  });

  it('writes what JSON.stringify writes, shared (frozen) answers included, and reuses their text', () => {
    const shared = deepFreeze({ title: 'a < b', list: [1, { deep: '\u2028' }], none: null });
    const value = {
      routing: {
        entry: shared,
        mappedEntry: { other: shared },
        gone: undefined,
        fn: () => 1,
        at: new Date(0),
      },
      list: [undefined, shared, 'x'],
      top: 1,
    };
    const expected = JSON.stringify(value).replace(
      /[<>&\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(serializeForScript(value)).toBe(expected);
    expect(serializeForScript(value)).toBe(expected);
    expect(serializeForScript({})).toBe('{}');
    expect(serializeForScript([])).toBe('[]');
  });
});

describe('stateScript', () => {
  it('carries an entry that is also the mapped entry once, and restores both', () => {
    const entry = deepFreeze({ sys: { id: 'e1' }, title: 'Only once </script>' });
    const state = { routing: { entry, mappedEntry: entry, currentPath: '/a' }, navigation: { root: null } };
    const script = stateScript(state);
    expect(script.startsWith(`window.${STATE_GLOBAL}=`)).toBe(true);
    expect(script.split('Only once').length).toBe(2);
    expect(script).not.toMatch(/[<>]/);
    const sandbox: { window: Record<string, { routing: Record<string, unknown> }> } = { window: {} };
    runInNewContext(script, sandbox);
    const read = sandbox.window[STATE_GLOBAL];
    expect(read).toEqual(state);
    expect(read?.routing.mappedEntry).toBe(read?.routing.entry);
  });

  it('keeps a mapped entry that differs from the entry', () => {
    const state = { routing: { entry: { sys: { id: 'e1' } }, mappedEntry: { title: 'mapped' } } };
    const sandbox: { window: Record<string, unknown> } = { window: {} };
    runInNewContext(stateScript(state), sandbox);
    expect(sandbox.window[STATE_GLOBAL]).toEqual(state);
  });
});
