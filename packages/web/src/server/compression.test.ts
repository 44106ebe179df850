import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { httpGet } from '../test-support/http.js';
import {
  type CompressionOptions,
  DEFAULT_SYNC_COMPRESSION_BYTES,
  registerCompression,
} from './compression.js';

/** HTML-like text of `bytes` bytes that compresses, as pages do (hex noise between tags). */
function page(bytes: number): string {
  let html = '';
  while (html.length < bytes)
    html += `<li class="result"><a href="/courses/${randomBytes(6).toString('hex')}">Course</a></li>`;
  return html.slice(0, bytes);
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function serve(body: string, options?: CompressionOptions): Promise<string> {
  const app = Fastify();
  apps.push(app);
  await registerCompression(app, options);
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(body));
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe('registerCompression', () => {
  it('compresses a whole page in one go: the answer says its compressed length', async () => {
    const body = page(30_000);
    const url = await serve(body);
    const gz = await httpGet(url, '/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gz.headers['content-length'])).toBe(gz.bytes.length);
    expect(gunzipSync(gz.bytes).toString('utf8')).toBe(body);
    const br = await httpGet(url, '/page', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(body);
  });

  it('streams bodies above the one-call limit, and every body when the limit is 0', async () => {
    const large = page(DEFAULT_SYNC_COMPRESSION_BYTES + 1);
    const streamed = await httpGet(await serve(large), '/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(gunzipSync(streamed.bytes).toString('utf8')).toBe(large);

    const small = page(30_000);
    const always = await httpGet(await serve(small, { syncThresholdBytes: 0 }), '/page', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(always.headers['content-length']).toBeUndefined();
    expect(gunzipSync(always.bytes).toString('utf8')).toBe(small);
  });

  it('leaves small bodies and clients without an accepted encoding alone', async () => {
    const url = await serve(page(30_000), { thresholdBytes: 40_000 });
    const below = await httpGet(url, '/page', { headers: { 'accept-encoding': 'gzip' } });
    expect(below.headers['content-encoding']).toBeUndefined();
    const plain = await httpGet(await serve(page(30_000)), '/page', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBe(30_000);
  });
});
