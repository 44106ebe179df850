import { createHash } from 'node:crypto';
import type { Db } from './open.js';
import { preparedFor } from './statements.js';

/** A delivery access token as the platform knows it (the value itself is never stored). */
export interface DeliveryTokenRecord {
  projectId: string;
  name: string;
  /** Whether the token may read `latest` (unpublished) versions. */
  canPreview: boolean;
}

const statements = preparedFor((db) => ({
  insert: db.prepare(
    'INSERT INTO delivery_tokens (token_hash, project_id, name, can_preview) VALUES (?, ?, ?, ?)',
  ),
  insertOrIgnore: db.prepare(
    'INSERT OR IGNORE INTO delivery_tokens (token_hash, project_id, name, can_preview) VALUES (?, ?, ?, ?)',
  ),
  find: db.prepare<[string], { project_id: string; name: string; can_preview: number }>(
    'SELECT project_id, name, can_preview FROM delivery_tokens WHERE token_hash = ?',
  ),
}));

/**
 * The stored form of a token: hex SHA-256. Tokens are long random (or deliberately public
 * demo) strings, so a fast unsalted hash is enough to keep a copied database from revealing
 * them while letting a lookup stay one index probe.
 *
 * @example
 * hashToken('abc'); // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function hashToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Stores a delivery token (hashed) for a project. */
export function insertDeliveryToken(
  db: Db,
  projectId: string,
  token: { name: string; value: string; canPreview: boolean },
): void {
  statements(db).insert.run(hashToken(token.value), projectId, token.name, token.canPreview ? 1 : 0);
}

/**
 * Stores a delivery token unless a token with the same value exists (for any project).
 * Returns whether it was added.
 */
export function ensureDeliveryToken(
  db: Db,
  projectId: string,
  token: { name: string; value: string; canPreview: boolean },
): boolean {
  return (
    statements(db).insertOrIgnore.run(hashToken(token.value), projectId, token.name, token.canPreview ? 1 : 0)
      .changes > 0
  );
}

/** The token record for a presented token value, or undefined when no such token exists. */
export function findDeliveryToken(db: Db, value: string): DeliveryTokenRecord | undefined {
  const row = statements(db).find.get(hashToken(value));
  return row ? { projectId: row.project_id, name: row.name, canPreview: row.can_preview === 1 } : undefined;
}
