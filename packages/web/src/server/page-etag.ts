import { createHash } from 'node:crypto';

/**
 * The weak ETag of a rendered page. Every page carries a fresh CSP nonce, so the nonce is left
 * out of what is hashed: two renders of the same content share a tag, and a browser revisiting
 * the page can be answered with a 304 (see {@link notModified}).
 *
 * @example
 * pageEtag('<script nonce="abc">…</script>', 'abc'); // 'W/"…"', the same for any nonce
 */
export function pageEtag(body: string, nonce: string): string {
  const stable = nonce ? body.replaceAll(nonce, '') : body;
  return `W/"${createHash('sha1').update(stable).digest('base64url')}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag` by the weak comparison (RFC 9110 §13.1.2):
 * `*`, or any listed tag equal to it once the `W/` prefixes are ignored.
 *
 * @example
 * notModified('W/"a", "b"', 'W/"b"'); // true
 * notModified(undefined, 'W/"b"'); // false
 */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string' || ifNoneMatch === '') return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}
