import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnedFetch, type OwnedFetch } from './owned-fetch.js';

let server: Server;
let origin: string;
let owned: OwnedFetch;
let handler: (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** Open connections on the server's side. */
const connections = () =>
  new Promise<number>((resolve, reject) => {
    server.getConnections((error, count) => (error ? reject(error) : resolve(count)));
  });

/** Waits until `done()` holds (sockets close asynchronously), at most a few seconds. */
async function until(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeEach(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owned = createOwnedFetch();
});

afterEach(async () => {
  owned.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createOwnedFetch', () => {
  it('sends the method, headers and body, and answers like fetch', async () => {
    handler = (request, body, response) => {
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      response.writeHead(201, 'Made', { 'content-type': 'application/json' });
      response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization, body }));
    };
    const response = await owned.fetch(`${origin}/things?x=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
      body: '{"a":"é"}',
    });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(await response.json()).toEqual({ method: 'POST', auth: 'Bearer t', body: '{"a":"é"}' });
  });

  it('answers statuses without a body', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(204);
      response.end();
    };
    const response = await owned.fetch(origin);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('rejects like fetch when the server cannot be reached, or the signal aborts first', async () => {
    const closed = `http://127.0.0.1:1`;
    await expect(owned.fetch(closed)).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    const controller = new AbortController();
    controller.abort();
    await expect(owned.fetch(origin, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('ends a streamed response on abort and leaves no connection behind', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': hello\n\n');
    };
    const controller = new AbortController();
    const response = await owned.fetch(origin, { signal: controller.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': hello\n\n');
    expect(await connections()).toBe(1);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    await until(async () => (await connections()) === 0);
    expect(await connections()).toBe(0);
  });

  it('drops an idle connection within a second or so, though the server says it keeps it 72 s', async () => {
    server.keepAliveTimeout = 72_000;
    handler = (_request, _body, response) => response.end('ok');
    const response = await owned.fetch(origin);
    expect(response.headers.get('keep-alive')).toBe('timeout=72');
    expect(await response.text()).toBe('ok');
    expect(await connections()).toBe(1);
    // Closed by the client when its keep-alive ends; kept 70 s, it would still be open here.
    await until(async () => (await connections()) === 0);
    expect(await connections()).toBe(0);
  });

  it('sends a GET once more on a new connection when its kept one is cut unanswered, and never a POST', async () => {
    const logged: string[] = [];
    owned.destroy();
    owned = createOwnedFetch({ log: { warn: (message) => logged.push(message) } });
    const served = new WeakMap<object, number>();
    const seen: string[] = [];
    // A connection carries one call; the next one written into it is cut off unanswered.
    handler = (request, _body, response) => {
      seen.push(`${request.method} ${request.url}`);
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (count > 1) request.socket.destroy();
      else response.end('ok');
    };
    // undici hands a kept connection to the next call one event-loop turn after its answer.
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    expect(await (await owned.fetch(`${origin}/a`)).text()).toBe('ok');
    await nextTurn();
    expect(await (await owned.fetch(`${origin}/b?term=private`)).text()).toBe('ok');
    expect(seen).toEqual(['GET /a', 'GET /b?term=private', 'GET /b?term=private']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`Platform call GET ${origin}/b failed before any answer`);
    expect(logged[0]).not.toContain('private');
    await nextTurn();
    // The retry's connection is closed after its answer: this one opens a new one and is kept.
    expect(await (await owned.fetch(`${origin}/c`)).text()).toBe('ok');
    await nextTurn();
    await expect(owned.fetch(`${origin}/d`, { method: 'POST', body: 'once' })).rejects.toThrow();
    expect(seen.slice(3)).toEqual(['GET /c', 'POST /d']);
    expect(logged).toHaveLength(1);
  });

  it('sends a delivery search POST once more when its body is in memory, never one streamed', async () => {
    const logged: string[] = [];
    owned.destroy();
    owned = createOwnedFetch({ log: { warn: (message) => logged.push(message) } });
    const served = new WeakMap<object, number>();
    const seen: string[] = [];
    handler = (request, body, response) => {
      seen.push(`${request.method} ${request.url} ${body}`);
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (count > 1) request.socket.destroy();
      else response.end('ok');
    };
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    const search = `${origin}/api/delivery/projects/website/entries/search`;
    const bodies: Array<[string, () => RequestInit['body']]> = [
      ['text', () => '{"pageSize":5}'],
      ['bytes', () => new TextEncoder().encode('{"pageSize":6}')],
    ];
    for (const [, body] of bodies) {
      expect(await (await owned.fetch(`${origin}/warm`)).text()).toBe('ok');
      await nextTurn();
      const answer = await owned.fetch(search, { method: 'POST', body: body() });
      expect(await answer.text()).toBe('ok');
      await nextTurn();
    }
    const searches = seen.filter((line) => line.startsWith('POST'));
    expect(searches).toEqual([
      'POST /api/delivery/projects/website/entries/search {"pageSize":5}',
      'POST /api/delivery/projects/website/entries/search {"pageSize":5}',
      'POST /api/delivery/projects/website/entries/search {"pageSize":6}',
      'POST /api/delivery/projects/website/entries/search {"pageSize":6}',
    ]);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain('Platform call POST');
    // A streamed body was read by the first attempt: that search is not sent again.
    expect(await (await owned.fetch(`${origin}/warm`)).text()).toBe('ok');
    await nextTurn();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"pageSize":7}'));
        controller.close();
      },
    });
    await expect(
      owned.fetch(search, { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
    ).rejects.toThrow();
    expect(seen.filter((line) => line.includes('"pageSize":7'))).toHaveLength(1);
    expect(logged).toHaveLength(2);
  });

  it('ends every open connection on destroy', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': hello\n\n');
    };
    const response = await owned.fetch(origin);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    owned.destroy();
    await expect(reader.read()).rejects.toBeDefined();
    await until(async () => (await connections()) === 0);
    expect(await connections()).toBe(0);
  });
});
