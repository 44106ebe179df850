import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordingServer, startRecordingServer } from './test-support/recording-server.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

let server: RecordingServer;
let bundle: string;

beforeAll(async () => {
  server = await startRecordingServer();
  // Bundle the public surface for browsers, the way a site's build would.
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('./index.ts', import.meta.url)),
        formats: ['iife'],
        name: 'Canopy',
      },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunk = results
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((item) => item.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('The build produced no chunk');
  bundle = chunk.code;
}, 60_000);

afterAll(() => server.close());

describe('@canopy/client in a browser bundle', () => {
  it('declares no runtime dependencies', () => {
    expect(packageJson.dependencies ?? {}).toEqual({});
  });

  it('bundles without Node built-ins', () => {
    expect(bundle).not.toMatch(/\brequire\(|from\s*["']node:|import\(["']node:/);
  });

  it('runs in a window context with only browser globals, making a real request', async () => {
    server.respond({ body: { id: 'website', name: 'Demo' } });
    const context: Record<string, unknown> = {
      document: { documentMode: undefined },
      fetch: globalThis.fetch,
      AbortController,
      URLSearchParams,
      FormData,
      Response,
      structuredClone,
      setTimeout,
      clearTimeout,
      console,
    };
    // As in a browser, `window` is the global object itself.
    context.window = context;
    const window = context;
    runInNewContext(`${bundle};\nwindow.Canopy = Canopy;`, context);
    const Canopy = window.Canopy as {
      Client: { create(config: unknown): { project: { get(): Promise<unknown> } } };
    };
    const client = Canopy.Client.create({ rootUrl: server.url, projectId: 'website', accessToken: 'tok' });
    await expect(client.project.get()).resolves.toEqual({ id: 'website', name: 'Demo' });
    expect(server.last().path).toBe('/api/delivery/projects/website');
    expect(server.last().headers.accesstoken).toBe('tok');

    // In a browser an empty root URL means "same origin": the path is requested as it is.
    const seen: string[] = [];
    window.fetch = (url: string) => {
      seen.push(url);
      return Promise.resolve(new Response('{"id":"website"}', { status: 200 }));
    };
    const sameOrigin = Canopy.Client.create({ rootUrl: '', projectId: 'website', accessToken: 'tok' });
    await expect(sameOrigin.project.get()).resolves.toEqual({ id: 'website' });
    expect(seen).toEqual(['/api/delivery/projects/website']);
  });
});
