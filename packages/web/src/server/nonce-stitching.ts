import type { Transform } from 'node:stream';
import {
  brotliDecompressSync,
  constants,
  crc32,
  createBrotliCompress,
  createDeflateRaw,
  gunzipSync,
} from 'node:zlib';

/** The encodings a page is kept in, besides plain. */
export type StitchEncoding = 'br' | 'gzip';

/**
 * A page compressed once, with a hole wherever its CSP nonce stood: {@link StitchedBody.withNonce}
 * writes a fresh nonce into the holes as stored (uncompressed) bytes, so every answer carries a
 * nonce of its own while the rest of the page is never compressed again.
 */
export interface StitchedBody {
  encoding: StitchEncoding;
  /** The compressed page with `nonce` in every hole: a complete gzip or brotli stream. */
  withNonce(nonce: string): Buffer;
  /** Bytes held (the compressed parts). */
  readonly bytes: number;
}

/** Options of {@link stitchBody}. */
export interface StitchOptions {
  /** Brotli quality, 0–11; the page's literals must not depend on the bytes before them (see below). */
  brotliQuality: number;
}

/**
 * Compresses `body` once into parts that a fresh nonce can be stitched between, or resolves
 * `null` when that cannot be done safely (the check at the end failed: the caller compresses
 * per request, as before).
 *
 * How: the body is fed to one compressor with every nonce replaced by a placeholder of the same
 * length, flushing to a byte boundary before and after each. The compressor's output for each
 * placeholder is dropped; in its place each answer gets a stored block (deflate) or an
 * uncompressed meta-block (brotli) holding its own nonce. That is exact when nothing after a
 * hole depends on the bytes in it:
 * - no back-reference may copy from a hole: the placeholders are made of bytes the body does
 *   not contain (control bytes and bytes that never occur in UTF-8), so no match can start or
 *   run into one, and no two share a 4-byte sequence, so the compressor codes each one as
 *   literals (brotli's last-distance cache is then untouched, as by an uncompressed block);
 * - brotli codes a literal by the two bytes before it only with context modeling (quality 5
 *   and up), which is turned off here; deflate has no such state. Positions are unchanged
 *   (the nonce and the placeholder have the same length), so brotli's window and static
 *   dictionary references read the same.
 * The result is checked once by decompressing it with a different nonce.
 *
 * @example
 * const stitched = await stitchBody(html, nonce, 'br', { brotliQuality: 3 });
 * reply.header('content-encoding', 'br').send(stitched?.withNonce(createNonce()));
 */
export async function stitchBody(
  body: string,
  nonce: string,
  encoding: StitchEncoding,
  options: StitchOptions,
): Promise<StitchedBody | null> {
  const segments = body.split(nonce).map((text) => Buffer.from(text));
  const nonceLength = Buffer.byteLength(nonce);
  if (!nonce || segments.length < 2 || nonceLength > 0xffff) return null;
  const placeholders = makePlaceholders(segments, nonceLength, segments.length - 1);
  if (!placeholders) return null;
  const parts = await compressAround(segments, placeholders, encoding, options);
  const stitched =
    encoding === 'gzip' ? gzipStitched(parts, segments, nonceLength) : brotliStitched(parts, nonceLength);
  // A nonce of another alphabet than base64 differs from the stored one in every byte.
  const probe = '!'.repeat(nonceLength);
  const decoded = (encoding === 'gzip' ? gunzipSync : brotliDecompressSync)(stitched.withNonce(probe));
  return decoded.equals(Buffer.from(body.split(nonce).join(probe))) ? stitched : null;
}

/** Bytes that occur in no UTF-8 text (0xC0, 0xC1, 0xF5–0xFF) and control bytes HTML does not need. */
const RARE_BYTES = [
  0xc0, 0xc1, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff, 0x01, 0x02, 0x03, 0x04, 0x05,
  0x06, 0x07, 0x08, 0x0b, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b,
  0x1c, 0x1d, 0x1e, 0x1f,
];

/**
 * One placeholder per hole, of bytes absent from the body, with no 4-byte sequence repeated
 * anywhere in them; `null` when the body uses too many of those bytes. Drawn from a fixed seed,
 * so the same page always compresses the same.
 */
function makePlaceholders(segments: Buffer[], length: number, count: number): Buffer[] | null {
  const present = new Set<number>();
  for (const segment of segments) for (const byte of segment) present.add(byte);
  const alphabet = RARE_BYTES.filter((byte) => !present.has(byte));
  if (alphabet.length < 8) return null;
  let seed = 0x2545f491;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    const placeholders = Array.from({ length: count }, () =>
      Buffer.from(Array.from({ length }, () => alphabet[random() % alphabet.length] as number)),
    );
    const quads = new Set<string>();
    let unique = true;
    for (const placeholder of placeholders) {
      for (let at = 0; at + 4 <= length && unique; at++) {
        const quad = placeholder.toString('latin1', at, at + 4);
        unique = !quads.has(quad);
        quads.add(quad);
      }
    }
    if (unique) return placeholders;
  }
  return null;
}

