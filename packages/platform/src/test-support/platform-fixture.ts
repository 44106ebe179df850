import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../cli/demo.js';
import { DEFAULT_DELIVERY_TOKEN, DEFAULT_PREVIEW_TOKEN, DEMO_PROJECT_ID } from '../config.js';
import { type Db, openDatabase } from '../db/open.js';
import { EventBus, type PlatformEvent } from '../events/bus.js';
import { createPlatformServer, type PlatformServerOptions } from '../http/server.js';

/** A platform listening on 127.0.0.1 over a temporary data directory seeded with the demo. */
export interface RunningPlatform {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  /** `${origin}/api/delivery/projects/website` */
  deliveryBase: string;
  projectId: string;
  deliveryToken: string;
  previewToken: string;
  db: Db;
  dataDir: string;
  server: FastifyInstance;
  /** Fetches a delivery path (relative to {@link deliveryBase}) with the delivery token. */
  get(path: string, init?: RequestOptions): Promise<Response>;
  /** Like {@link get}, parsing JSON. */
  json<T = Record<string, unknown>>(
    path: string,
    init?: RequestOptions,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/** Per-request options of the fixture's helpers. */
export interface RequestOptions extends RequestInit {
  /** Token to send in the accessToken header; `null` sends none. Default: the delivery token. */
  token?: string | null;
}

/**
 * Starts the real server on an ephemeral port over a fresh temporary data directory seeded
 * with the demo content (demo tokens at their default values).
 */
export async function startDemoPlatform(
  options: Partial<Omit<PlatformServerOptions, 'db' | 'dataDir'>> = {},
): Promise<RunningPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-platform-test-'));
  const db = openDatabase(join(dataDir, 'platform.db'));
  seedDemo(db, dataDir, {});
  const server = createPlatformServer({ db, dataDir, ...options });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('No address');
  const origin = `http://127.0.0.1:${address.port}`;
  const deliveryBase = `${origin}/api/delivery/projects/${DEMO_PROJECT_ID}`;
  const get = (path: string, init: RequestOptions = {}) => {
    const { token = DEFAULT_DELIVERY_TOKEN, headers, ...rest } = init;
    const allHeaders = new Headers(headers);
    if (token !== null && !allHeaders.has('accessToken')) allHeaders.set('accessToken', token);
    const url = /^https?:/.test(path)
      ? path
      : `${path.startsWith('/api') || path.startsWith('/image') || path.startsWith('/asset') || path.startsWith('/video') ? origin : deliveryBase}${path}`;
    return fetch(url, { ...rest, headers: allHeaders });
  };
  return {
    origin,
    deliveryBase,
    projectId: DEMO_PROJECT_ID,
    deliveryToken: DEFAULT_DELIVERY_TOKEN,
    previewToken: DEFAULT_PREVIEW_TOKEN,
    db,
    dataDir,
    server,
    get,
    async json<T>(path: string, init?: RequestOptions) {
      const response = await get(path, init);
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : undefined) as T,
        headers: response.headers,
      };
    },
    async close() {
      await server.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * {@link startDemoPlatform} pushing every event it publishes onto `events`, for tests of what
 * writes announce (they clear it, or note its length, before the write they check).
 *
 * @example
 * const events: PlatformEvent[] = [];
 * platform = await startRecordingPlatform(events);
 */
export function startRecordingPlatform(
  events: PlatformEvent[],
  options: Partial<Omit<PlatformServerOptions, 'db' | 'dataDir' | 'events'>> = {},
): Promise<RunningPlatform> {
  const bus = new EventBus();
  bus.subscribe((event) => events.push(event));
  return startDemoPlatform({ ...options, events: bus });
}
