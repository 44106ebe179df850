import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody, row } from '../../test-support/expectations.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { ASSET_CACHE_CONTROL, SVG_CONTENT_SECURITY_POLICY } from './routes.js';

let platform: RunningPlatform;
let image: { uri: string; sha256: string; size: number };
let document: { uri: string };

beforeAll(async () => {
  platform = await startDemoPlatform();
  image = row(
    platform.db,
    "SELECT uri, sha256, size FROM asset_files WHERE mime_type = 'image/svg+xml' ORDER BY uri LIMIT 1",
  );
  document = row(platform.db, "SELECT uri FROM asset_files WHERE mime_type = 'text/plain' LIMIT 1");
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** A raw HTTP request: fetch would normalise `..` away before sending. */
function raw(path: string, method = 'GET') {
  const url = new URL(platform.origin);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('asset files', () => {
  it('serves an SVG with its type, length, ETag, caching and safety headers, without a token', async () => {
    const response = await fetch(`${platform.origin}${image.uri}`);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(image.size);
    expect(createHash('sha256').update(body).digest('hex')).toBe(image.sha256);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(image.size));
    expect(response.headers.get('etag')).toBe(`"${image.sha256}"`);
    expect(response.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(SVG_CONTENT_SECURITY_POLICY);
  });

  it('serves other files without the SVG policy', async () => {
    const response = await fetch(`${platform.origin}${document.uri}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(await response.text()).toContain('handbook');
  });

  it('answers a matching If-None-Match with 304', async () => {
    const response = await fetch(`${platform.origin}${image.uri}`, {
      headers: { 'If-None-Match': `W/"x", "${image.sha256}"` },
    });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    const stale = await fetch(`${platform.origin}${image.uri}`, { headers: { 'If-None-Match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('answers HEAD with the headers only, and byte ranges with 206', async () => {
    const head = await fetch(`${platform.origin}${image.uri}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(image.size));
    expect(await head.text()).toBe('');
    const range = await fetch(`${platform.origin}${image.uri}`, { headers: { Range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-9/${image.size}`);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
    const beyond = await fetch(`${platform.origin}${image.uri}`, {
      headers: { Range: `bytes=${image.size}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${image.size}`);
    const refusal = await beyond.json();
    expectErrorBody(refusal);
    expect(refusal.message).toBe(`The requested range is outside the file, which has ${image.size} bytes`);
  });

  it('answers 404 with the error body for an unknown asset', async () => {
    const response = await fetch(`${platform.origin}/image-library/nope.svg`);
    expect(response.status).toBe(404);
    expectErrorBody(await response.json());
  });

  it.each([
    '/image-library/../platform.db',
    '/image-library/%2e%2e/platform.db',
    '/image-library/%2E%2E/%2E%2E/etc/passwd',
    '/image-library/courses/..%2f..%2fplatform.db',
    '/image-library/courses%2f..%2f..%2fplatform.db',
    '/image-library/courses/%5c..%5cplatform.db',
    '/image-library/a%00.svg',
    '/image-library/./courses',
    '/asset-library//etc/passwd',
    '/video-library/%E0%A4%A',
  ])('refuses the traversal attempt %s', async (path) => {
    const response = await raw(path);
    expect([400, 404]).toContain(response.status);
    expectErrorBody(JSON.parse(response.body));
    expect(response.body).not.toContain('SQLite');
  });
});
