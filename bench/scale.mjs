#!/usr/bin/env node
// Scale-out benchmark (`npm run bench -- scale`): the BUILT demo site under high concurrency,
// served three ways side by side in one run, against one local platform seeded with the demo:
//   - one process:  canopy-web start
//   - N workers:    canopy-web start --workers N (node:cluster, N = the CPU cores by default)
//   - Varnish:      varnishd with deploy/varnish/canopy.vcl in front of the N workers
// Each gets the same mixed traffic (pages, a search, a delivery-proxy call, a static file) from
// autocannon at each of BENCH_SCALE_CONNECTIONS (default "50,200") for BENCH_SCALE_DURATION
// seconds (default 30), after a
// short warm-up; the report gives requests per second, p50/p99 latency and the failures counted
// apart: connection errors, timeouts (no answer within 10 s), 503s (the page gate's quick "busy")
// and other non-2xx. Then a soak: BENCH_SCALE_SOAK seconds (default 60) of the same traffic at
// 50 connections against the N workers, sampling the resident memory of every site process
// (BENCH_SCALE_SOAK=600 for a ten-minute soak).
//
// Varnish is skipped (and said so) when varnishd is not installed. Everything runs with
// NODE_ENV=production. Runs the compiled packages: `npm run bench` builds first.
import { fork, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { table } from './stats.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const SERVERS = fileURLToPath(new URL('./site-servers.mjs', import.meta.url));
const CLI = join(repoRoot, 'packages/web/dist/bin/canopy-web.js');
const VCL = join(repoRoot, 'deploy/varnish/canopy.vcl');
const VARNISHD = existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : 'varnishd';
/** The bench platform's delivery token (bench/site-servers.mjs seeds it). */
const DELIVERY_TOKEN = 'bench-site-delivery-token';
const HOST = 'www.aberwen.example';
const WORKERS = Number(process.env.BENCH_SCALE_WORKERS ?? availableParallelism());
const CONNECTIONS = (process.env.BENCH_SCALE_CONNECTIONS ?? '50,200').split(',').map(Number);
const DURATION = Number(process.env.BENCH_SCALE_DURATION ?? 30);
const WARMUP = Number(process.env.BENCH_SCALE_WARMUP ?? 3);
const SOAK = Number(process.env.BENCH_SCALE_SOAK ?? 60);
const SOAK_CONNECTIONS = 50;
const SAMPLE_EVERY_MS = 5000;
/** The mix: content pages, listings, a search, a delivery-proxy call and a hashed static file. */
const PAGES = [
  '/',
  '/courses',
  '/courses/bsc-marine-biology',
  '/events',
  '/about',
  '/search/courses?term=marine',
  '/api/delivery/projects/website/nodes/root?depth=2&language=en-GB',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Forks the bench platform (bench/site-servers.mjs) and resolves with its URL. */
function startPlatform() {
  const child = fork(SERVERS, ['platform'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message?.type === 'ready') resolve(message.url);
    });
    child.once('exit', (code) => reject(new Error(`the platform exited before it was ready (${code})`)));
  });
  return { child, ready };
}

