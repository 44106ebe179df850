import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformFetch } from './platform-fetch.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin = '';
const seen: Seen[] = [];
const platform = createPlatformFetch();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/json') {
        res.setHeader('set-cookie', ['one=1', 'two=2']);
        res.writeHead(200, { 'content-type': 'application/json', 'surrogate-key': 'a b' });
        res.end(JSON.stringify({ title: 'Zoë', echo: body }));
      } else if (path === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"message":"Not found"}');
      } else if (path === '/gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync('{"packed":true}'));
      } else if (path === '/moved') {
        res.writeHead(302, { location: '/json' });
        res.end();
      } else if (path === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
      } else if (path === '/empty') {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(500);
        res.end('unexpected');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  platform.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createPlatformFetch', () => {
  it('answers as fetch does: status, ok, headers, text and JSON', async () => {
    const response = await platform.fetch(`${origin}/json?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: 'Bearer t' },
      body: '{"q":1}',
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe('OK');
    expect(response.url).toBe(`${origin}/json?x=1`);
    expect(response.headers.get('surrogate-key')).toBe('a b');
    expect(response.headers.get('set-cookie')).toBe('one=1, two=2');
    expect(await response.json()).toEqual({ title: 'Zoë', echo: '{"q":1}' });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow('already been used');
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/json?x=1', body: '{"q":1}' });
    expect(request?.headers.authorization).toBe('Bearer t');
    // Nothing asked the platform to compress what a loopback request carries.
    expect(request?.headers['accept-encoding']).toBeUndefined();
  });

  it('takes headers as a Headers object or pairs, and a URL object', async () => {
    await platform.fetch(new URL(`${origin}/json`), { headers: new Headers({ 'x-one': '1' }) });
    expect(seen.at(-1)?.headers['x-one']).toBe('1');
    await platform.fetch(`${origin}/json`, { headers: [['x-two', '2']] });
    expect(seen.at(-1)?.headers['x-two']).toBe('2');
  });

  it('gives an error status with its body, not a rejection', async () => {
    const response = await platform.fetch(`${origin}/missing`);
    expect(response.ok).toBe(false);
    expect(response.status).toBe(404);
    expect(response.statusText).toBe('Not Found');
    expect(await response.text()).toBe('{"message":"Not found"}');
  });

  it('decodes an answer compressed though nobody asked', async () => {
    expect(await (await platform.fetch(`${origin}/gzip`)).json()).toEqual({ packed: true });
  });

  it('follows a redirect to the answer fetch would give', async () => {
    const response = await platform.fetch(`${origin}/moved`);
    expect(response.status).toBe(200);
    expect(response.redirected).toBe(true);
    expect(await response.json()).toMatchObject({ title: 'Zoë' });
  });

  it('rejects when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = platform.fetch(`${origin}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
  });

  it('rejects when nothing listens, as fetch does', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(platform.fetch(`http://127.0.0.1:${port}/json`)).rejects.toThrow();
  });

  it('makes a stream, a clone and a blob on demand', async () => {
    const response = await platform.fetch(`${origin}/json`);
    const copy = response.clone();
    expect(await copy.json()).toMatchObject({ title: 'Zoë' });
    const reader = response.body?.getReader();
    const chunk = await reader?.read();
    expect(new TextDecoder().decode(chunk?.value)).toContain('Zoë');
    expect(response.bodyUsed).toBe(true);
    const empty = await platform.fetch(`${origin}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    expect(empty.body).toBeNull();
  });

  it('hands a Request object to fetch itself', async () => {
    const response = await platform.fetch(new Request(`${origin}/json`, { method: 'POST', body: 'r' }));
    expect(await response.json()).toMatchObject({ echo: 'r' });
  });
});
