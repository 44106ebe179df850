import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../test-support/expectations.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';

let platform: RunningPlatform;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  platform = await startDemoPlatform({ logger: { level: 'info', stream } });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** A raw HTTP request, so that paths reach the server exactly as written. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const url = new URL(platform.origin);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('authentication', () => {
  it('answers 401 with the error body without a token or with a wrong one', async () => {
    const none = await platform.json('/entries', { token: null });
    expect(none.status).toBe(401);
    expectErrorBody(none.body, /access token/i);
    const wrong = await platform.json('/entries', { token: 'not-a-token' });
    expect(wrong.status).toBe(401);
    expectErrorBody(wrong.body, /not valid/);
  });

  it('accepts the token as accessToken header, accessToken parameter, Authorization and Bearer', async () => {
    const token = platform.deliveryToken;
    expect((await platform.get('', { token })).status).toBe(200);
    expect((await platform.get(`?accessToken=${token}`, { token: null })).status).toBe(200);
    expect((await platform.get(`?ACCESSTOKEN=${token}`, { token: null })).status).toBe(200);
    expect((await platform.get('', { token: null, headers: { Authorization: token } })).status).toBe(200);
    expect(
      (await platform.get('', { token: null, headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });

  it('answers 404 for an unknown project and 403 for a token of another project', async () => {
    const unknown = await platform.json(`${platform.origin}/api/delivery/projects/nope/entries`);
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body, /project/);
    platform.db
      .prepare(
        "INSERT INTO projects (id, name, primary_language, supported_languages) VALUES ('other', 'Other', 'en-GB', '[\"en-GB\"]')",
      )
      .run();
    try {
      const other = await platform.json(`${platform.origin}/api/delivery/projects/other`);
      expect(other.status).toBe(403);
      expectErrorBody(other.body);
    } finally {
      platform.db.prepare("DELETE FROM projects WHERE id = 'other'").run();
    }
  });

  it('never logs tokens', async () => {
    await platform.get(`/entries?pageSize=1&accessToken=${platform.deliveryToken}`, {
      token: null,
      headers: { Authorization: `Bearer ${platform.previewToken}` },
    });
    const log = logLines.join('');
    expect(log).toContain('"statusCode":200');
    expect(log).toContain('accessToken=***');
    expect(log).not.toContain(platform.deliveryToken);
    expect(log).not.toContain(platform.previewToken);
  });
});

describe('request rules (contract §1.1, §7.1, §7.2)', () => {
  it('treats path segments and query parameter names case-insensitively', async () => {
    const lower = await platform.json<{ id: string }>('/contenttypes/course');
    expect(lower.body.id).toBe('course');
    const upper = await platform.json<{ pageSize: number }>(
      `${platform.origin}/API/Delivery/Projects/website/ENTRIES?PAGESIZE=2`,
    );
    expect(upper.body.pageSize).toBe(2);
  });

  it('allows a trailing slash', async () => {
    expect((await platform.get('/entries/')).status).toBe(200);
    expect((await platform.get('/contentTypes/course/')).status).toBe(200);
  });

  it('ignores unknown and leaked parameters', async () => {
    const { status } = await platform.json(
      '/entries?clientType=client_credentials&clientDetails=%5Bobject%20Object%5D&defaultHeaders=%5Bobject%20Object%5D&pageSize=1',
    );
    expect(status).toBe(200);
  });

  it('accepts a GET with Content-Type: application/json and no body', async () => {
    const response = await platform.get('/entries?pageSize=1', {
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await platform.get('/entries?pageSize=1', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const missing = await platform.get('/entries/nope', { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('answers unknown routes and malformed URLs with the error body', async () => {
    const unknown = await platform.json('/no-such-thing');
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body, /could not be found/);
    const outside = await platform.json(`${platform.origin}/nothing-here`);
    expect(outside.status).toBe(404);
    expectErrorBody(outside.body);
    const malformed = await raw('/api/delivery/projects/website/entries/%E0%A4%A', {
      accessToken: platform.deliveryToken,
    });
    expect(malformed.status).toBe(400);
    expectErrorBody(JSON.parse(malformed.body));
    const badNodePath = await raw('/api/delivery/projects/website/nodes/a%ZZb', {
      accessToken: platform.deliveryToken,
    });
    expect(badNodePath.status).toBe(400);
    expectErrorBody(JSON.parse(badNodePath.body));
  });

  it('answers a request line over 16 KiB with 431 and the error body', async () => {
    const response = await raw(`/api/delivery/projects/website/entries/search?where=${'x'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expectErrorBody(JSON.parse(response.body), /POST/);
  });

  it('accepts long GET URLs', async () => {
    const where = encodeURIComponent(
      JSON.stringify([
        {
          or: Array.from({ length: 150 }, (_, i) => ({
            field: 'sys.id',
            equalTo: `id-${i}-${'x'.repeat(20)}`,
          })),
        },
      ]),
    );
    expect(where.length).toBeGreaterThan(8000);
    const { status } = await platform.json(`/entries/search?where=${where}&pageSize=1`);
    expect(status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers pre-flight requests with the allowed and exposed headers', async () => {
    const response = await platform.get('/entries', {
      token: null,
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'accesstoken,content-type,x-require-surrogate-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of [
      'accesstoken',
      'authorization',
      'content-type',
      'x-require-surrogate-key',
      'x-crb-ssr',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('exposes the surrogate-key header on actual requests', async () => {
    const response = await platform.get('', { headers: { Origin: 'http://localhost:3000' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('surrogate-key');
  });
});

describe('surrogate keys (contract §7.4)', () => {
  it('lists what a response was built from when asked', async () => {
    const node = await platform.get('/nodes/courses?depth=1', {
      headers: { 'x-require-surrogate-key': 'true' },
    });
    const keys = node.headers.get('surrogate-key')!.split(' ');
    const body = (await node.json()) as {
      id: string;
      entry: { sys: { id: string } };
      children: { id: string }[];
    };
    expect(keys).toContain('project:website');
    expect(keys).toContain(`node:${body.id}`);
    // The variation served (the project's primary language here) has a key of its own, which
    // stands in for the entry's own key when a node's many children make the list long.
    expect(keys).toContain(`entry:${body.entry.sys.id}:en-GB`);
    expect(keys).toContain(`node:${body.children[0]!.id}`);
    const list = await platform.get('/contentTypes/course/entries?pageSize=2', {
      headers: { 'x-require-surrogate-key': 'true' },
    });
    expect(list.headers.get('surrogate-key')).toContain('contenttype:website/course');
  });

  it('sends no header unless asked', async () => {
    expect((await platform.get('')).headers.get('surrogate-key')).toBeNull();
  });
});
