import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCache } from '../cache/response-cache.js';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import { ApiError } from './api-error.js';
import { HttpClient } from './http-client.js';
import { RequestError } from './request-error.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('HttpClient requests', () => {
  it('joins the root URL (trailing slashes removed) and sends JSON and auth headers', async () => {
    const http = new HttpClient({ rootUrl: `${server.url}///`, authorize: () => ({ accessToken: 'tok' }) });
    server.respond({ body: { ok: true } });
    await expect(http.request('/api/x?a=1')).resolves.toEqual({ ok: true });
    const request = server.last();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/x');
    expect(request.query).toEqual({ a: '1' });
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.accesstoken).toBe('tok');
  });

  it('adds default headers only where the request has none of that name', async () => {
    const http = new HttpClient({
      rootUrl: server.url,
      defaultHeaders: { 'X-Site': 'demo', accept: 'text/plain' },
    });
    await http.request('/h');
    expect(server.last().headers['x-site']).toBe('demo');
    expect(server.last().headers.accept).toBe('application/json');
  });

  it('serialises a body as JSON and defaults the method to POST', async () => {
    const http = new HttpClient({ rootUrl: server.url });
    await http.request('/p', { body: { a: [1, 2] } });
    expect(server.last().method).toBe('POST');
    expect(JSON.parse(server.last().body)).toEqual({ a: [1, 2] });
  });

  it('resolves an empty body as {}', async () => {
    const http = new HttpClient({ rootUrl: server.url });
    server.respond({ status: 200, body: '' });
    await expect(http.request('/empty')).resolves.toEqual({});
    server.respond({ status: 204 });
    await expect(http.request('/none', { method: 'DELETE' })).resolves.toEqual({});
  });
});

describe('HttpClient errors', () => {
  it('rejects a non-2xx response with an ApiError carrying status, statusText, url and data', async () => {
    const http = new HttpClient({ rootUrl: server.url });
    const body = { logId: 'l1', message: 'The entry could not be found', data: {}, type: 'error' };
    server.respond({ status: 404, body });
    const error = await http.request('/api/missing?x=1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      statusText: 'Not Found',
      url: `${server.url}/api/missing?x=1`,
      data: body,
    });
    expect((error as ApiError).message).toContain('The entry could not be found');
  });

  it('rejects a 200 whose body is not JSON, with the parse error as data', async () => {
    const http = new HttpClient({ rootUrl: server.url });
    server.respond({ status: 200, body: '<html>oops</html>', headers: { 'content-type': 'text/html' } });
    const error = (await http.request('/html').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(error.data).toBeInstanceOf(SyntaxError);
  });

  it('lets a per-status handler decide the result of a failed call', async () => {
    const http = new HttpClient({ rootUrl: server.url, responseHandler: { 404: () => null } });
    server.respond({ status: 404, body: { message: 'nope' } });
    await expect(http.request('/missing')).resolves.toBeNull();
  });

  it('uses the wildcard handler for statuses without their own', async () => {
    const seen: number[] = [];
    const http = new HttpClient({
      rootUrl: server.url,
      responseHandler: {
        404: () => 'not found',
        '*': (_response, context) => {
          seen.push(context.status);
          return Promise.reject(new Error(`failed with ${context.status}`));
        },
      },
    });
    server.respond({ status: 500, body: { message: 'boom' } });
    await expect(http.request('/fail')).rejects.toThrow('failed with 500');
    server.respond({ status: 404, body: {} });
    await expect(http.request('/missing')).resolves.toBe('not found');
    expect(seen).toEqual([500]);
  });

  it('calls the handler on success but resolves with the parsed body', async () => {
    const contexts: unknown[] = [];
    const http = new HttpClient({
      rootUrl: server.url,
      responseHandler: {
        200: (response, context) => {
          contexts.push({ status: context.status, header: response.headers.get('surrogate-key') });
          return 'ignored';
        },
      },
    });
    server.respond({ body: { a: 1 }, headers: { 'surrogate-key': 'k1 k2' } });
    await expect(http.request('/ok')).resolves.toEqual({ a: 1 });
    expect(contexts).toEqual([{ status: 200, header: 'k1 k2' }]);
  });

  it("times out with 'Network request timed out'", async () => {
    const http = new HttpClient({ rootUrl: server.url, timeout: 50 });
    server.respond({ body: {}, delay: 1000 });
    const error = (await http.request('/slow').catch((e: unknown) => e)) as RequestError;
    expect(error).toBeInstanceOf(RequestError);
    expect(error.message).toBe('Network request timed out');
    expect(error.code).toBe('timeout');
  });

  it("rejects with 'Aborted' when the caller aborts", async () => {
    const http = new HttpClient({ rootUrl: server.url });
    server.respond({ body: {}, delay: 1000 });
    const controller = new AbortController();
    const pending = http.request('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow('Aborted');
    const already = new AbortController();
    already.abort();
    await expect(http.request('/never', { signal: already.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
  });

  it("rejects with 'Network request failed' when nothing listens", async () => {
    const closed = await startRecordingServer();
    const url = closed.url;
    await closed.close();
    const http = new HttpClient({ rootUrl: url });
    const error = (await http.request('/x').catch((e: unknown) => e)) as RequestError;
    expect(error.message).toBe('Network request failed');
    expect(error.code).toBe('network');
    expect(error.cause).toBeDefined();
  });

  it('refuses a relative root URL outside a browser, before any request', async () => {
    for (const rootUrl of ['', '/', null]) {
      const http = new HttpClient({ rootUrl });
      await expect(http.request('/api/x')).rejects.toThrow(
        'You cannot specify a relative root url if not in a browser context.',
      );
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('HttpClient cache', () => {
  it('answers a repeated cacheable request from the cache and shares concurrent ones', async () => {
    const cache = new ResponseCache();
    const http = new HttpClient({ rootUrl: server.url, cache });
    server.respond({ body: { n: 1 }, delay: 20 });
    const [a, b] = await Promise.all([
      http.request('/c?q=1', { cacheable: true }),
      http.request('/c?q=1', { cacheable: true }),
    ]);
    await http.request('/c?q=1', { cacheable: true });
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(server.requests).toHaveLength(1);
    await http.request('/c?q=2', { cacheable: true });
    await http.request('/c?q=1', { cacheable: false });
    expect(server.requests).toHaveLength(3);
    expect(cache.keys()).toEqual([`GET ${server.url}/c?q=1`, `GET ${server.url}/c?q=2`]);
  });

  it('keys POST requests by their body too, and forgets failures', async () => {
    const cache = new ResponseCache();
    const http = new HttpClient({ rootUrl: server.url, cache });
    await http.request('/s', { method: 'POST', body: { a: 1 }, cacheable: true });
    await http.request('/s', { method: 'POST', body: { a: 2 }, cacheable: true });
    expect(server.requests).toHaveLength(2);
    server.respond({ status: 500, body: {} });
    await expect(http.request('/f', { cacheable: true })).rejects.toBeInstanceOf(ApiError);
    await Promise.resolve();
    expect(cache.has(`GET ${server.url}/f`)).toBe(false);
    server.respond({ body: { ok: 1 } });
    await expect(http.request('/f', { cacheable: true })).resolves.toEqual({ ok: 1 });
  });
});
