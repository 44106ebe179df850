import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPlatformServer,
  type Db,
  loadSeedContent,
  openDatabase,
  type PlatformServerOptions,
} from '@canopy/platform';
import type { FastifyInstance } from 'fastify';
import { EventBus } from '../../../platform/src/events/bus.js';
import { seedDemoAccounts } from '../../../platform/src/seed/accounts.js';
import { demoContent } from '../../../platform/src/seed/demo/index.js';
import { withDemoPhotos } from '../../../platform/src/seed/demo/photos.js';

/** The demo tokens the test platform accepts. */
export const DELIVERY_TOKEN = 'test-delivery-token-3f9a';
export const PREVIEW_TOKEN = 'test-preview-token-8c21';
export const PROJECT_ID = 'website';

/** The demo site's API client (client_credentials) as {@link startTestPlatform} seeds it with `accounts`. */
export const CLIENT_ID = 'canopy-website';
export const CLIENT_SECRET = 'canopy-demo-client-secret';

/** Options of {@link startTestPlatform}. */
export interface TestPlatformOptions {
  /**
   * Also seed the demo accounts, groups, roles and the site's API client ({@link CLIENT_ID}),
   * for tests of the management API and the event stream (hashing their passwords takes a
   * moment, so only tests that need them ask).
   */
  accounts?: boolean;
  /**
   * The day the demo is seeded on (an ISO date), which places its events and course start
   * dates; default today, as a real seed does. Tests that check dates pass a fixed day.
   */
  today?: string;
  /**
   * Seed the banners as photo-sized JPEGs, as `canopy-platform seed` does (`withDemoPhotos`),
   * instead of the small SVG drawings: for browser tests of the pages as visitors get them.
   */
  photos?: boolean;
  /** Further platform server options (a fake clock, the sign-in throttle, trusted proxies …). */
  server?: Partial<Omit<PlatformServerOptions, 'db' | 'dataDir' | 'events'>>;
}

/** A real platform on 127.0.0.1 over a temporary data directory seeded with the demo. */
export interface TestPlatform {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  readonly port: number;
  readonly db: Db;
  /** The data directory (its `outbox/` holds the mails the platform wrote). */
  readonly dataDir: string;
  /** Stops listening (the site then sees an unreachable platform). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  /** Stops and removes the data directory. */
  dispose(): Promise<void>;
  /** How many event-stream subscriptions are open on the running server (0 when stopped). */
  eventStreams(): number;
}

/**
 * Starts the local platform for tests: demo content, two tokens (published and preview) with
 * values that appear nowhere else, so a test can search a page for them.
 */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-web-platform-'));
  const db = openDatabase(join(dataDir, 'platform.db'));
  const content = demoContent({
    today: options.today,
    deliveryTokens: [
      { name: 'site', value: DELIVERY_TOKEN, canPreview: false },
      { name: 'site preview', value: PREVIEW_TOKEN, canPreview: true },
    ],
  });
  loadSeedContent(db, options.photos ? await withDemoPhotos(content) : content, { dataDir });
  // The defaults of the platform's own configuration, which CLIENT_ID and CLIENT_SECRET repeat.
  if (options.accounts) seedDemoAccounts(db, PROJECT_ID, {});
  // One bus per server, as the platform makes it, but kept here so tests can count subscribers.
  let events = new EventBus();
  let server: FastifyInstance | null = createPlatformServer({ db, dataDir, events, ...options.server });
  // The server's own listeners (its receipt mails) are on the bus from the start: streams come on top.
  let ownListeners = events.size;
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The platform has no address');
  const port = address.port;
  const stop = async () => {
    await server?.close();
    server = null;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db,
    dataDir,
    stop,
    async restart() {
      if (server) return;
      events = new EventBus();
      server = createPlatformServer({ db, dataDir, events, ...options.server });
      ownListeners = events.size;
      await server.listen({ port, host: '127.0.0.1' });
    },
    eventStreams: () => (server ? events.size - ownListeners : 0),
    async dispose() {
      await stop();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
