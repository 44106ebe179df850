import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderRequest, RenderResult, SiteRenderer } from '../render/render-types.js';
import type { SiteServerOptions } from './options.js';
import { DEMO_HOSTS } from './site-hosts.js';
import { createSiteServer, type SiteServer } from './site-server.js';

// Pages from the page cache and the stale store, answered in br or gzip from a form made once
// per page, each answer with a CSP nonce of its own stitched in.

let renders = 0;
let failing = false;
let server: SiteServer | null = null;

/** A page well over the compression threshold, with the nonce at the top and the bottom. */
function body(request: RenderRequest): string {
  const text = Array.from({ length: 200 }, (_, i) => `<p>Paragraph ${i} of ${request.url} — café</p>`).join(
    '',
  );
  return `<!DOCTYPE html><link rel="modulepreload" href="/e.js" nonce="${request.nonce}"><h1>Render ${renders}</h1>${text}<script nonce="${request.nonce}">1</script>`;
}

const renderer: SiteRenderer = {
  settings: { name: 'Test', language: 'en-GB', trailingSlashRedirectStatus: 302 },
  render: async (request: RenderRequest): Promise<RenderResult> => {
    if (failing) return { kind: 'unavailable', status: 503, surrogateKeys: [] };
    renders += 1;
    return { kind: 'html', status: 200, body: body(request), surrogateKeys: ['project:website'] };
  },
};

async function site(options: Partial<SiteServerOptions> = {}): Promise<SiteServer> {
  server = await createSiteServer({
    renderer,
    platformUrl: 'http://127.0.0.1:9',
    hosts: DEMO_HOSTS,
    projectId: 'website',
    deliveryToken: 'token',
    logger: false,
    ...options,
  });
  return server;
}

type Answer = Awaited<ReturnType<SiteServer['app']['inject']>>;

const request = (
  app: SiteServer,
  method: 'GET' | 'HEAD',
  url: string,
  headers: Record<string, string> = {},
) => app.app.inject({ method, url, headers: { host: 'www.aberwen.example', ...headers } });
const get = (app: SiteServer, url: string, headers: Record<string, string> = {}) =>
  request(app, 'GET', url, headers);

/** The body as the browser reads it, decoded by its Content-Encoding. */
function decoded(answer: Answer): string {
  const raw = answer.rawPayload;
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  expect(encoding).toBeUndefined();
  return raw.toString();
}

/** Every nonce the decoded page carries (all equal) and the one its CSP allows. */
function nonces(answer: Answer) {
  const inBody = [...decoded(answer).matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
  return {
    body: new Set(inBody).size === 1 ? inBody[0] : `mixed: ${inBody.join(' ')}`,
    csp: /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1],
  };
}

const withoutNonce = (text: string) => text.replaceAll(/nonce="[^"]+"/g, 'nonce=""');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

afterEach(async () => {
  await server?.close();
  server = null;
  renders = 0;
  failing = false;
});

describe('kept pages in br and gzip', () => {
  it('answers a cached page in br, gzip and plain: the same page, each with its own nonce in body and CSP', async () => {
    const app = await site();
    const first = await get(app, '/a');
    const answers = [
      await get(app, '/a', BROWSER),
      await get(app, '/a', BROWSER),
      await get(app, '/a', { 'accept-encoding': 'gzip' }),
      await get(app, '/a', { 'accept-encoding': 'gzip' }),
      await get(app, '/a'),
    ];
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.headers['content-encoding'])).toEqual([
      'br',
      'br',
      'gzip',
      'gzip',
      undefined,
    ]);
    const seen = new Set<string | undefined>([nonces(first).body]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(withoutNonce(decoded(answer))).toBe(withoutNonce(first.body));
      const { body: nonce, csp } = nonces(answer);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonce).toBe(csp);
      seen.add(nonce);
      expect(answer.headers.etag).toBe(first.headers.etag);
      if (answer.headers['content-encoding']) {
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
        expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length));
      } else expect(answer.headers.vary).toBe(first.headers.vary);
    }
    expect(seen.size).toBe(answers.length + 1);
  });

  it('compresses a kept page once: later answers differ from the first only in the nonce bytes', async () => {
    const app = await site();
    await get(app, '/a');
    for (const headers of [BROWSER, { 'accept-encoding': 'gzip' }]) {
      const one = await get(app, '/a', headers);
      const two = await get(app, '/a', headers);
      const [a, b] = [nonces(one).body ?? '', nonces(two).body ?? ''];
      // The nonce stands as stored bytes in the compressed form, so swapping it gives the other
      // answer (gzip's last 8 bytes are the CRC and length of the page, which the nonce changes).
      const [rawOne, rawTwo] = [one, two].map((answer) =>
        answer.rawPayload.toString('latin1', 0, answer.rawPayload.length - (headers === BROWSER ? 0 : 8)),
      );
      expect(rawOne?.includes(a)).toBe(true);
      expect(rawOne?.split(a).join(b)).toBe(rawTwo);
    }
  });

  it('negotiates by q-values and identity, as the rendered page does', async () => {
    const app = await site();
    await get(app, '/a');
    const encodingFor = async (acceptEncoding: string) =>
      (await get(app, '/a', { 'accept-encoding': acceptEncoding })).headers['content-encoding'];
    expect(await encodingFor('br;q=0.5, gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=0.2, br;q=0.8')).toBe('br');
    expect(await encodingFor('identity')).toBeUndefined();
    expect(await encodingFor('br;q=0, gzip;q=0')).toBeUndefined();
    expect(await encodingFor('deflate')).toBeUndefined();
    expect(await encodingFor('*')).toBe('gzip');
    expect(await encodingFor('x-gzip')).toBe('gzip');
  });

  it('keeps 304s as they were: no body, no CSP, the same ETag whatever the encoding', async () => {
    const app = await site();
    const first = await get(app, '/a');
    const etag = String(first.headers.etag);
    for (const headers of [BROWSER, { 'accept-encoding': 'gzip' }, {}]) {
      const revalidated = await get(app, '/a', { ...headers, 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers['content-security-policy']).toBeUndefined();
      expect(revalidated.headers.etag).toBe(etag);
    }
    expect(renders).toBe(1);
  });

  it('answers HEAD with the headers of the compressed answer and no body', async () => {
    const app = await site();
    await get(app, '/a');
    const full = await get(app, '/a', BROWSER);
    const head = await request(app, 'HEAD', '/a', BROWSER);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a stale copy in br and gzip with a nonce of its own while the platform is down', async () => {
    const app = await site({ pageCacheSeconds: 0 });
    const first = await get(app, '/a');
    failing = true;
    for (const headers of [BROWSER, { 'accept-encoding': 'gzip' }]) {
      const stale = await get(app, '/a', headers);
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['x-canopy-stale']).toBe('unavailable');
      expect(stale.headers['content-encoding']).toBe(headers === BROWSER ? 'br' : 'gzip');
      expect(withoutNonce(decoded(stale))).toBe(withoutNonce(first.body));
      expect(nonces(stale).body).toBe(nonces(stale).csp);
      expect(nonces(stale).body).not.toBe(nonces(first).body);
    }
  });

  it('sends kept pages plain when compression is turned off', async () => {
    const app = await site({ compression: false });
    await get(app, '/a');
    const answer = await get(app, '/a', BROWSER);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(nonces(answer).body).toBe(nonces(answer).csp);
  });
});
