import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

/** One schema step: `NNN_name.sql` in `migrations/`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// The SQL files sit beside the sources; the build copies them next to the compiled output.
const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Reads the numbered migration files in order. A file name must start with its version number
 * (`001_initial.sql`); versions must be unique.
 */
export function loadMigrations(dir: string = migrationsDir): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .map((file) => ({
      version: Number.parseInt(file, 10),
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(`${dir}/${file}`, 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`Two migrations share version ${migrations[i]!.version}`);
    }
  }
  return migrations;
}

/**
 * Applies every migration newer than the database's `user_version`, each in its own
 * transaction, so a crash mid-way leaves the schema at the last complete step.
 * Returns the names of the migrations applied.
 */
export function migrate(db: Database.Database, migrations: Migration[] = loadMigrations()): string[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      // PRAGMA takes no bound parameters; the version is an integer we parsed ourselves.
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.name);
  }
  return applied;
}
