import { DEMO_PROJECT_ID, demoTokens, type PlatformEnv } from '../config.js';
import { listContentTypes } from '../db/content-types.js';
import type { Db } from '../db/open.js';
import { getProject, listProjects } from '../db/projects.js';
import { ensureDeliveryToken } from '../db/tokens.js';
import { seedDemoAccounts } from '../seed/accounts.js';
import { demoContentTypes } from '../seed/demo/content-types.js';
import { demoContent } from '../seed/demo/index.js';
import { withDemoPhotos } from '../seed/demo/photos.js';
import { type LoadSeedResult, loadSeedContent } from '../seed/load.js';
import type { SeedContent, SeedDeliveryToken } from '../seed/types.js';

/** The demo project's delivery tokens: one for published content, one with preview rights. */
export function demoTokenSeeds(env: PlatformEnv): SeedDeliveryToken[] {
  const tokens = demoTokens(env);
  return [
    { name: 'Demo delivery token', value: tokens.delivery, canPreview: false },
    { name: 'Demo preview token', value: tokens.preview, canPreview: true },
  ];
}

/**
 * The demo site as `canopy-platform seed` and a first `serve` write it: the demo content with
 * the demo tokens, its banners as photo-sized JPEGs ({@link withDemoPhotos}).
 */
export function demoSeedContent(env: PlatformEnv): Promise<SeedContent> {
  return withDemoPhotos(demoContent({ deliveryTokens: demoTokenSeeds(env) }));
}

/**
 * Writes the demo site (replacing the demo project if present) with the demo tokens, then the
 * demo accounts, API client and roles (kept when they already exist). `content` defaults to
 * the demo content with its pictures as the small SVG drawings (quick, for tests);
 * {@link demoSeedContent} gives the one with photos.
 */
export function seedDemo(
  db: Db,
  dataDir: string,
  env: PlatformEnv,
  content: SeedContent = demoContent({ deliveryTokens: demoTokenSeeds(env) }),
): LoadSeedResult {
  const result = loadSeedContent(db, content, { dataDir });
  seedDemoAccounts(db, DEMO_PROJECT_ID, env);
  return result;
}

/** Whether the database holds no project at all (a first start). */
export function isEmptyDatabase(db: Db): boolean {
  return listProjects(db).length === 0;
}

/**
 * Makes sure the demo project accepts the current demo tokens (they can be changed through
 * the environment between runs) and has its demo accounts. Tokens added earlier stay valid.
 */
export function ensureDemoTokens(db: Db, env: PlatformEnv): void {
  if (!getProject(db, DEMO_PROJECT_ID)) return;
  for (const token of demoTokenSeeds(env)) ensureDeliveryToken(db, DEMO_PROJECT_ID, token);
  // Databases seeded before accounts existed get them on their next start.
  seedDemoAccounts(db, DEMO_PROJECT_ID, env);
}

/**
 * The content types of the current demo content that the demo project in `db` lacks: a data
 * directory seeded by an older version (the demo site then reads types its platform does not
 * have). Empty when the demo project is absent or complete.
 *
 * @example
 * missingDemoContentTypes(db); // ['cookieConsent'] for a data directory seeded before it existed
 */
export function missingDemoContentTypes(db: Db): string[] {
  if (!getProject(db, DEMO_PROJECT_ID)) return [];
  const present = new Set(listContentTypes(db, DEMO_PROJECT_ID).map((contentType) => contentType.id));
  return demoContentTypes()
    .map((contentType) => contentType.id)
    .filter((id) => !present.has(id));
}
