import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CompressedCopies } from './compressed-copies.js';

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const json = (size: number) =>
  JSON.stringify({ items: Array.from({ length: size }, (_, i) => ({ id: i, title: `Entry ${i}` })) });

describe('CompressedCopies', () => {
  it('compresses an answer once per encoding and hands out the same copy after', () => {
    const copies = new CompressedCopies();
    const answer = { items: [] };
    const body = json(200);
    const br = copies.copy(answer, body, 'br');
    expect(Buffer.isBuffer(br)).toBe(true);
    expect(copies.copy(answer, body, 'br')).toBe(br);
    expect(brotliDecompressSync(br as Buffer).toString('utf8')).toBe(body);
    const gzip = copies.copy(answer, body, 'gzip') as Buffer;
    expect(gunzipSync(gzip).toString('utf8')).toBe(body);
    // Another answer (after a purge the cache holds a new object) gets a copy of its own.
    expect(copies.copy({ items: [] }, body, 'br')).not.toBe(br);
  });

  it('compresses a large answer off the event loop once, however many requests wait for it', async () => {
    const copies = new CompressedCopies({ syncThresholdBytes: 1024 });
    const answer = {};
    const body = json(2000);
    const first = copies.copy(answer, body, 'br');
    const second = copies.copy(answer, body, 'br');
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    const buffer = await first;
    expect(brotliDecompressSync(buffer).toString('utf8')).toBe(body);
    // Once made, the buffer itself is kept.
    expect(copies.copy(answer, body, 'br')).toBe(buffer);
  });

  it('picks the encoding the client prefers, and none when it asks for none', () => {
    const copies = new CompressedCopies();
    expect(copies.encodingFor(requestWith({ 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(copies.encodingFor(requestWith({ 'accept-encoding': 'gzip;q=1, br;q=0.2' }))).toBe('gzip');
    expect(copies.encodingFor(requestWith({ 'accept-encoding': 'x-gzip' }))).toBe('gzip');
    expect(copies.encodingFor(requestWith({ 'accept-encoding': 'identity' }))).toBeNull();
    expect(copies.encodingFor(requestWith({}))).toBeNull();
    expect(copies.encodingFor(requestWith({ 'accept-encoding': 'br', 'x-no-compression': '1' }))).toBeNull();
  });
});
