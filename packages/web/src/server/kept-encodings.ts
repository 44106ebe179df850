import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, addVary, type CopyEncoding } from './compressed-copies.js';
import { type CompressionOptions, DEFAULT_BROTLI_QUALITY } from './compression.js';
import { type StitchedBody, stitchBody } from './nonce-stitching.js';
import { withNonce } from './stale-answers.js';

/** A kept page as {@link KeptEncodings} needs it: the body and the nonce written into it. */
export interface KeptBody {
  body: string;
  nonce: string | null;
}

/** What is known of one kept page's compressed forms. */
interface Forms {
  /** Bytes of the plain body (worked out once). */
  bytes: number;
  /** Per encoding: being made, made, or `null` when it cannot be (compressed per request). */
  stitched: Partial<Record<CopyEncoding, Promise<StitchedBody | null> | StitchedBody | null>>;
}

/**
 * The br and gzip forms of the pages the page cache and the stale store keep, made once per page
 * and encoding, on the first request that accepts it, instead of once per request: with a
 * browser's `Accept-Encoding`, compressing the kept page again was more than half the cost of
 * serving it. Each answer still gets a CSP nonce of its own, stitched into the compressed form
 * as stored bytes (see `stitchBody`). A form lives as long as the kept page it belongs to.
 *
 * @example
 * const kept = new KeptEncodings({ brotliQuality: 3 });
 * return kept.send(request, reply, page, createNonce());
 */
export class KeptEncodings {
  readonly #forms = new WeakMap<KeptBody, Forms>();
  readonly #quality: number;
  readonly #threshold: number;

  constructor(options: CompressionOptions = {}) {
    this.#quality = options.brotliQuality ?? DEFAULT_BROTLI_QUALITY;
    this.#threshold = options.thresholdBytes ?? 1024;
  }

  /**
   * Sends `page` with `nonce` in place of its stored one: in the encoding the request accepts,
   * from the page's compressed form, when there is one; otherwise plain (and compressed per
   * request by `@fastify/compress`, as before, when the request accepts an encoding).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    page: KeptBody,
    nonce: string,
  ): FastifyReply | Promise<FastifyReply> {
    const forms = this.#formsOf(page);
    const encoding = page.nonce && forms.bytes >= this.#threshold ? acceptedEncoding(request) : null;
    const made = encoding ? this.#stitched(page, forms, encoding) : null;
    if (made === null) return reply.send(withNonce(page.body, page.nonce, nonce));
    if (!(made instanceof Promise)) return sendStitched(reply, made, nonce);
    return made.then((stitched) =>
      stitched ? sendStitched(reply, stitched, nonce) : reply.send(withNonce(page.body, page.nonce, nonce)),
    );
  }

  #formsOf(page: KeptBody): Forms {
    let forms = this.#forms.get(page);
    if (!forms) {
      forms = { bytes: Buffer.byteLength(page.body), stitched: {} };
      this.#forms.set(page, forms);
    }
    return forms;
  }

  #stitched(
    page: KeptBody,
    forms: Forms,
    encoding: CopyEncoding,
  ): Promise<StitchedBody | null> | StitchedBody | null {
    const kept = forms.stitched[encoding];
    if (kept !== undefined) return kept;
    const making = stitchBody(page.body, page.nonce ?? '', encoding, { brotliQuality: this.#quality }).catch(
      () => null,
    );
    forms.stitched[encoding] = making;
    making.then((stitched) => {
      forms.stitched[encoding] = stitched;
    });
    return making;
  }
}

function sendStitched(reply: FastifyReply, stitched: StitchedBody, nonce: string): FastifyReply {
  const body = stitched.withNonce(nonce);
  addVary(reply, 'accept-encoding');
  return reply.header('content-encoding', stitched.encoding).header('content-length', body.length).send(body);
}
