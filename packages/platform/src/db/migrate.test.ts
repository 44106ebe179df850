import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from './migrate.js';

describe('migration 008: least-privilege API clients', () => {
  it('takes account administration away from API clients seeded before it', () => {
    const db = new Database(':memory:');
    const migrations = loadMigrations();
    migrate(
      db,
      migrations.filter((migration) => migration.version < 8),
    );
    db.prepare(
      "INSERT INTO api_clients (id, name, secret_hash, security_admin, created) VALUES ('canopy-website', 'Canopy website', 'x', 1, '2026-01-01')",
    ).run();
    expect(migrate(db, migrations)).toContain('008_least_privilege_clients');
    expect(db.prepare('SELECT security_admin FROM api_clients').pluck().get()).toBe(0);
    db.close();
  });
});
