import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TOKEN } from '../config.js';
import { createPlatformServer } from '../http/server.js';
import { SearchBusyError } from '../search/errors.js';
import { insertEntryVersion, makeEntry } from '../search/testing.js';
import { type RunningPlatform, startDemoPlatform } from '../test-support/platform-fixture.js';
import { SearchPool } from './search-pool.js';

type Paged = { totalCount: number; items: Array<Record<string, unknown> & { sys: { id: string } }> };

/** A second server on the demo platform's database whose searches go to `pool`. */
async function serveWithPool(platform: RunningPlatform, pool: SearchPool) {
  const server = createPlatformServer({ db: platform.db, dataDir: platform.dataDir, searchPool: pool });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('No address');
  return { server, base: `http://127.0.0.1:${address.port}/api/delivery/projects/website` };
}

const headers = { accessToken: DEFAULT_DELIVERY_TOKEN, 'content-type': 'application/json' };
const search = (base: string, body: unknown) =>
  fetch(`${base}/entries/search`, { method: 'POST', headers, body: JSON.stringify(body) });

describe('searches on worker threads', () => {
  let platform: RunningPlatform;
  let pool: SearchPool;
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    platform = await startDemoPlatform();
    pool = new SearchPool({ db: platform.db, workers: 2 });
    ({ server, base } = await serveWithPool(platform, pool));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await platform?.close();
  });

  it('answers as an in-process search does', async () => {
    const body = {
      where: [{ field: 'searchContent', freeText: { term: 'marine biology' } }],
      aggregations: { types: { field: 'sys.contentTypeId' } },
      pageSize: 5,
    };
    const before = pool.stats.byWorkers;
    const pooled = (await (await search(base, body)).json()) as Paged & { aggregations: unknown };
    const plain = (await (await search(platform.deliveryBase, body)).json()) as Paged & {
      aggregations: unknown;
    };
    expect(pool.stats.byWorkers).toBe(before + 1);
    expect(pooled.totalCount).toBeGreaterThan(0);
    expect(pooled.items.map((item) => item.sys.id)).toEqual(plain.items.map((item) => item.sys.id));
    expect(pooled.totalCount).toBe(plain.totalCount);
    expect(pooled.aggregations).toEqual(plain.aggregations);
  });

  it('leaves out restricted entries for an anonymous caller, as in-process', async () => {
    const body = {
      where: [{ field: 'sys.contentTypeId', in: ['contentPage', 'newsArticle'] }],
      pageSize: 500,
    };
    const pooled = (await (await search(base, body)).json()) as Paged;
    const plain = (await (await search(platform.deliveryBase, body)).json()) as Paged;
    const restricted = platform.db
      .prepare('SELECT count(*) AS n FROM entry_access WHERE project_id = ?')
      .get('website') as { n: number };
    expect(restricted.n).toBeGreaterThan(0);
    expect(pool.stats.inProcess).toBe(0);
    expect(pooled.totalCount).toBe(plain.totalCount);
    expect(pooled.items.map((item) => item.sys.id)).toEqual(plain.items.map((item) => item.sys.id));
  });

  it('answers a bad query with 400 and preview-only versions with 403, as in-process', async () => {
    expect((await search(base, { where: [{ field: 'title', equals: 'x' }] })).status).toBe(400);
    const latest = await search(base, { where: [{ field: 'sys.versionStatus', equalTo: 'latest' }] });
    expect(latest.status).toBe(403);
  });

  it('keeps every answer to one snapshot while a writer replaces entries', async () => {
    // Each write transaction deletes the wave's entries and inserts as many new ones, so every
    // answer must hold exactly BATCH entries of one round (search-snapshot.test.ts shows
    // deterministically why: search and hits come from one snapshot).
    const BATCH = 20;
    const { db } = platform;
    const remove = db.prepare('DELETE FROM entry_versions WHERE doc = ?');
    let docs: number[] = [];
    const writeWave = (round: number) =>
      db.transaction(() => {
        for (const doc of docs) remove.run(doc);
        docs = [];
        for (let i = 0; i < BATCH; i++) {
          const entry = makeEntry(
            { title: `Wave ${round} item ${i}`, category: 'Wave', round },
            { contentTypeId: 'newsArticle' },
            'website',
          );
          docs.push(insertEntryVersion(db, { projectId: 'website', entry }));
        }
      })();
    writeWave(0);

    // Readers keep searching on the workers while the main thread writes wave after wave.
    const answers: Paged[] = [];
    const before = pool.stats.inProcess;
    let writing = true;
    const writer = (async () => {
      for (let round = 1; round <= 40; round++) {
        writeWave(round);
        // Lets requests and worker answers in between the writes.
        await new Promise((resolve) => setImmediate(resolve));
      }
      writing = false;
    })();
    const reader = async () => {
      while (writing) {
        const response = await search(base, {
          where: [{ field: 'category', equalTo: 'Wave' }],
          pageSize: 100,
        });
        expect(response.status).toBe(200);
        answers.push((await response.json()) as Paged);
      }
    };
    await Promise.all([writer, reader(), reader(), reader()]);
    expect(answers.length).toBeGreaterThan(0);
    expect(pool.stats.inProcess).toBe(before);
    for (const answer of answers) {
      expect(answer.totalCount).toBe(BATCH);
      expect(answer.items).toHaveLength(BATCH);
      // One round per answer: the search and its entries come from the same moment.
      expect(new Set(answer.items.map((item) => item.round)).size).toBe(1);
    }
  }, 60_000);
});

describe('the search time budget', () => {
  let platform: RunningPlatform;
  let pool: SearchPool;
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    platform = await startDemoPlatform();
    // A worker that never answers: every search ends by the budget, however fast the machine.
    pool = new SearchPool({
      db: platform.db,
      workers: 1,
      budgetMs: 50,
      workerUrl: new URL('../test-support/stuck-search-worker.mjs', import.meta.url),
    });
    ({ server, base } = await serveWithPool(platform, pool));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await platform?.close();
  });

  it('answers 503 with Retry-After past the budget, running or waiting, and reads nodes meanwhile', async () => {
    const body = { where: [{ field: 'sys.contentTypeId', equalTo: 'course' }] };
    const [running, waiting, node] = await Promise.all([
      search(base, body),
      search(base, body),
      fetch(`${base}/nodes/root`, { headers }),
    ]);
    for (const response of [running, waiting]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      const error = (await response.json()) as { message: string; type: string };
      expect(error.type).toBe('error');
      expect(error.message).toMatch(/took too long/);
    }
    expect(node.status).toBe(200);
    expect(pool.stats.overBudget).toBe(2);
    // The stuck worker was replaced: the pool keeps its size.
    expect(pool.size).toBe(1);
  });

  it('ends the searches it still holds when it closes, running or waiting', async () => {
    const closing = new SearchPool({
      db: platform.db,
      workers: 1,
      budgetMs: 600_000,
      workerUrl: new URL('../test-support/stuck-search-worker.mjs', import.meta.url),
    });
    const request = {
      projectId: 'website',
      pageIndex: 0,
      pageSize: 1,
      defaultVersionStatus: 'published' as const,
      allowLatest: false,
    };
    const outcomes = Promise.allSettled([closing.search(request), closing.search(request)]);
    await closing.close();
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(SearchBusyError);
    }
  });
});