/** Polls `url` until it answers 200 (or fails after two minutes). */
async function waitFor(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

/** `canopy-web start` (with `--workers n` when given) on a free port. */
async function startSite(platformUrl, workers) {
  const port = await freePort();
  const args = [CLI, 'start', '--site', join(repoRoot, 'site'), '--port', String(port), '--quiet'];
  if (workers) args.push('--workers', String(workers));
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('CANOPY_')) delete env[name];
  const child = spawn(process.execPath, args, {
    env: {
      ...env,
      NODE_ENV: 'production',
      CANOPY_PLATFORM_URL: platformUrl,
      CANOPY_DELIVERY_TOKEN: DELIVERY_TOKEN,
      // Nobody previews: every page is the published one, as on a live host.
      CANOPY_VERSION_STATUS: 'published',
      CANOPY_SESSION_SECRET: 'bench-scale-session-secret-0123456789abcdef',
      // Every benchmark request comes from one address (autocannon's, through Varnish): a
      // per-address limit on the delivery proxy would measure the limiter, not the site.
      CANOPY_DELIVERY_RATE_LIMIT: 'off',
      // Production needs its host names: the addresses the benchmark and Varnish name.
      CANOPY_HOSTS: 'localhost,127.0.0.1,https://www.aberwen.example',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/__lbheartbeat__`);
  return { child, url, port };
}

/** varnishd with the repository's VCL in front of `sitePort`, in a temporary working directory. */
async function startVarnish(sitePort) {
  const check = spawnSync(VARNISHD, ['-V']);
  if (check.error || check.status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'canopy-bench-varnish-'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'main.vcl'),
    `vcl 4.1;
backend site {
    .host = "127.0.0.1";
    .port = "${sitePort}";
    .max_connections = 400;
    .probe = { .url = "/__lbheartbeat__"; .interval = 2s; .timeout = 2s; .window = 3; .threshold = 1; .initial = 1; }
}
acl canopy_purgers { "127.0.0.1"; }
sub vcl_recv {
    set req.http.X-Canopy-Session-Cookie = "canopy_session";
    set req.http.X-Canopy-Consent-Cookie = "aberwen_consent";
}
include "${VCL}";
`,
  );
  const child = spawn(
    VARNISHD,
    [
      '-F',
      '-j',
      'none',
      '-a',
      `127.0.0.1:${port}`,
      '-T',
      'none',
      '-n',
      join(dir, 'n'),
      '-f',
      join(dir, 'main.vcl'),
      '-p',
      'http_gzip_support=off',
      '-s',
      'malloc,256m',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // varnishd -F talks on stderr: shown only when it does not come up.
  let said = '';
  child.stderr.on('data', (chunk) => {
    said += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/__lbheartbeat__`);
  } catch (error) {
    process.stderr.write(said);
    throw error;
  }
  return { child, url, dir };
}

/** Stops a child process (SIGTERM, then SIGKILL after 10 s). */
async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The traffic mix for `url`: the pages and one hashed static file of the home page. */
async function requestsFor(url) {
  const home = await fetch(`${url}/`, { headers: { host: HOST } }).then((response) => response.text());
  const script = /import\("(\/static\/[^"]+\.js)"\)/.exec(home)?.[1];
  return [...PAGES, ...(script ? [script] : [])].map((path) => ({ method: 'GET', path }));
}

/** One autocannon run; failures are counted, not thrown, since counting them is the point. */
async function load(url, requests, connections, seconds) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { host: HOST, 'accept-encoding': 'br, gzip' },
    requests,
  });
  const statuses = result.statusCodeStats ?? {};
  const busy = statuses['503']?.count ?? 0;
  return {
    rate: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    busy,
    otherNon2xx: result.non2xx - busy,
  };
}

