#!/usr/bin/env node
// Platform benchmark (`npm run bench -- platform`): for each size of BENCH_SIZES (default
// 10,000, 100,000 and 1,000,000 generated entries), seeds a temporary data directory with
// `canopy-platform seed --entries N` in a process of its own (its time, its peak memory and
// the database size are what the report gives), serves it with `canopy-platform serve` in
// another (searches on its worker threads, as it runs by default), and measures each query
// kind over HTTP with @canopy/client next to the same query answered in this process by the
// same delivery functions without HTTP (the floor). At each size it also sends a mix of
// searches and node reads from 1 and from 20 concurrent clients for BENCH_MIX_SECONDS
// (default 10) and compares their throughput. The last part is how each query's p50/p95
// grows with size.
//
// BENCH_SAMPLES (default 200) sets the requests per query. BENCH_DATA_DIR keeps each size's
// seeded data directory there and reuses it on the next run (the report then says it was
// not seeded in this run). Runs the compiled packages: `npm run bench` builds first.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client, Op, OrderBy, Query } from '../packages/client/dist/index.js';
import { openDatabase } from '../packages/platform/dist/src/db/open.js';
import { getProject } from '../packages/platform/dist/src/db/projects.js';
import { DeliveryContext } from '../packages/platform/dist/src/delivery/context.js';
import { getEntry, searchEntriesFromBody } from '../packages/platform/dist/src/delivery/entries.js';
import { getNodeByPath } from '../packages/platform/dist/src/delivery/nodes.js';
import { percentile, table } from './stats.mjs';

const CLI = fileURLToPath(new URL('../packages/platform/bin/canopy-platform.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('./platform-server.mjs', import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 10);
const MIX_CLIENTS = 20;
const KEEP = process.env.BENCH_DATA_DIR;
const WARMUP = 20;
/** The demo delivery token, which `seed --entries` gives the generated project. */
const TOKEN = 'canopy-demo-delivery-token';

/**
 * `fn(input)`, where a search the platform refuses past its time budget (503 with
 * `Retry-After`) counts as an answer that took that long, and is counted, instead of ending
 * the bench: at a million entries a search may take longer than `CANOPY_SEARCH_BUDGET_MS`.
 */
async function answered(fn, input, refusals) {
  try {
    await fn(input);
  } catch (error) {
    if (error?.status !== 503) throw error;
    refusals.count++;
  }
}

/**
 * Runs `fn` WARMUP + SAMPLES times (cycling through inputs) and returns latencies in ms, with
 * `refused`: how many of the samples the platform answered 503.
 */
async function measure(inputs, fn) {
  const warmup = { count: 0 };
  for (let i = 0; i < WARMUP; i++) await answered(fn, inputs[i % inputs.length], warmup);
  const refusals = { count: 0 };
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const input = inputs[i % inputs.length];
    // A turn of the event loop between samples, outside the timing: the floor's searches are
    // synchronous, and minutes of them (a million entries) would leave the client's kept-alive
    // connections unread, so it would reuse one the server has long closed.
    await new Promise((resolve) => setImmediate(resolve));
    const start = performance.now();
    await answered(fn, input, refusals);
    times.push(performance.now() - start);
  }
  return Object.assign(times, { refused: refusals.count });
}

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

/** Runs the CLI to the end; resolves with its stderr. */
function cli(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk) => {
      said += chunk;
      process.stderr.write(chunk);
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(said) : reject(new Error(`canopy-platform ${args[0]} failed (${code})`)),
    );
  });
}

/** Seeds `count` entries into `dataDir` in a process of its own and reads its report. */
async function seed(count, dataDir) {
  const said = await cli(['seed', '--entries', String(count), '--data', dataDir]);
  const seconds = Number(/in ([\d.]+) s\n/.exec(said)?.[1]);
  const databaseMb = Number(/Database: ([\d,]+) MB/.exec(said)?.[1].replaceAll(',', ''));
  const peakMb = Number(/peak memory of this process: ([\d,]+) MB/.exec(said)?.[1].replaceAll(',', ''));
  return { seconds, databaseMb, peakMb, seededNow: true };
}

