import { type Readable, Transform } from 'node:stream';
import type { CachePolicy } from './cache-headers.js';
import type { RecalledPage } from './stale-pages.js';

/** Why a stale copy was served: the platform could not be reached, or it (or the render) failed. */
/**
 * Why a kept copy is served instead of a new rendering: the platform does not answer, it (or
 * the render) failed, or the site is at its limit of concurrent renders.
 */
export type StaleReason = 'unavailable' | 'error' | 'overload';

/** The `Warning` of a stale answer (RFC 7234 §5.5.1; obsolete in RFC 9111 but still read by caches and tools). */
export const STALE_WARNING = '110 - "Response is Stale"';

/** The header naming why an answer is stale, and whether content changed since it was rendered. */
export const STALE_HEADER = 'X-Canopy-Stale';

/**
 * The headers that mark a stale copy, replacing the cache headers it had when fresh: `Age`
 * (seconds since it was rendered), `Warning: 110`, `X-Canopy-Stale: unavailable|error|overload` (with
 * `; outdated` when content changed on the platform after it was rendered), and the short
 * error lifetime in `Surrogate-Control`, so a cache in front keeps it no longer than an error.
 *
 * @example
 * staleAnswerHeaders({ page, ageSeconds: 90 }, 'unavailable', policy);
 * // { Age: '90', Warning: '110 - "Response is Stale"', 'X-Canopy-Stale': 'unavailable', … }
 */
export function staleAnswerHeaders(
  recalled: RecalledPage,
  reason: StaleReason,
  policy: CachePolicy,
): Record<string, string> {
  return {
    'Cache-Control': policy.cacheControl,
    'Surrogate-Control': `max-age=${policy.errorSurrogateMaxAge}`,
    Age: String(recalled.ageSeconds),
    Warning: STALE_WARNING,
    [STALE_HEADER]: recalled.page.outdated ? `${reason}; outdated` : reason,
  };
}

/**
 * A stored body with its old CSP nonce replaced by this response's, so every answer still has
 * a nonce of its own. A nonce is 128 random bits in base64: it occurs nowhere else by chance.
 *
 * @example
 * withNonce('<script nonce="old">', 'old', 'new'); // '<script nonce="new">'
 */
export function withNonce(body: string, oldNonce: string | null, nonce: string): string {
  return oldNonce ? body.split(oldNonce).join(nonce) : body;
}

/**
 * Passes a streamed body through unchanged and, when it ends without error and within
 * `maxBytes`, hands the whole text to `onComplete` (to keep a copy of a streamed page).
 *
 * @example
 * reply.send(captureBody(stream, 1 << 20, (body) => pages.remember(request, vary, { …copy, body })));
 */
export function captureBody(body: Readable, maxBytes: number, onComplete: (text: string) => void): Readable {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  const tap = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      if (!tooLarge) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size > maxBytes) {
          tooLarge = true;
          chunks.length = 0;
        } else chunks.push(bytes);
      }
      done(null, chunk);
    },
    flush(done) {
      if (!tooLarge) onComplete(Buffer.concat(chunks).toString('utf8'));
      done();
    },
  });
  body.once('error', (error) => tap.destroy(error));
  return body.pipe(tap);
}
