import { expect } from 'vitest';
import type { Db } from '../db/open.js';

/** Asserts the contract's error body (§1.12): a GUID logId, a message, data and type 'error'. */
export function expectErrorBody(body: unknown, message?: RegExp | string): void {
  expect(body).toMatchObject({ logId: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'error' });
  const { message: text } = body as { message: unknown };
  expect(typeof text).toBe('string');
  expect((text as string).length).toBeGreaterThan(0);
  expect(body).toHaveProperty('data');
  if (message !== undefined) expect(text).toMatch(message);
}

/** One row of a query against the test database, failing loudly when there is none. */
export function row<T>(db: Db, sql: string, ...params: unknown[]): T {
  const found = db.prepare(sql).get(...params) as T | undefined;
  if (found === undefined) throw new Error(`No row for ${sql}`);
  return found;
}
