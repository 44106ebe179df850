import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { SharedAnswer, SharedAnswerStore } from '../delivery/shared-answers.js';

/** Options of {@link createDeliveryCache}. */
export interface DeliveryCacheOptions {
  /** Most answers kept, least recently used evicted first (website spec §9: 100). */
  limit?: number;
  /** Seconds an answer is reused before it is fetched again (default 60). */
  ttlSeconds?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

/** The spec's cache size. */
export const DEFAULT_DELIVERY_CACHE_LIMIT = 100;

/** How long a cached delivery answer is reused: short, so edits show without a purge. */
export const DEFAULT_DELIVERY_CACHE_TTL_SECONDS = 60;

/** The server's delivery cache, and the means to empty it. */
export interface DeliveryCache {
  /**
   * The cache as the delivery clients reading with `accessToken` use it (pass it to
   * `createDeliveryAccess` as `cache` or `previewCache`). Answers for different tokens never
   * mix; they share one size limit.
   */
  forToken(accessToken: string | null | undefined): SharedAnswerStore;
  /** Drops every cached answer (e.g. when the platform reports a change). */
  clear(): void;
  readonly size: number;
  readonly limit: number;
  readonly ttlSeconds: number;
}

interface Slot {
  answer: Promise<SharedAnswer>;
  /** When the answer settled (ms); `null` while it is in flight. */
  at: number | null;
}

/**
 * The server's delivery cache (website spec §9): the 100 most recently used platform answers,
 * each reused for 60 seconds, shared by every request. It keeps the PARSED answer — frozen,
 * since all requests share it — with its status and surrogate keys, so a page served from the
 * cache costs no request and no JSON parse, and still knows its surrogate keys. Only reads the
 * delivery client marks cacheable (GET, and POST searches) reach it; only 200 answers are
 * kept; concurrent identical reads share one fetch (and its outcome); failures are never kept,
 * so the site recovers as soon as the platform does. The key holds method, URL, body and a
 * hash of the credentials, so published and preview answers never mix.
 *
 * @example
 * const cache = createDeliveryCache({ limit: 100, ttlSeconds: 60 });
 * const access = createDeliveryAccess({ rootUrl, projectId, accessToken, cache: cache.forToken(accessToken) });
 */
export function createDeliveryCache(options: DeliveryCacheOptions = {}): DeliveryCache {
  const limit = options.limit ?? DEFAULT_DELIVERY_CACHE_LIMIT;
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_DELIVERY_CACHE_TTL_SECONDS;
  const ttlMs = ttlSeconds * 1000;
  const now = options.now ?? Date.now;
  const slots = new LRUCache<string, Slot>({ max: limit });
  const stores = new Map<string, SharedAnswerStore>();

  const storeFor = (tag: string): SharedAnswerStore => ({
    get(key) {
      const id = `${tag}\n${key}`;
      const slot = slots.get(id);
      if (!slot) return undefined;
      if (slot.at !== null && now() - slot.at >= ttlMs) {
        slots.delete(id);
        return undefined;
      }
      return slot.answer;
    },
    set(key, answer) {
      const id = `${tag}\n${key}`;
      const slot: Slot = { answer, at: null };
      slots.set(id, slot);
      const drop = () => {
        // `peek`, not `get`: checking must not count as a use of the slot.
        if (slots.peek(id) === slot) slots.delete(id);
      };
      void answer.then((settled) => {
        if (settled.ok && settled.status === 200) slot.at = now();
        else drop();
      }, drop);
    },
  });

  return {
    forToken(accessToken) {
      const tag = credentialTag(accessToken ?? '');
      let store = stores.get(tag);
      if (!store) {
        store = storeFor(tag);
        stores.set(tag, store);
      }
      return store;
    },
    clear: () => slots.clear(),
    get size() {
      return slots.size;
    },
    limit,
    ttlSeconds,
  };
}

/** A short hash of the credentials, so answers for different tokens never share a slot. */
function credentialTag(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 16);
}