/** A seeded data directory for `count`: kept ones (BENCH_DATA_DIR) are reused. */
async function dataFor(count) {
  if (!KEEP) {
    const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-'));
    return { dataDir, seeded: await seed(count, dataDir), temporary: true };
  }
  const dataDir = join(KEEP, String(count));
  const report = join(dataDir, 'bench-seed.json');
  if (existsSync(report) && !existsSync(join(dataDir, '.seeding'))) {
    return {
      dataDir,
      seeded: { ...JSON.parse(readFileSync(report, 'utf8')), seededNow: false },
      temporary: false,
    };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const seeded = await seed(count, dataDir);
  writeFileSync(report, JSON.stringify(seeded));
  return { dataDir, seeded, temporary: false };
}

/** `canopy-platform serve` on a free port; resolves once it answers. */
async function serve(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER, '--port', String(port), '--data', dataDir, '--quiet'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the platform did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, url };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const TERMS = ['marine', 'history', 'research', 'robotics', 'climate', 'music'];
const PLACES = [
  [51.48, -3.18],
  [52.41, -4.08],
  [53.48, -2.24],
  [51.45, -2.59],
  [51.51, -0.13],
];

/** The query kinds, with inputs sampled from the data itself. */
function kindsFor(db, client, context) {
  const paths = db
    .prepare(
      "SELECT path FROM node_localisations WHERE project_id = 'website' AND path LIKE '/news/%' AND rowid % 97 = 0 LIMIT 50",
    )
    .all()
    .map((row) => row.path);
  const articleIds = db
    .prepare(
      "SELECT entry_id FROM entry_versions WHERE project_id = 'website' AND content_type_id = 'newsArticle' AND is_published = 1 AND doc % 97 = 0 LIMIT 50",
    )
    .all()
    .map((row) => row.entry_id);
  return [
    {
      name: 'node by path',
      inputs: paths,
      http: (path) => client.nodes.get({ path }),
      floor: (path) => getNodeByPath(context(), path, {}),
    },
    {
      name: 'entry by id, linkDepth 2',
      inputs: articleIds,
      http: (id) => client.entries.get({ id, linkDepth: 2 }),
      floor: (id) => getEntry(context(), id, { linkdepth: '2' }),
    },
    {
      name: 'free-text search',
      inputs: TERMS,
      query: (term) => {
        const query = new Query(Op.freeText('searchContent', term));
        query.pageSize = 20;
        return query;
      },
    },
    {
      name: 'free text + 2 filters + 2 aggregations',
      inputs: TERMS,
      query: (term) => {
        const query = new Query(
          Op.freeText('searchContent', term),
          Op.equalTo('sys.contentTypeId', 'newsArticle'),
          Op.greaterThanOrEqualTo('publishDate', '2024-01-01T00:00:00Z'),
        );
        query.aggregations = {
          categories: { field: 'category', size: 10 },
          tags: { field: 'tags', size: 10 },
        };
        return query;
      },
    },
    {
      name: 'filter + orderBy date, page 50',
      inputs: ['Research', 'Campus', 'Student life'],
      query: (category) => {
        const query = new Query(
          Op.equalTo('sys.contentTypeId', 'newsArticle'),
          Op.equalTo('category', category),
        );
        query.orderBy = OrderBy.desc('publishDate');
        query.pageIndex = 50;
        query.pageSize = 20;
        return query;
      },
    },
    {
      name: 'distanceWithin ordered by distance',
      inputs: PLACES,
      query: ([lat, lon]) => {
        const query = new Query(Op.distanceWithin('location', lat, lon, '25km'));
        query.orderBy = OrderBy.asc('location');
        return query;
      },
    },
  ];
}

/**
 * Requests per second from `clients` concurrent clients, each sending the mix in turn (half
 * node reads, half searches of every kind) for MIX_SECONDS; bodies read, not parsed.
 */
async function mix(url, kinds, clients) {
  const base = `${url}/api/delivery/projects/website`;
  const headers = { accessToken: TOKEN, 'content-type': 'application/json' };
  const searches = kinds.filter((kind) => kind.query);
  const requests = [];
  const paths = kinds[0].inputs;
  for (let i = 0; i < 60; i++) {
    requests.push({ url: `${base}/nodes${encodeURI(paths[i % paths.length])}` });
    const kind = searches[i % searches.length];
    const body = JSON.stringify(kind.query(kind.inputs[i % kind.inputs.length]));
    requests.push({ url: `${base}/entries/search`, body });
  }
  let done = 0;
  let errors = 0;
  const deadline = performance.now() + MIX_SECONDS * 1000;
  const started = performance.now();
  const loop = async (offset) => {
    for (let i = offset; performance.now() < deadline; i++) {
      const request = requests[i % requests.length];
      try {
        const response = await fetch(
          request.url,
          request.body ? { method: 'POST', headers, body: request.body } : { headers },
        );
        await response.arrayBuffer();
        if (response.ok) done++;
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => loop(i * 7)));
  const seconds = (performance.now() - started) / 1000;
  return { clients, perSecond: done / seconds, errors };
}

async function runSize(count) {
  process.stderr.write(`\nPlatform bench at ${count.toLocaleString('en-GB')} entries\n`);
  const { dataDir, seeded, temporary } = await dataFor(count);
  const db = openDatabase(join(dataDir, 'platform.db'));
  const platform = await serve(dataDir);
  try {
    const client = Client.create({ rootUrl: platform.url, projectId: 'website', accessToken: TOKEN });
    const project = getProject(db, 'website');
    const context = () =>
      new DeliveryContext(db, project, { kind: 'deliveryToken', name: 'bench', canPreview: false });
    const kinds = kindsFor(db, client, context);
    const rows = [];
    for (const kind of kinds) {
      process.stderr.write(`Measuring ${kind.name}…\n`);
      const http = kind.query ? (input) => client.entries.search(kind.query(input)) : kind.http;
      const floor = kind.query
        ? (input) => searchEntriesFromBody(context(), {}, JSON.parse(JSON.stringify(kind.query(input))))
        : kind.floor;
      // The count of hits from the floor when the platform refuses the search (see `answered`).
      const sample = await http(kind.inputs[0]).catch(async (error) => {
        if (error?.status !== 503) throw error;
        return floor(kind.inputs[0]);
      });
      const hits = sample?.totalCount ?? (sample ? 1 : 0);
      const httpTimes = await measure(kind.inputs, http);
      const floorTimes = await measure(kind.inputs, floor);
      rows.push({
        kind: kind.name,
        hits,
        httpP50: percentile(httpTimes, 50),
        httpP95: percentile(httpTimes, 95),
        floorP50: percentile(floorTimes, 50),
        floorP95: percentile(floorTimes, 95),
        refused: httpTimes.refused,
      });
    }
    process.stderr.write(`Mix: 1 client, then ${MIX_CLIENTS}, ${MIX_SECONDS} s each…\n`);
    const one = await mix(platform.url, kinds, 1);
    const many = await mix(platform.url, kinds, MIX_CLIENTS);
    return { count, seeded, rows, mix: { one, many } };
  } finally {
    await stop(platform.child);
    db.close();
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runPlatformBench() {
  const sizes = [];
  for (const count of SIZES) sizes.push(await runSize(count));
  return { samples: SAMPLES, sizes };
}

const ms = (value) => value.toFixed(2);
const verdict = (ok) => (ok ? '**met**' : '**NOT met**');

function sizeReport(size) {
  const { seeded } = size;
  const lines = [
    `### ${size.count.toLocaleString('en-GB')} entries`,
    '',
    seeded.seededNow
      ? `Seeded by \`canopy-platform seed --entries ${size.count}\` in ${seeded.seconds.toFixed(1)} s, peak resident memory of the seeding process ${seeded.peakMb.toLocaleString('en-GB')} MB, database ${seeded.databaseMb.toLocaleString('en-GB')} MB.`
      : `Data directory reused from an earlier run (BENCH_DATA_DIR): seeded then in ${seeded.seconds.toFixed(1)} s, peak ${seeded.peakMb.toLocaleString('en-GB')} MB, database ${seeded.databaseMb.toLocaleString('en-GB')} MB.`,
    '',
    table(
      ['Query', 'Hits', 'HTTP p50', 'HTTP p95', 'Floor p50', 'Floor p95', 'Ratio'],
      size.rows.map((row) => [
        row.kind,
        String(row.hits),
        ms(row.httpP50),
        ms(row.httpP95),
        ms(row.floorP50),
        ms(row.floorP95),
        `${(row.httpP50 / row.floorP50).toFixed(2)}x`,
      ]),
    ),
    ...size.rows
      .filter((row) => row.refused > 0)
      .map(
        (row) =>
          `- ${row.kind}: ${row.refused} of ${SAMPLES} HTTP samples answered 503 past the platform's search budget (each timed until the refusal).`,
      ),
    '',
    `Mix of node reads and searches: 1 client ${size.mix.one.perSecond.toFixed(0)} requests/s (${size.mix.one.errors} errors), ${MIX_CLIENTS} concurrent clients ${size.mix.many.perSecond.toFixed(0)} requests/s (${size.mix.many.errors} errors): **${(size.mix.many.perSecond / size.mix.one.perSecond).toFixed(2)}×**.`,
  ];
  return lines.join('\n');
}

function targets(result) {
  const at = (count) => result.sizes.find((size) => size.count === count);
  const row = (size, kind) => size?.rows.find((r) => r.kind === kind);
  const lines = [];
  const hundred = at(100_000);
  if (hundred) {
    const composite = row(hundred, 'free text + 2 filters + 2 aggregations');
    const free = row(hundred, 'free-text search');
    const node = row(hundred, 'node by path');
    const ratio = hundred.mix.many.perSecond / hundred.mix.one.perSecond;
    lines.push(
      `- 100,000: composite search p50 ${ms(composite.httpP50)} ms (target ≤ 10) — ${verdict(composite.httpP50 <= 10)}; p95 ${ms(composite.httpP95)} ms (target ≤ 30) — ${verdict(composite.httpP95 <= 30)}.`,
      `- 100,000: free text p95 ${ms(free.httpP95)} ms (target ≤ 25) — ${verdict(free.httpP95 <= 25)}; node by path p50 ${ms(node.httpP50)} ms (target ≤ 1) — ${verdict(node.httpP50 <= 1)}.`,
      `- 100,000: ${MIX_CLIENTS} clients / 1 client throughput ${ratio.toFixed(2)}× (target ≥ 1.6, no error) — ${verdict(ratio >= 1.6 && hundred.mix.many.errors === 0)}.`,
    );
  }
  const million = at(1_000_000);
  if (million) {
    const composite = row(million, 'free text + 2 filters + 2 aggregations');
    const node = row(million, 'node by path');
    const { seeded } = million;
    lines.push(
      `- 1,000,000: seeded in ${seeded.seconds.toFixed(0)} s (target ≤ 300) — ${verdict(seeded.seconds <= 300)}; peak memory ${seeded.peakMb.toLocaleString('en-GB')} MB (target ≤ 1,500) — ${verdict(seeded.peakMb <= 1500)}.`,
      `- 1,000,000: composite search p95 ${ms(composite.httpP95)} ms (target ≤ 100) — ${verdict(composite.httpP95 <= 100)}; node by path p50 ${ms(node.httpP50)} ms (target ≤ 1) — ${verdict(node.httpP50 <= 1)}.`,
    );
  }
  return lines.join('\n');
}

function growth(result) {
  const [first, ...rest] = result.sizes;
  if (!first || rest.length === 0) return '';
  const names = first.rows.map((row) => row.kind);
  const headers = [
    'Query',
    ...result.sizes.map((size) => `${size.count.toLocaleString('en-GB')}: p50 / p95 (floor p50)`),
  ];
  const rows = names.map((name) => [
    name,
    ...result.sizes.map((size) => {
      const row = size.rows.find((r) => r.kind === name);
      const base = first.rows.find((r) => r.kind === name);
      const growthP50 = size === first ? '' : ` ×${(row.httpP50 / base.httpP50).toFixed(1)}`;
      return `${ms(row.httpP50)} / ${ms(row.httpP95)} (${ms(row.floorP50)})${growthP50}`;
    }),
  ]);
  return [
    `How each query grows with size: HTTP p50 / p95 ms, the floor's p50 in brackets, and × the p50 at ${first.count.toLocaleString('en-GB')}.`,
    '',
    table(headers, rows),
  ].join('\n');
}

export function platformReport(result) {
  return [
    `The platform (\`canopy-platform serve\`, searches on its worker threads) and each seed run as processes of their own on 127.0.0.1; the benchmark's client and the floor run in this process. Latency in milliseconds over ${result.samples} sequential requests per query after ${WARMUP} warm-up requests; the floor is the same query answered by the same delivery functions in-process, without HTTP or workers; the ratio is HTTP p50 / floor p50. The machine is shared with other developers' work, so figures move between runs.`,
    '',
    targets(result),
    '',
    growth(result),
    '',
    ...result.sizes.map(sizeReport).flatMap((text) => [text, '']),
  ].join('\n');
}
