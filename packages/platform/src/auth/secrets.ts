import { randomBytes } from 'node:crypto';

// No secret is ever compared character by character, so there is no timing to leak:
// passwords and client secrets are checked by argon2id's own verification, and tokens are
// found by the SHA-256 of the presented value — an index probe on a hash reveals nothing
// usable about the token itself.

/**
 * A fresh bearer, refresh or session token: 256 random bits, base64url (43 characters).
 *
 * @example
 * randomToken(); // 'q3Vt…' (43 characters)
 */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}
