import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_POLICY } from './cache-headers.js';
import { captureBody, staleAnswerHeaders, withNonce } from './stale-answers.js';

describe('staleAnswerHeaders', () => {
  it('say why and how old, and keep caches in front from holding the copy long', () => {
    const page = { status: 200, headers: {}, body: '', nonce: null, storedAt: 0, outdated: false };
    expect(staleAnswerHeaders({ page, ageSeconds: 90 }, 'unavailable', DEFAULT_CACHE_POLICY)).toEqual({
      'Cache-Control': 'private',
      'Surrogate-Control': 'max-age=10',
      Age: '90',
      Warning: '110 - "Response is Stale"',
      'X-Canopy-Stale': 'unavailable',
    });
    const outdated = { ...page, outdated: true };
    expect(
      staleAnswerHeaders({ page: outdated, ageSeconds: 0 }, 'error', DEFAULT_CACHE_POLICY),
    ).toMatchObject({
      'X-Canopy-Stale': 'error; outdated',
    });
  });
});

describe('withNonce', () => {
  it('replaces every occurrence of the old nonce', () => {
    expect(withNonce('<script nonce="a+b/">1</script><script nonce="a+b/">', 'a+b/', 'NEW')).toBe(
      '<script nonce="NEW">1</script><script nonce="NEW">',
    );
    expect(withNonce('<p>no scripts</p>', null, 'NEW')).toBe('<p>no scripts</p>');
  });
});

describe('captureBody', () => {
  it('passes the stream through and hands over the whole text at its end', async () => {
    let captured: string | null = null;
    const out = captureBody(Readable.from(['<h1>', 'Hé', '</h1>']), 100, (body) => {
      captured = body;
    });
    expect(await text(out)).toBe('<h1>Hé</h1>');
    expect(captured).toBe('<h1>Hé</h1>');
  });

  it('keeps nothing of a body larger than the limit, and still sends it whole', async () => {
    let captured: string | null = null;
    const out = captureBody(Readable.from(['12345', '67890']), 8, (body) => {
      captured = body;
    });
    expect(await text(out)).toBe('1234567890');
    expect(captured).toBeNull();
  });

  it('keeps nothing of a stream that failed', async () => {
    let captured: string | null = null;
    const source = new Readable({ read() {} });
    const out = captureBody(source, 100, (body) => {
      captured = body;
    });
    source.push('<h1>half');
    source.destroy(new Error('render failed'));
    await expect(text(out)).rejects.toThrow('render failed');
    expect(captured).toBeNull();
  });
});
