import type { FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl, parseSurrogateKeys } from '../delivery/api-call-log.js';
import {
  clientCacheKey,
  deepFreeze,
  type SharedAnswer,
  type SharedAnswerStore,
} from '../delivery/shared-answers.js';
import type { CompressedCopies } from './compressed-copies.js';
import { DELIVERY_REQUEST_HEADERS, platformUnreachable } from './proxy.js';

/** What {@link answerFromDeliveryCache} needs to read through the server's delivery cache. */
export interface CachedDeliveryCall {
  /** The delivery cache for the token the call is made with (`DeliveryCache.forToken`). */
  store: SharedAnswerStore;
  /** The platform's address, as the server's own delivery clients are given it. */
  platformUrl: string;
  /** Path and query on the platform (`deliveryProxyPath`). */
  path: string;
  /** Headers added upstream (the access token). */
  addHeaders: Record<string, string>;
  /** Headers added to the answer (browser cache policy), by status. */
  replyHeaders: (status: number) => Record<string, string>;
  timeoutMs?: number;
  /** Compressed forms of the cached answers, made once each; absent when the site does not compress. */
  compressed?: CompressedCopies;
  /** The fetch that reaches the platform (default the global one): the server's own pool. */
  fetchFn?: typeof fetch;
}

/** An answer as the platform sent it. */
interface Upstream {
  status: number;
  contentType: string | null;
  text: string;
}

/** Searches are the only POSTs the delivery client caches (they are reads). */
const SEARCH_PATH = /\/entries\/search$/;

/**
 * Whether a delivery proxy request is a read the server's delivery client would cache: a GET,
 * or a search sent as POST. HEAD and anything else pass through untouched.
 *
 * @example
 * isCacheableDeliveryRead('POST', '/api/delivery/projects/website/entries/search'); // true
 */
export function isCacheableDeliveryRead(method: string, path: string): boolean {
  if (method === 'GET') return true;
  return method === 'POST' && SEARCH_PATH.test(path.split('?')[0] ?? '');
}

/** The JSON text of a cached answer, written once per answer (they are frozen, so it cannot change). */
const jsonOf = new WeakMap<object, string>();

function serialise(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text = jsonOf.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonOf.set(value, text);
  }
  return text;
}

/**
 * Answers a browser's delivery call through the server's delivery cache, the one server
 * rendering reads: an answer a page already loaded costs the platform nothing, and one the
 * browser loads first serves the next page rendered. It is the same cache with the same keys
 * (method, platform URL, search body), so the same purges empty it. Concurrent identical calls
 * share one upstream request; only 200 JSON answers are kept. Platform failures are answered
 * as they came (status and body), an unreachable platform with a 502.
 */
export async function answerFromDeliveryCache(
  request: FastifyRequest,
  reply: FastifyReply,
  call: CachedDeliveryCall,
): Promise<FastifyReply> {
  const url = `${call.platformUrl}${call.path}`;
  const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : undefined;
  const key = clientCacheKey(request.method, url, request.method === 'POST' ? body : undefined);
  // What the platform said, for a caller that must pass on an answer the cache does not keep.
  let upstream: Upstream | null = null;

  let answer = call.store.get(key);
  if (!answer) {
    const fetching = fetchAnswer(request, call, url, body).then((fetched) => {
      upstream = fetched.raw;
      return fetched.answer;
    });
    call.store.set(key, fetching);
    answer = fetching;
  }
  let settled: SharedAnswer;
  try {
    settled = await answer;
  } catch (error) {
    request.log.warn({ err: error, path: call.path }, 'The platform did not answer a proxied request');
    return platformUnreachable(reply);
  }
  if (settled.ok && settled.status === 200) {
    reply.code(200).headers(call.replyHeaders(200)).header('content-type', 'application/json; charset=utf-8');
    const text = serialise(settled.value);
    const owner = settled.value;
    if (call.compressed && owner !== null && typeof owner === 'object') {
      return call.compressed.send(request, reply, owner, text);
    }
    return reply.send(text);
  }
  let raw = upstream as Upstream | null;
  if (!raw) {
    // A failure shared with a concurrent identical call: ask again, to pass on what the platform says.
    try {
      raw = (await fetchAnswer(request, call, url, body)).raw;
    } catch (error) {
      request.log.warn({ err: error, path: call.path }, 'The platform did not answer a proxied request');
      return platformUnreachable(reply);
    }
  }
  reply.code(raw.status).headers(call.replyHeaders(raw.status));
  if (raw.contentType) reply.header('content-type', raw.contentType);
  return reply.send(raw.text);
}

/** One upstream call: its answer as the cache keeps it, and what the platform sent. */
async function fetchAnswer(
  request: FastifyRequest,
  call: CachedDeliveryCall,
  url: string,
  body: string | undefined,
): Promise<{ answer: SharedAnswer; raw: Upstream }> {
  const headers = new Headers();
  for (const name of DELIVERY_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  headers.set('accept-encoding', 'identity');
  for (const [name, value] of Object.entries(call.addHeaders)) headers.set(name, value);
  const response = await (call.fetchFn ?? fetch)(url, {
    method: request.method,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(call.timeoutMs ?? 30_000),
    ...(request.method === 'POST' && body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  const meta = {
    status: response.status,
    keys: parseSurrogateKeys(response.headers.get('surrogate-key')),
    url: loggableUrl(url),
  };
  const raw = { status: response.status, contentType, text };
  if (response.status !== 200 || !/\bjson\b/i.test(contentType ?? '')) {
    return { answer: { ok: false, error: null, ...meta }, raw };
  }
  try {
    return { answer: { ok: true, value: deepFreeze(JSON.parse(text)), ...meta }, raw };
  } catch (error) {
    return { answer: { ok: false, error, ...meta }, raw };
  }
}