/**
 * The compressor's output for `segments` with the placeholders between them, flushed at every
 * boundary: [segment 0, placeholder 0, segment 1, …, last segment (finished)]. Runs on the
 * thread pool.
 */
async function compressAround(
  segments: Buffer[],
  placeholders: Buffer[],
  encoding: StitchEncoding,
  { brotliQuality }: StitchOptions,
): Promise<Buffer[]> {
  const stream: Transform =
    encoding === 'gzip'
      ? createDeflateRaw()
      : createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
            [constants.BROTLI_PARAM_SIZE_HINT]: segments.reduce((sum, part) => sum + part.length, 0),
          },
        });
  const flushKind = encoding === 'gzip' ? constants.Z_SYNC_FLUSH : constants.BROTLI_OPERATION_FLUSH;
  let pending: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => pending.push(chunk));
  const take = () => {
    const out = Buffer.concat(pending);
    pending = [];
    return out;
  };
  // `flush` exists on zlib streams only; the Transform type does not name it.
  const flush = () =>
    new Promise<void>((resolve) => (stream as unknown as ZlibFlush).flush(flushKind, () => resolve()));
  const parts: Buffer[] = [];
  for (const [index, segment] of segments.entries()) {
    const placeholder = placeholders[index];
    if (!placeholder) {
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.once('end', resolve);
        stream.end(segment);
        stream.resume();
      });
      parts.push(take());
      break;
    }
    stream.write(segment);
    await flush();
    parts.push(take());
    stream.write(placeholder);
    await flush();
    parts.push(take());
  }
  return parts;
}

interface ZlibFlush {
  flush(kind: number, callback: () => void): void;
}

/**
 * A gzip stream: header, the deflate parts with a stored block of the nonce in each hole, and
 * the trailer, whose CRC-32 is combined from the segments' (worked out once) and the nonce's.
 */
function gzipStitched(parts: Buffer[], segments: Buffer[], nonceLength: number): StitchedBody {
  const kept = parts.filter((_, index) => index % 2 === 0);
  const crcs = segments.map((segment) => crc32(segment));
  const shifts = segments.map((segment) => x2nmodp(segment.length));
  const nonceShift = x2nmodp(nonceLength);
  const total =
    segments.reduce((sum, segment) => sum + segment.length, 0) + nonceLength * (segments.length - 1);
  const stored = Buffer.from([
    0x00,
    nonceLength & 0xff,
    nonceLength >> 8,
    ~nonceLength & 0xff,
    (~nonceLength >> 8) & 0xff,
  ]);
  const bytes = kept.reduce((sum, part) => sum + part.length, 0);
  return {
    encoding: 'gzip',
    bytes,
    withNonce(nonce) {
      const nonceBytes = Buffer.from(nonce);
      const nonceCrc = crc32(nonceBytes);
      let crc = crcs[0] as number;
      const pieces: Buffer[] = [GZIP_HEADER, kept[0] as Buffer];
      for (let index = 1; index < kept.length; index++) {
        crc = (multmodp(nonceShift, crc) ^ nonceCrc) >>> 0;
        crc = (multmodp(shifts[index] as number, crc) ^ (crcs[index] as number)) >>> 0;
        pieces.push(stored, nonceBytes, kept[index] as Buffer);
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc, 0);
      trailer.writeUInt32LE(total % 2 ** 32, 4);
      pieces.push(trailer);
      return Buffer.concat(pieces);
    },
  };
}

/** Gzip's fixed header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/**
 * A brotli stream: the compressed parts with an uncompressed meta-block of the nonce in each
 * hole. The header (RFC 7932 §9.2): ISLAST 0, MNIBBLES 4, MLEN − 1 in 16 bits, ISUNCOMPRESSED 1,
 * zero bits to the byte boundary; then the bytes.
 */
function brotliStitched(parts: Buffer[], nonceLength: number): StitchedBody {
  const kept = parts.filter((_, index) => index % 2 === 0);
  const bits = ((nonceLength - 1) << 3) | (1 << 19);
  const header = Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
  const bytes = kept.reduce((sum, part) => sum + part.length, 0);
  return {
    encoding: 'br',
    bytes,
    withNonce(nonce) {
      const nonceBytes = Buffer.from(nonce);
      const pieces: Buffer[] = [kept[0] as Buffer];
      for (let index = 1; index < kept.length; index++)
        pieces.push(header, nonceBytes, kept[index] as Buffer);
      return Buffer.concat(pieces);
    },
  };
}

// CRC-32 combination (zlib's crc32_combine: multiplication modulo the CRC polynomial).
const POLY = 0xedb88320;

function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let factor = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    if (m === 0) break;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000;
  table.push(p);
  for (let n = 1; n < 32; n++) {
    p = multmodp(p, p);
    table.push(p);
  }
  return table;
})();

/** x^(8·n) modulo the polynomial: the factor that moves a CRC past `n` zero bytes. */
function x2nmodp(bytes: number): number {
  let p = 0x80000000;
  let n = bytes;
  let k = 3;
  while (n > 0) {
    if (n & 1) p = multmodp(X2N[k & 31] as number, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p >>> 0;
}
