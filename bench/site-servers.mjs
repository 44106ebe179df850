#!/usr/bin/env node
// One server of the site benchmark in a process of its own; bench/site.mjs forks it.
//   node bench/site-servers.mjs platform          the local platform over a temporary data
//                                                 directory seeded with the demo content
//   node bench/site-servers.mjs platform --photos the same, the banners as photo-sized JPEGs
//                                                 (as `canopy-platform seed` writes them)
//   node bench/site-servers.mjs site <platformUrl> [pageCacheSeconds]
//                                                 the BUILT demo site (site/dist), with its
//                                                 page cache as configured (default: on)
//   node bench/site-servers.mjs hop <platformUrl>  a bare HTTP proxy to the platform: every
//                                                 request forwarded on a keep-alive connection,
//                                                 the answer piped back, no other work (the
//                                                 cost of one more process on the way)
// Both listen on an ephemeral port of 127.0.0.1 and send { type: 'ready', url } to the parent.
// They stop (and the platform removes its data directory) when the parent sends 'stop', on
// SIGTERM/SIGINT, and when the IPC channel closes, so a parent that crashes leaves nothing behind.
// Runs the compiled packages: `npm run bench` builds first.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DELIVERY_TOKEN = 'bench-site-delivery-token';
const BENCH_PROJECT_ID = 'website';

const [kind, platformUrl, pageCacheSeconds] = process.argv.slice(2);
const cleanups = [];
let stopping = false;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      process.stderr.write(`site-servers ${kind}: cleanup failed: ${error}\n`);
    }
  }
  process.exit(code);
}

async function startPlatform() {
  const { openDatabase } = await import('../packages/platform/dist/src/db/open.js');
  const { createPlatformServer } = await import('../packages/platform/dist/src/http/server.js');
  const { demoContent } = await import('../packages/platform/dist/src/seed/demo/index.js');
  const { loadSeedContent } = await import('../packages/platform/dist/src/seed/load.js');
  const { withDemoPhotos } = await import('../packages/platform/dist/src/seed/demo/photos.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-site-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const db = openDatabase(join(dataDir, 'platform.db'));
  cleanups.push(() => db.close());
  const content = demoContent({
    deliveryTokens: [{ name: 'bench', value: BENCH_DELIVERY_TOKEN, canPreview: false }],
  });
  loadSeedContent(db, process.argv.includes('--photos') ? await withDemoPhotos(content) : content, {
    dataDir,
  });
  const server = createPlatformServer({ db, dataDir, logger: false });
  // Counted so the benchmark can show that the site's delivery cache was hot.
  let requests = 0;
  server.addHook('onRequest', async () => {
    requests++;
  });
  cleanups.push(() => server.close());
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address();
  process.on('message', (message) => {
    if (message?.type === 'requests') process.send?.({ type: 'requests', count: requests });
  });
  return `http://127.0.0.1:${port}`;
}

async function startSite() {
  if (!platformUrl) throw new Error('usage: site-servers.mjs site <platformUrl>');
  const { DEMO_HOSTS, startSiteServer } = await import('../packages/web/dist/src/index.js');
  const site = await startSiteServer({
    // Production needs its host names: the demo's, which the benchmarks' requests name.
    hosts: DEMO_HOSTS,
    // BENCH_SITE_ROOT measures another build of the site (a copy built elsewhere), not site/dist.
    siteRoot: process.env.BENCH_SITE_ROOT ?? fileURLToPath(new URL('../site', import.meta.url)),
    platformUrl,
    projectId: BENCH_PROJECT_ID,
    deliveryToken: BENCH_DELIVERY_TOKEN,
    // No preview token: every request reads published content through the delivery cache.
    port: 0,
    host: '127.0.0.1',
    dev: false,
    logger: { level: 'error' },
    ...(pageCacheSeconds !== undefined ? { pageCacheSeconds: Number(pageCacheSeconds) } : {}),
  });
  cleanups.push(() => site.close());
  return site.url;
}

async function startHop() {
  if (!platformUrl) throw new Error('usage: site-servers.mjs hop <platformUrl>');
  const target = new URL(platformUrl);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, answer) => {
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
        agent,
      },
      (upstream) => {
        answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(answer);
      },
    );
    forwarded.on('error', () => answer.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  cleanups.push(() => agent.destroy());
  return `http://127.0.0.1:${server.address().port}`;
}

process.on('message', (message) => {
  if (message === 'stop' || message?.type === 'stop') void stop(0);
});
process.on('disconnect', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  const starts = { platform: startPlatform, site: startSite, hop: startHop };
  const url = Object.hasOwn(starts, kind) ? await starts[kind]() : null;
  if (!url) throw new Error(`unknown server ${kind}; use platform, site or hop`);
  process.send?.({ type: 'ready', url });
} catch (error) {
  process.stderr.write(`site-servers ${kind}: ${error instanceof Error ? error.stack : error}\n`);
  await stop(1);
}
