import { describe, expect, it } from 'vitest';
import { mayRetryClosedConnection } from './stale-connection.js';

/** An error as undici or Node gives it: a message, a code, maybe a cause. */
function failure(code: string, cause?: unknown): Error {
  return Object.assign(new Error(`failed: ${code}`), { code }, cause !== undefined ? { cause } : {});
}

describe('mayRetryClosedConnection', () => {
  it('allows a GET or HEAD whose connection was closed under it', () => {
    expect(mayRetryClosedConnection('GET', failure('UND_ERR_SOCKET'))).toBe(true);
    expect(mayRetryClosedConnection('get', failure('ECONNRESET'))).toBe(true);
    expect(mayRetryClosedConnection('HEAD', failure('EPIPE'))).toBe(true);
    // undici wraps some: the code of the cause counts.
    expect(
      mayRetryClosedConnection('GET', new TypeError('fetch failed', { cause: failure('ECONNRESET') })),
    ).toBe(true);
  });

  it('refuses other methods', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(mayRetryClosedConnection(method, failure('UND_ERR_SOCKET'))).toBe(false);
    }
  });

  it('refuses other failures: refused, time-outs, aborts, anything without a code', () => {
    for (const code of [
      'ECONNREFUSED',
      'UND_ERR_CONNECT_TIMEOUT',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_ABORTED',
      'ENOTFOUND',
    ]) {
      expect(mayRetryClosedConnection('GET', failure(code))).toBe(false);
    }
    expect(mayRetryClosedConnection('GET', new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(mayRetryClosedConnection('GET', 'ECONNRESET')).toBe(false);
  });

  it('refuses a call whose caller has given up', () => {
    const controller = new AbortController();
    controller.abort();
    expect(mayRetryClosedConnection('GET', failure('ECONNRESET'), controller.signal)).toBe(false);
  });
});
