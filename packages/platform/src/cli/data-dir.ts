import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSETS_DIR, DATA_DIR_MARKER, DATABASE_FILE, type PlatformEnv } from '../config.js';

/**
 * The repository root: the nearest directory at or above `start` whose `package.json` has a
 * `workspaces` field. Undefined when there is none (e.g. the package installed elsewhere).
 */
export function findRepoRoot(start: string): string | undefined {
  let current = resolve(start);
  for (;;) {
    const manifest = join(current, 'package.json');
    if (existsSync(manifest)) {
      try {
        const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
        if (parsed.workspaces !== undefined) return current;
      } catch {
        // An unreadable package.json is not the root we are looking for; keep walking.
      }
    }
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

const moduleDir = dirname(fileURLToPath(import.meta.url));

/**
 * The data directory: `--data` if given, else `CANOPY_DATA_DIR`, else `.data/` at the
 * repository root (found from this file's location), else `.data/` in the working directory.
 * Relative values resolve against the working directory.
 *
 * @example
 * resolveDataDir(undefined, {}); // '/path/to/repo/.data'
 */
export function resolveDataDir(flag: string | undefined, env: PlatformEnv, from: string = moduleDir): string {
  if (flag?.trim()) return resolve(flag.trim());
  if (env.CANOPY_DATA_DIR?.trim()) return resolve(env.CANOPY_DATA_DIR.trim());
  const root = findRepoRoot(from);
  return resolve(root ?? process.cwd(), '.data');
}

/** The database file of a data directory. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, DATABASE_FILE);
}

/** Creates a data directory (if needed) and marks it as Canopy's. */
export function prepareDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const marker = join(dataDir, DATA_DIR_MARKER);
  if (!existsSync(marker)) {
    writeFileSync(
      marker,
      `${JSON.stringify({ createdBy: '@canopy/platform', created: new Date().toISOString() })}\n`,
    );
  }
}

/** File present while a seed runs; left behind, it means the last seed was interrupted. */
export const SEEDING_MARKER = '.seeding';

/**
 * Runs a seed with {@link SEEDING_MARKER} in place, so a process killed mid-seed (which
 * cannot clean up after itself) leaves a sign that the data is incomplete.
 */
export function whileSeeding<T>(dataDir: string, seed: () => T): T {
  const marker = join(dataDir, SEEDING_MARKER);
  writeFileSync(marker, `${process.pid}\n`);
  const result = seed();
  rmSync(marker, { force: true });
  return result;
}

/** {@link whileSeeding} for a seed that runs asynchronously (on a worker thread). */
export async function whileSeedingAsync<T>(dataDir: string, seed: () => Promise<T>): Promise<T> {
  const marker = join(dataDir, SEEDING_MARKER);
  writeFileSync(marker, `${process.pid}\n`);
  const result = await seed();
  rmSync(marker, { force: true });
  return result;
}

/** Whether the last seed in a data directory was interrupted. */
export function seedingInterrupted(dataDir: string): boolean {
  return existsSync(join(dataDir, SEEDING_MARKER));
}

/** Whether a directory is a Canopy data directory (it has the marker or the database). */
export function isCanopyDataDir(dataDir: string): boolean {
  return existsSync(join(dataDir, DATA_DIR_MARKER)) || existsSync(databaseFile(dataDir));
}

/**
 * Deletes what the platform keeps in a data directory — the database (with its WAL files),
 * the assets folder and the marker — and nothing else. Refuses a directory that is not a
 * Canopy data directory. Returns the paths removed.
 */
export function resetDataDir(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  if (!isCanopyDataDir(dataDir)) {
    throw new Error(
      `${dataDir} is not a Canopy data directory (no ${DATA_DIR_MARKER} or ${DATABASE_FILE}); refusing to delete anything`,
    );
  }
  const database = databaseFile(dataDir);
  const targets = [
    database,
    `${database}-wal`,
    `${database}-shm`,
    join(dataDir, ASSETS_DIR),
    join(dataDir, DATA_DIR_MARKER),
  ];
  const removed: string[] = [];
  for (const target of targets) {
    if (!existsSync(target)) continue;
    rmSync(target, { recursive: true, force: true });
    removed.push(target);
  }
  return removed;
}
