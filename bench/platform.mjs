#!/usr/bin/env node
// Platform benchmark: seeds N generated entries (default 100,000) into a temporary data
// directory, then measures each query kind over HTTP with @canopy/client next to the same
// query answered in-process by the same delivery functions without HTTP (the floor).
// Runs the compiled packages: `npm run bench` builds first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Op, OrderBy, Query } from '../packages/client/dist/index.js';
import { openDatabase } from '../packages/platform/dist/src/db/open.js';
import { getProject } from '../packages/platform/dist/src/db/projects.js';
import { DeliveryContext } from '../packages/platform/dist/src/delivery/context.js';
import { getEntry, searchEntriesFromBody } from '../packages/platform/dist/src/delivery/entries.js';
import { getNodeByPath } from '../packages/platform/dist/src/delivery/nodes.js';
import { createPlatformServer } from '../packages/platform/dist/src/http/server.js';
import { generateContent } from '../packages/platform/dist/src/seed/generate.js';
import { loadSeedContent } from '../packages/platform/dist/src/seed/load.js';
import { percentile, table } from './stats.mjs';

const COUNT = Number(process.env.BENCH_ENTRIES ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 20;
const TOKEN = 'bench-delivery-token';

/** Runs `fn` WARMUP + SAMPLES times (cycling through inputs) and returns latencies in ms. */
async function measure(inputs, fn) {
  for (let i = 0; i < WARMUP; i++) await fn(inputs[i % inputs.length]);
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const input = inputs[i % inputs.length];
    const start = performance.now();
    await fn(input);
    times.push(performance.now() - start);
  }
  return times;
}

export async function runPlatformBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-'));
  const db = openDatabase(join(dataDir, 'platform.db'));
  try {
    process.stderr.write(`Seeding ${COUNT.toLocaleString('en-GB')} generated entries…\n`);
    const content = {
      ...generateContent({ count: COUNT }),
      deliveryTokens: [{ name: 'bench', value: TOKEN, canPreview: false }],
    };
    const seedStart = performance.now();
    let lastReport = 0;
    loadSeedContent(db, content, {
      dataDir,
      onProgress: (done, total) => {
        const now = performance.now();
        if (now - lastReport > 5000) {
          lastReport = now;
          process.stderr.write(
            `  ${done.toLocaleString('en-GB')}${total ? ` / ${total.toLocaleString('en-GB')}` : ''} entries\n`,
          );
        }
      },
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    process.stderr.write(`Seeded in ${seedSeconds.toFixed(1)} s\n`);

    const server = createPlatformServer({ db, dataDir, logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address();
    const client = Client.create({
      rootUrl: `http://127.0.0.1:${port}`,
      projectId: 'website',
      accessToken: TOKEN,
    });
    const project = getProject(db, 'website');
    const context = () =>
      new DeliveryContext(db, project, { kind: 'deliveryToken', name: 'bench', canPreview: false });

    // Inputs sampled from the data itself, spread over the whole set.
    const paths = db
      .prepare(
        "SELECT path FROM node_localisations WHERE project_id = 'website' AND path LIKE '/news/%' AND rowid % 997 = 0 LIMIT 50",
      )
      .all()
      .map((row) => row.path);
    const articleIds = db
      .prepare(
        "SELECT entry_id FROM entry_versions WHERE project_id = 'website' AND content_type_id = 'newsArticle' AND is_published = 1 AND doc % 997 = 0 LIMIT 50",
      )
      .all()
      .map((row) => row.entry_id);
    const terms = ['marine', 'history', 'research', 'robotics', 'climate', 'music'];
    const places = [
      [51.48, -3.18],
      [52.41, -4.08],
      [53.48, -2.24],
      [51.45, -2.59],
      [51.51, -0.13],
    ];

    const kinds = [
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
        inputs: terms,
        query: (term) => {
          const query = new Query(Op.freeText('searchContent', term));
          query.pageSize = 20;
          return query;
        },
      },
      {
        name: 'free text + 2 filters + 2 aggregations',
        inputs: terms,
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
        inputs: places,
        query: ([lat, lon]) => {
          const query = new Query(Op.distanceWithin('location', lat, lon, '25km'));
          query.orderBy = OrderBy.asc('location');
          return query;
        },
      },
    ];

    const rows = [];
    for (const kind of kinds) {
      process.stderr.write(`Measuring ${kind.name}…\n`);
      const http = kind.query ? (input) => client.entries.search(kind.query(input)) : kind.http;
      const floor = kind.query
        ? (input) => searchEntriesFromBody(context(), {}, JSON.parse(JSON.stringify(kind.query(input))))
        : kind.floor;
      const sample = await http(kind.inputs[0]);
      const hits = sample?.totalCount ?? (sample ? 1 : 0);
      const httpTimes = await measure(kind.inputs, http);
      const floorTimes = await measure(kind.inputs, floor);
      const httpP50 = percentile(httpTimes, 50);
      const floorP50 = percentile(floorTimes, 50);
      rows.push({
        kind: kind.name,
        hits,
        httpP50,
        httpP95: percentile(httpTimes, 95),
        floorP50,
        floorP95: percentile(floorTimes, 95),
        ratio: httpP50 / floorP50,
      });
    }
    await server.close();
    return { count: COUNT, samples: SAMPLES, seedSeconds, rows };
  } finally {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function platformReport(result) {
  const lines = [
    `Seeded ${result.count.toLocaleString('en-GB')} generated entries in ${result.seedSeconds.toFixed(1)} s (target: under 60 s).`,
    '',
    `Latency in milliseconds over ${result.samples} sequential requests after ${WARMUP} warm-up requests. The floor is the same query answered by the same delivery functions in-process, without HTTP; the ratio is HTTP p50 / floor p50.`,
    '',
    table(
      ['Query', 'Hits', 'HTTP p50', 'HTTP p95', 'Floor p50', 'Floor p95', 'Ratio'],
      result.rows.map((row) => [
        row.kind,
        String(row.hits),
        row.httpP50.toFixed(2),
        row.httpP95.toFixed(2),
        row.floorP50.toFixed(2),
        row.floorP95.toFixed(2),
        `${row.ratio.toFixed(2)}x`,
      ]),
    ),
  ];
  return lines.join('\n');
}
