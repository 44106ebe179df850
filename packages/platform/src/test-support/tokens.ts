import { RESOURCE_SCOPES, USER_ONLY_SCOPES } from '../auth/scopes.js';
import { DEFAULT_CLIENT_ID } from '../config.js';
import { findUserByLogin } from '../db/accounts.js';
import { createSession, issueToken } from '../db/auth-tokens.js';
import type { Db } from '../db/open.js';

/** Options of {@link issueTestToken}. */
export interface TestTokenOptions {
  /** Scopes to grant (default: every scope the subject kind may hold). */
  scopes?: readonly string[];
  /** Lifetime in seconds (default 3600). */
  ttlSeconds?: number;
}

/**
 * A bearer token for a seeded user (by username) or API client (`{ clientId }`), written
 * straight into the token store, for tests of the management and security APIs that are not
 * about signing in. Tests of the token endpoint itself must go through HTTP instead.
 *
 * @example
 * const token = issueTestToken(platform.db, 'editor');
 * fetch(url, { headers: { Authorization: `Bearer ${token}` } });
 */
export function issueTestToken(
  db: Db,
  subject: string | { clientId: string } = 'admin',
  options: TestTokenOptions = {},
): string {
  const isClient = typeof subject !== 'string';
  let id: string;
  if (isClient) {
    id = subject.clientId || DEFAULT_CLIENT_ID;
  } else {
    const user = findUserByLogin(db, subject);
    if (!user) throw new Error(`No seeded user called ${subject}`);
    id = user.id;
  }
  const session = createSession(db, { kind: isClient ? 'client' : 'user', id });
  const scopes = options.scopes ?? [...(isClient ? [] : USER_ONLY_SCOPES), ...RESOURCE_SCOPES];
  return issueToken(db, session, 'access', options.ttlSeconds ?? 3600, scopes);
}
