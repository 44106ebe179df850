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

  it('allows a POST to the delivery search, which only reads, when given its address', () => {
    const search = 'http://127.0.0.1:3001/api/delivery/projects/website/entries/search?linkDepth=1';
    expect(mayRetryClosedConnection('POST', failure('ECONNRESET'), undefined, search)).toBe(true);
    // Without the address (a forwarded body that cannot be sent again) it stays a POST.
    expect(mayRetryClosedConnection('POST', failure('ECONNRESET'))).toBe(false);
    for (const url of [
      'http://127.0.0.1:3001/api/management/projects/website/entries/search',
      'http://127.0.0.1:3001/api/delivery/projects/website/entries',
      'http://127.0.0.1:3001/api/delivery/projects/website/entries/search/more',
      'http://127.0.0.1:3001/authenticate/connect/token',
      'not a url',
    ]) {
      expect(mayRetryClosedConnection('POST', failure('ECONNRESET'), undefined, url), url).toBe(false);
    }
    expect(mayRetryClosedConnection('PUT', failure('ECONNRESET'), undefined, search)).toBe(false);
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
