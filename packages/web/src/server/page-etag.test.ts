import { describe, expect, it } from 'vitest';
import { notModified, pageEtag } from './page-etag.js';

describe('pageEtag', () => {
  it('is the same for two renders that differ only in their nonce, and weak', () => {
    const first = pageEtag('<script nonce="aaa111">state</script><p>Marine biology</p>', 'aaa111');
    const second = pageEtag('<script nonce="bbb222">state</script><p>Marine biology</p>', 'bbb222');
    expect(first).toBe(second);
    expect(first).toMatch(/^W\/"[\w-]+"$/);
  });

  it('changes when the content changes', () => {
    expect(pageEtag('<p>Marine biology</p>', 'n')).not.toBe(pageEtag('<p>Marine chemistry</p>', 'n'));
  });
});

describe('notModified', () => {
  const etag = 'W/"abc"';
  it('matches weakly, in lists, and for *', () => {
    expect(notModified('W/"abc"', etag)).toBe(true);
    expect(notModified('"abc"', etag)).toBe(true);
    expect(notModified('"x", W/"abc"', etag)).toBe(true);
    expect(notModified('*', etag)).toBe(true);
  });

  it('does not match other tags, nothing, or a repeated header', () => {
    expect(notModified('W/"abd"', etag)).toBe(false);
    expect(notModified(undefined, etag)).toBe(false);
    expect(notModified('', etag)).toBe(false);
    expect(notModified(['W/"abc"'], etag)).toBe(false);
  });
});