/** Resident memory (kB) of a process and its children (the cluster's workers). */
function rssKb(pid) {
  const pids = [pid];
  try {
    pids.push(
      ...readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    // no /proc: only the process itself
  }
  let total = 0;
  for (const id of pids) {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return total;
}

/** One row per connection count, after one warm-up. */
async function measure(name, url, requests) {
  process.stdout.write(`scale: ${name}: warming up…\n`);
  await load(url, requests, 20, WARMUP);
  const rows = [];
  for (const connections of CONNECTIONS) {
    process.stdout.write(`scale: ${name}: ${connections} connections for ${DURATION} s… `);
    const result = await load(url, requests, connections, DURATION);
    console.log(`${Math.round(result.rate)} req/s, p99 ${result.p99} ms`);
    rows.push({ name, connections, ...result });
  }
  return rows;
}

/** Runs the benchmark; resolves with what {@link scaleReport} prints. */
export async function runScaleBench() {
  const platform = startPlatform();
  const started = [];
  try {
    const platformUrl = await platform.ready;
    const rows = [];
    const single = await startSite(platformUrl, 0);
    started.push(single.child);
    const requests = await requestsFor(single.url);
    rows.push(...(await measure('one process', single.url, requests)));
    await stop(single.child);

    const cluster = await startSite(platformUrl, WORKERS);
    started.push(cluster.child);
    rows.push(...(await measure(`${WORKERS} workers`, cluster.url, requests)));

    const varnish = await startVarnish(cluster.port);
    let varnishNote = null;
    if (varnish) {
      started.push(varnish.child);
      rows.push(...(await measure(`Varnish + ${WORKERS} workers`, varnish.url, requests)));
      await stop(varnish.child);
      rmSync(varnish.dir, { recursive: true, force: true });
    } else {
      varnishNote =
        'varnishd is not installed here (apt-get install varnish varnish-modules): no Varnish row.';
      console.log(`scale: ${varnishNote}`);
    }

    // Soak: the N workers alone (Varnish would take the load off them), memory sampled.
    console.log(`scale: soak, ${SOAK_CONNECTIONS} connections for ${SOAK} s against ${WORKERS} workers…`);
    const samples = [];
    const sampler = setInterval(() => samples.push(rssKb(cluster.child.pid)), SAMPLE_EVERY_MS);
    const soak = await load(cluster.url, requests, SOAK_CONNECTIONS, SOAK);
    clearInterval(sampler);
    samples.push(rssKb(cluster.child.pid));
    await stop(cluster.child);
    return { rows, soak, samples, varnishNote };
  } finally {
    for (const child of started) await stop(child);
    await stop(platform.child);
  }
}

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** The Markdown section of docs/BENCHMARKS.md. */
export function scaleReport({ rows, soak, samples, varnishNote }) {
  const lines = [
    `Mixed traffic (${PAGES.join(', ')} and a hashed script, in turn on each connection) from autocannon, ${CONNECTIONS.join(' and ')} connections for ${DURATION} s each, after a ${WARMUP} s warm-up; a timeout is no answer within 10 s; 503 is the page gate's quick refusal. Site processes run with their default settings (page cache on).`,
    '',
    table(
      [
        'Served by',
        'connections',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'errors',
        'timeouts',
        '503',
        'other non-2xx',
      ],
      rows.map((row) => [
        row.name,
        row.connections,
        Math.round(row.rate),
        row.p50,
        row.p99,
        row.max,
        row.errors,
        row.timeouts,
        row.busy,
        row.otherNon2xx,
      ]),
    ),
  ];
  if (varnishNote) lines.push('', varnishNote);
  // Samples every 5 s; the first minute is the warm-up (the workers come to the soak after the
  // c=200 runs, so they start near their high-water mark and garbage collection settles).
  const perMinute = 60_000 / SAMPLE_EVERY_MS;
  const warm = samples.slice(Math.min(perMinute, Math.max(samples.length - 1, 0)));
  const first = warm[0] ?? 0;
  const last = samples.at(-1) ?? 0;
  const low = Math.min(...warm);
  const peak = Math.max(...warm, 0);
  const growth = first > 0 ? ((last - first) / first) * 100 : 0;
  const minutes = samples
    .filter((_, index) => (index + 1) % perMinute === 0)
    .map((kb) => (kb / 1024).toFixed(0))
    .join(', ');
  lines.push(
    '',
    `Soak: ${SOAK_CONNECTIONS} connections for ${SOAK} s against the workers: ${Math.round(soak.rate)} req/s, p99 ${soak.p99} ms, ${soak.errors} errors, ${soak.timeouts} timeouts, ${soak.busy} 503s, ${soak.otherNon2xx} other non-2xx. Resident memory of all site processes (the primary and its workers), sampled every ${SAMPLE_EVERY_MS / 1000} s: ${mb(samples[0] ?? 0)} at the start; after the first minute ${mb(first)}, at the end ${mb(last)} (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %), between ${mb(low)} and ${mb(peak)}${minutes ? `; at each minute: ${minutes} MB` : ''}.`,
  );
  return lines.join('\n');
}
