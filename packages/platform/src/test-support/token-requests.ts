import type { Db } from '../db/open.js';

/** A token-endpoint answer as a test sees it. */
export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * Posts a raw request to `/authenticate/connect/token`, for the cases the client never sends
 * (hostile bodies, missing fields). A record is form-encoded the way the clients do it.
 *
 * @example
 * const answer = await postToken(platform.origin, { grant_type: 'client_credentials', client_id: 'x', client_secret: 'y' });
 */
export async function postToken(
  origin: string,
  body: string | Record<string, string>,
  contentType = 'application/x-www-form-urlencoded;charset=UTF-8',
  headers: Record<string, string> = {},
): Promise<TokenAnswer> {
  const text =
    typeof body === 'string'
      ? body
      : Object.entries(body)
          .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
          .join('&');
  const response = await fetch(`${origin}/authenticate/connect/token`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': contentType },
    body: text,
  });
  const raw = await response.text();
  return { status: response.status, body: raw ? JSON.parse(raw) : {}, headers: response.headers };
}

/**
 * Everything sign-in may change — sessions, tokens and the users' records — to compare before
 * and after a request that must change nothing.
 */
export function accountState(db: Db): { sessions: number; tokens: number; users: string } {
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const users = db.prepare('SELECT id, suspended, data FROM users ORDER BY id').all();
  return { sessions: count('auth_sessions'), tokens: count('auth_tokens'), users: JSON.stringify(users) };
}

/** The JSON record of a user (contract §4.3), straight from the database. */
export function userRecord(db: Db, username: string): Record<string, unknown> {
  const row = db.prepare('SELECT data FROM users WHERE username = ?').get(username) as { data: string };
  return JSON.parse(row.data) as Record<string, unknown>;
}

/** Suspends or reinstates a user directly in the database. */
export function setSuspended(db: Db, username: string, suspended: boolean): void {
  db.prepare('UPDATE users SET suspended = ? WHERE username = ?').run(suspended ? 1 : 0, username);
}
