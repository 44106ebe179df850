import { ResponseCache } from '@canopy/client';
import { type ApiCallLog, loggableUrl, parseSurrogateKeys } from './api-call-log.js';

/**
 * A platform answer as the server's delivery cache keeps it: the parsed body (deep-frozen,
 * because every request served from the cache gets this same object), or the failure, with
 * the HTTP status and the surrogate keys of the answer.
 */
export type SharedAnswer = (
  | { ok: true; value: unknown; status: number; keys: readonly string[] }
  | { ok: false; error: unknown; status: number; keys: readonly string[] }
) & {
  /** The call as the API-call log shows it (path and query, no credentials). */
  url: string;
};

/**
 * The server's delivery cache for one set of credentials (published or preview), as the
 * delivery clients of a request see it. Keys are the delivery client's cache keys: method,
 * absolute URL and, for searches sent as POST, the body.
 *
 * The store decides what it keeps and for how long (see `createDeliveryCache` on the
 * server); it lives outside the site's server bundle, so only this plain interface crosses
 * between the two.
 */
export interface SharedAnswerStore {
  /** The answer for `key` (settled or still in flight) while it is fresh. */
  get(key: string): Promise<SharedAnswer> | undefined;
  /** Keeps an answer being fetched; the store drops it if it settles as a failure or not 200. */
  set(key: string, answer: Promise<SharedAnswer>): void;
}

/** What a delivery client is created with to read through a {@link SharedAnswerStore}. */
export interface SharedAnswerClientParts {
  fetchFn: typeof fetch;
  cache: ResponseCache;
}

/** Status, surrogate keys and loggable URL of a fetched answer, until its parsed body is stored. */
interface FetchedMeta {
  status: number;
  keys: string[];
  url: string;
}

/**
 * The fetch and the response cache for one delivery client (one store, one request) reading
 * through `store`: a hit costs neither a request nor a JSON parse, and is recorded in `log`
 * with the status and surrogate keys of the cached answer, so a page served from the cache
 * still sends every `Surrogate-Key` it depends on. Misses go to `fetchFn`, are recorded there,
 * and are offered to the store with their parsed (then frozen) body.
 *
 * The delivery client caches the parsed result of each cacheable read (GET, POST searches)
 * under its key `"<METHOD> <URL>[\n<body>]"`; the fetch below notes status and keys under the
 * same key. An answer whose note is missing is treated as not cacheable, so a change of the
 * client's key format costs cache hits, never wrong surrogate keys.
 *
 * @example
 * const parts = sharedAnswerClientParts(store, globalThis.fetch, log);
 * const client = Client.create({ rootUrl, projectId, accessToken, ...parts });
 */
export function sharedAnswerClientParts(
  store: SharedAnswerStore,
  fetchFn: typeof fetch,
  log: ApiCallLog | null | undefined,
): SharedAnswerClientParts {
  const fetched = new Map<string, FetchedMeta>();
  const notingFetch: typeof fetch = async (input, init) => {
    const url = urlOf(input);
    const key = clientCacheKey(methodOf(input, init), url, init?.body);
    const logged = loggableUrl(url);
    try {
      const response = await fetchFn(input, init);
      const meta = {
        status: response.status,
        keys: parseSurrogateKeys(response.headers.get('surrogate-key')),
        url: logged,
      };
      fetched.set(key, meta);
      log?.record(meta);
      return response;
    } catch (error) {
      const meta = { status: 0, keys: [], url: logged };
      fetched.set(key, meta);
      log?.record(meta);
      throw error;
    }
  };
  return { fetchFn: notingFetch, cache: new SharedAnswerCache(store, fetched, log ?? null) };
}

/**
 * The delivery client's response cache over a shared store. The client only calls `get` and
 * `set`; the other members answer for this view (nothing is held here).
 */
class SharedAnswerCache extends ResponseCache {
  constructor(
    private readonly store: SharedAnswerStore,
    private readonly fetched: Map<string, FetchedMeta>,
    private readonly log: ApiCallLog | null,
  ) {
    super({ limit: 1 });
  }

  override get(key: string): Promise<unknown> | undefined {
    const answer = this.store.get(key);
    if (!answer) return undefined;
    return answer.then((settled) => {
      this.log?.record(settled);
      if (settled.ok) return settled.value;
      throw settled.error;
    });
  }

  override set(key: string, pending: Promise<unknown>): void {
    const take = (): FetchedMeta => {
      const meta = this.fetched.get(key) ?? { status: 0, keys: [], url: loggableUrl(urlOfKey(key)) };
      this.fetched.delete(key);
      return meta;
    };
    this.store.set(
      key,
      pending.then(
        (value): SharedAnswer => ({ ok: true, value: deepFreeze(value), ...take() }),
        (error: unknown): SharedAnswer => ({ ok: false, error, ...take() }),
      ),
    );
  }

  override has(key: string): boolean {
    return this.store.get(key) !== undefined;
  }

  override delete(_key: string): boolean {
    return false;
  }

  override clear(): void {}

  override keys(): string[] {
    return [];
  }
}

/**
 * The key the delivery client caches a request under (`HttpClient.request`): method, URL,
 * and the body of a POST.
 */
export function clientCacheKey(method: string, url: string, body: unknown): string {
  return `${method} ${url}${typeof body === 'string' ? `\n${body}` : ''}`;
}

function urlOfKey(key: string): string {
  const start = key.indexOf(' ') + 1;
  const end = key.indexOf('\n', start);
  return end === -1 ? key.slice(start) : key.slice(start, end);
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function methodOf(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): string {
  return (
    init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
  ).toUpperCase();
}

/** Values {@link deepFreeze} froze, with everything in them. */
const deeplyFrozen = new WeakSet<object>();

/**
 * Freezes a parsed JSON value and everything in it, so an answer shared by many requests
 * cannot be changed by one of them (Immer, which keeps the store's state, skips frozen
 * trees as well). Copy before changing, e.g. with `structuredClone`.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || deeplyFrozen.has(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  deeplyFrozen.add(value);
  return value;
}

/**
 * Whether `value` was frozen with everything in it by {@link deepFreeze}: it can never
 * change, so what is derived from it (its JSON, a menu tree) can be kept with it.
 */
export function isDeeplyFrozen(value: unknown): boolean {
  return value !== null && typeof value === 'object' && deeplyFrozen.has(value);
}

/**
 * `derive(source)`, computed once per shared answer: for a deeply frozen `source` (an answer
 * of the server's delivery cache, which every request reading it gets as the same object) the
 * result is frozen and kept in `memo`, so requests served from the cache share it; any other
 * source is derived afresh.
 *
 * @example
 * const trees = new WeakMap<DeliveryNode, RouteNode>();
 * const tree = derivedOnce(trees, root, navigationNode);
 */
export function derivedOnce<S extends object, T>(
  memo: WeakMap<S, T>,
  source: S,
  derive: (source: S) => T,
): T {
  if (!deeplyFrozen.has(source)) return derive(source);
  let derived = memo.get(source);
  if (derived === undefined) {
    derived = deepFreeze(derive(source));
    memo.set(source, derived);
  }
  return derived;
}
