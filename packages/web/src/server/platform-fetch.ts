import { STATUS_CODES } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { type Dispatcher, request } from 'undici';
import { connectionPools, type OwnedFetch } from './owned-fetch.js';
import { closedConnectionNotice, mayRetryClosedConnection } from './stale-connection.js';

/**
 * How long an idle platform connection is kept by default: below the idle limits of common
 * proxies and load balancers (a Node server closes after 5 s, nginx and AWS ALB later), so the
 * site drops a kept connection before anything between it and the platform does.
 */
export const DEFAULT_PLATFORM_KEEP_ALIVE_MS = 4_000;

/** Options of {@link createPlatformFetch}. */
export interface PlatformFetchOptions {
  /**
   * Milliseconds an idle connection is kept for the next call (default
   * {@link DEFAULT_PLATFORM_KEEP_ALIVE_MS}), whatever the platform's `Keep-Alive: timeout=N`
   * says: the platform cannot know what closes idle connections on the way to it.
   */
  keepAliveMs?: number;
  /** Where a call sent again is reported (the site server's logger). */
  log?: { warn(message: string): void };
}

/** Header values as undici's `request` gives them. */
type RawHeaders = Record<string, string | string[] | undefined>;

/** Request bodies sent as they are; anything else (a stream, a form) goes to `fetch`. */
function plainBody(body: RequestInit['body']): string | Uint8Array | undefined | null {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return body;
  return null;
}

/** Request headers as a plain object; `null` for a kind this fetch does not take. */
function plainHeaders(headers: RequestInit['headers']): Record<string, string> | null {
  if (headers === undefined) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  if (typeof headers === 'object') return { ...(headers as Record<string, string>) };
  return null;
}

/** The body without its content coding (a proxy may compress though nothing asked it to). */
function decoded(body: Buffer, coding: string | undefined): Buffer {
  switch (coding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new TypeError(`Unsupported content coding: ${coding}`);
  }
}

/**
 * A finished platform answer, read whole, that behaves as a `Response`. What the delivery
 * client reads (status, `ok`, a header, the text) costs a field read; the rest (`body`,
 * `clone`, `blob`…) is answered by a real `Response` made from the same bytes when first
 * asked for.
 */
class BufferedResponse implements Response {
  readonly type = 'basic' as const;
  readonly redirected = false;
  readonly statusText: string;
  private used = false;
  private realResponse: Response | null = null;
  private headerList: Headers | null = null;

  constructor(
    readonly url: string,
    readonly status: number,
    private readonly rawHeaders: RawHeaders,
    private readonly content: Buffer,
  ) {
    this.statusText = STATUS_CODES[status] ?? '';
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get headers(): Headers {
    if (!this.headerList) {
      const list = new Headers();
      for (const [name, value] of Object.entries(this.rawHeaders)) {
        if (Array.isArray(value)) for (const one of value) list.append(name, one);
        else if (value !== undefined) list.set(name, value);
      }
      this.headerList = list;
    }
    return this.headerList;
  }

  get bodyUsed(): boolean {
    return this.used || (this.realResponse?.bodyUsed ?? false);
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.real().body;
  }

  private real(): Response {
    this.realResponse ??= new Response(
      this.status === 204 || this.status === 304 ? null : new Uint8Array(this.content),
      {
        status: this.status,
        statusText: this.statusText,
        headers: this.headers,
      },
    );
    return this.realResponse;
  }

  private take(): Buffer {
    if (this.bodyUsed) throw new TypeError('Body has already been used');
    this.used = true;
    return this.content;
  }

  async text(): Promise<string> {
    return this.take().toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  blob(): Promise<Blob> {
    return this.real().blob();
  }

  formData(): Promise<FormData> {
    return this.real().formData();
  }

  clone(): Response {
    return this.real().clone();
  }
}

/**
 * The `fetch` a site server reads the platform with: undici's `request` on a keep-alive pool
 * of its own, the answer read whole before it resolves. It does the work of Node's `fetch`
 * for a delivery call with about half the CPU (no request object, header list or stream per
 * call; measured in `docs/BENCHMARKS.md`, "Search render"), which counts on every page the
 * delivery cache cannot answer.
 *
 * It takes what the delivery client sends (a URL, a method, plain headers, a string body, a
 * signal). Anything else (a `Request`, a streamed or form body, `redirect: 'manual'`) and
 * every redirect go to the global `fetch`, so the answer is always what `fetch` would give.
 * It asks for no compression; an answer compressed anyway is decoded.
 *
 * An idle connection is kept at most `keepAliveMs`, and a GET or HEAD whose kept connection
 * was closed under it before any answer (a proxy's idle limit met the call on the wire) is
 * sent once more on a new connection, reported to `log`; see {@link mayRetryClosedConnection}.
 *
 * @example
 * const platform = createPlatformFetch({ keepAliveMs: 4_000, log: app.log });
 * const client = Client.create({ rootUrl, projectId, fetchFn: platform.fetch });
 * // on shutdown
 * platform.destroy();
 */
export function createPlatformFetch(options: PlatformFetchOptions = {}): OwnedFetch {
  const { agent, freshAgent, destroy } = connectionPools(
    options.keepAliveMs ?? DEFAULT_PLATFORM_KEEP_ALIVE_MS,
  );
  const platformFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    const body = plainBody(init.body);
    const headers = plainHeaders(init.headers);
    if (url === null || body === null || headers === null || (init.redirect ?? 'follow') !== 'follow') {
      return globalThis.fetch(input, init);
    }
    const method = (init.method ?? 'GET').toUpperCase();
    const send = (dispatcher: Dispatcher) =>
      request(url, {
        method: method as 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
        dispatcher,
      });
    let answer: Dispatcher.ResponseData;
    try {
      answer = await send(agent);
    } catch (error) {
      // `request` settles with the status line, so a rejection here means no answer arrived.
      // The body is a string here, so a delivery search sent as POST can go again too.
      if (!mayRetryClosedConnection(method, error, init.signal, url)) throw error;
      options.log?.warn(closedConnectionNotice(method, url, error));
      answer = await send(freshAgent);
    }
    if (answer.statusCode >= 300 && answer.statusCode < 400 && answer.headers.location) {
      await answer.body.dump();
      return globalThis.fetch(input, init);
    }
    const raw = Buffer.from(await answer.body.arrayBuffer());
    const coding = answer.headers['content-encoding'];
    const bytes = decoded(raw, Array.isArray(coding) ? coding.join(',') : coding);
    return new BufferedResponse(url, answer.statusCode, answer.headers, bytes);
  };
  return { fetch: platformFetch as typeof fetch, destroy };
}
