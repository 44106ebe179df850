import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type CompressionOptions,
  DEFAULT_BROTLI_QUALITY,
  DEFAULT_SYNC_COMPRESSION_BYTES,
} from './compression.js';

/** The encodings a kept copy is made in, brotli preferred. */
export type CopyEncoding = 'br' | 'gzip';

const ENCODINGS: CopyEncoding[] = ['br', 'gzip'];

/** `*` (no preference) and `x-gzip` read as gzip, as `@fastify/compress` reads them. */
const GZIP_ALIASES = /\*|x-gzip/g;

type Copy = Buffer | Promise<Buffer>;

/**
 * Compressed forms of answers the server sends many times unchanged (the delivery cache's
 * answers through the browser's proxy), made once per answer and encoding instead of once per
 * request. Under load, compressing the same large answer on every request was most of the
 * site's CPU time, and answers over the synchronous threshold waited in the thread pool behind
 * each other: the slowest requests of the scale-out bench were these. A copy lives as long as
 * the answer object it belongs to (a purge drops both).
 *
 * @example
 * const copies = new CompressedCopies({ brotliQuality: 3 });
 * return copies.send(request, reply, answer.value, JSON.stringify(answer.value));
 */
export class CompressedCopies {
  readonly #copies = new WeakMap<object, Partial<Record<CopyEncoding, Copy>>>();
  readonly #quality: number;
  readonly #threshold: number;
  readonly #syncThreshold: number;

  constructor(options: CompressionOptions = {}) {
    this.#quality = options.brotliQuality ?? DEFAULT_BROTLI_QUALITY;
    this.#threshold = options.thresholdBytes ?? 1024;
    this.#syncThreshold = options.syncThresholdBytes ?? DEFAULT_SYNC_COMPRESSION_BYTES;
  }

  /**
   * The encoding to answer a request in, or `null` to send the body as it is (no accepted
   * encoding, or the client asked for none with `x-no-compression`).
   */
  encodingFor(request: FastifyRequest): CopyEncoding | null {
    return acceptedEncoding(request);
  }

  /**
   * The body compressed in `encoding`, made on first use and kept with `owner`. Bodies up to
   * the synchronous threshold are compressed in one call; larger ones on the thread pool, once,
   * however many requests wait for them.
   */
  copy(owner: object, body: string, encoding: CopyEncoding): Copy {
    let copies = this.#copies.get(owner);
    if (!copies) {
      copies = {};
      this.#copies.set(owner, copies);
    }
    const kept = copies[encoding];
    if (kept) return kept;
    const made = this.#compress(body, encoding);
    copies[encoding] = made;
    if (!Buffer.isBuffer(made)) {
      const settled = copies;
      made.then(
        (buffer) => {
          settled[encoding] = buffer;
        },
        () => {
          delete settled[encoding];
        },
      );
    }
    return made;
  }

  /**
   * Sends `body` (JSON or text whose content type is set already), compressed from the copy
   * kept with `owner` when the client accepts it and the body is worth compressing. The
   * answer carries `Content-Encoding` and `Vary: Accept-Encoding`, so on-the-fly compression
   * leaves it alone.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    owner: object,
    body: string,
  ): Promise<FastifyReply> {
    const encoding = Buffer.byteLength(body) >= this.#threshold ? this.encodingFor(request) : null;
    if (!encoding) return reply.send(body);
    const compressed = await this.copy(owner, body, encoding);
    addVary(reply, 'accept-encoding');
    return reply
      .header('content-encoding', encoding)
      .header('content-length', compressed.length)
      .send(compressed);
  }

  #compress(body: string, encoding: CopyEncoding): Copy {
    const input = Buffer.from(body);
    const brotli = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: this.#quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    };
    if (input.length <= this.#syncThreshold) {
      return encoding === 'br' ? brotliCompressSync(input, brotli) : gzipSync(input);
    }
    return new Promise((resolve, reject) => {
      const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
      if (encoding === 'br') brotliCompress(input, brotli, done);
      else gzip(input, done);
    });
  }
}

/**
 * The encoding to answer a request in, as `@fastify/compress` would choose it (brotli preferred
 * at equal weight, q-values and `identity` honoured), or `null` to send the body as it is.
 *
 * @example
 * acceptedEncoding(request); // 'br' for `Accept-Encoding: gzip, deflate, br, zstd`
 */
export function acceptedEncoding(request: FastifyRequest): CopyEncoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(GZIP_ALIASES, 'gzip'), ENCODINGS);
}

/** Adds a name to the answer's `Vary` header unless it is there already. */
export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const names = value.split(',').map((part) => part.trim().toLowerCase());
  if (names.includes(name) || names.includes('*')) return;
  reply.header('vary', value ? `${value}, ${name}` : name);
}
