import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A fresh bearer, refresh or session token: 256 random bits, base64url (43 characters).
 *
 * @example
 * randomToken(); // 'q3Vt…' (43 characters)
 */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compares two strings without leaking, through timing, how much of them matches. Both are
 * hashed first so that the comparison is between equal-length buffers whatever the inputs.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right);
}
