import { anyLanguageKey, listingKey } from '../delivery/api-call-log.js';
import type { ChangeLog, ContentChange } from './content-changes.js';
import { describeError } from './content-changes.js';

/** The key every page of a project carries: purging it purges the project's every page. */
export const projectKey = (projectId: string): string => `project:${projectId}`;

/**
 * The surrogate keys an HTTP cache in front of the site must purge after a content change:
 *
 * - a variation of an entry (the event names its language): the key of that variation
 *   (`entry:<id>:<language>`, pages showing it), the page key of an entry the platform keyed
 *   without a language (`entry:<id>:*`), its content type's key, and the listing keys of its
 *   content type and of the project, each in that language and without one (lists of that
 *   type or language, and lists of every language, which it may now join or leave): the pages
 *   of the entry's other languages stay, unless the variation was withdrawn (unpublished,
 *   deleted, archived) or published for the first time (the event's `newVariation`): then the
 *   entry's own key too, for the other languages' switchers;
 * - an entry whose event names no language: the project key (a list in any one language may
 *   have changed, and the keys of every variation are not known here);
 * - any other resource (nodes, content types, components, assets, tags, redirects, the project)
 *   or an event it cannot read: the project key, so every page (navigation, layout and
 *   embedded assets can change everywhere);
 * - a subscription opened again after a gap: the project key, since changes in the gap went
 *   unannounced; the first subscription purges nothing (the process has shown nothing yet);
 * - an event of another project: nothing.
 *
 * @example
 * purgeKeysForChange({ kind: 'event', data: '{"resourceType":"entry","resourceId":"e1","contentTypeId":"course","language":"cy","projectId":"website"}' }, 'website');
 * // ['entry:e1:cy', 'entry:e1:*', 'contenttype:website/course', 'listing:website/course:cy', 'listing:website/course', 'listing:website:cy', 'listing:website']
 */
export function purgeKeysForChange(change: ContentChange, projectId: string): string[] {
  if (change.kind === 'subscribed') return change.first ? [] : [projectKey(projectId)];
  let event: unknown;
  try {
    event = JSON.parse(change.data);
  } catch {
    return [projectKey(projectId)];
  }
  if (typeof event !== 'object' || event === null) return [projectKey(projectId)];
  const {
    projectId: eventProject,
    resourceType,
    resourceId,
    contentTypeId,
  } = event as Record<string, unknown>;
  if (typeof eventProject === 'string' && eventProject !== projectId) return [];
  const { language, event: event_ } = event as Record<string, unknown>;
  if (resourceType === 'entry' && typeof resourceId === 'string' && isKeyPart(resourceId)) {
    // Without its language the change may reach lists in any language: every page may show it.
    if (typeof language !== 'string' || !isKeyPart(language)) return [projectKey(projectId)];
    const entry = `entry:${resourceId}`;
    const keys = [`${entry}:${language}`, anyLanguageKey(entry)];
    // A variation gone from delivery: the other languages' pages that link to it (their
    // language switchers, keyed by the entry itself) must go too.
    if (typeof event_ === 'string' && WITHDRAWN.has(event_)) keys.push(entry);
    // A variation delivered for the first time: the other languages' switchers, which said
    // the page was not translated, must learn of it (the entry's own key, as above).
    else if (event_ === 'published' && (event as { newVariation?: unknown }).newVariation === true)
      keys.push(entry);
    if (typeof contentTypeId === 'string' && isKeyPart(contentTypeId)) {
      keys.push(
        `contenttype:${projectId}/${contentTypeId}`,
        listingKey(projectId, contentTypeId, language),
        listingKey(projectId, contentTypeId),
      );
    }
    keys.push(listingKey(projectId, undefined, language), listingKey(projectId));
    return keys;
  }
  return [projectKey(projectId)];
}

/** Events after which a variation is no longer delivered. */
const WITHDRAWN = new Set(['unpublished', 'deleted', 'archived']);

/** A key part fit for a header: no separators, no control characters, not absurdly long. */
function isKeyPart(value: string): boolean {
  return value.length > 0 && value.length <= 200 && /^[\w.:/-]+$/.test(value);
}

/** Options of {@link createHttpCachePurger}. */
export interface HttpCachePurgerOptions {
  /** Where to send `PURGE` requests: one URL per cache (e.g. `http://127.0.0.1:6081/`). */
  urls: readonly string[];
  log: ChangeLog;
  /** Milliseconds one purge request may take (default 5000). */
  timeoutMs?: number;
  /** Pauses before the retries of a failed purge (default 250 ms, 1 s, 4 s). */
  retryDelaysMs?: readonly number[];
  fetchFn?: typeof fetch;
}

/** Sends surrogate-key purges to the HTTP caches in front of the site. */
export interface HttpCachePurger {
  /** Queues keys; keys queued in the same turn of the event loop go out in one request per cache. */
  purge(keys: readonly string[]): void;
  /** Resolves once everything queued so far has been sent (or given up on). */
  settled(): Promise<void>;
  /** Drops what is queued and stops retrying. */
  stop(): void;
}

/** Longest `Xkey-Purge` value sent; longer key lists go in several requests. */
const MAX_HEADER_LENGTH = 4000;

/**
 * Purges by surrogate key through the protocol of `deploy/varnish/canopy.vcl`: `PURGE /` with
 * the space-separated keys in `Xkey-Purge`, to every configured cache. A purge that fails
 * (network error or a status other than 2xx) is retried; after the last retry it is logged
 * and dropped (the cached pages then live until their TTL).
 *
 * @example
 * const purger = createHttpCachePurger({ urls: ['http://127.0.0.1:6081/'], log: app.log });
 * purger.purge(['entry:e1', 'listing:website']);
 */
export function createHttpCachePurger(options: HttpCachePurgerOptions): HttpCachePurger {
  const fetchFn = options.fetchFn ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const retryDelays = options.retryDelaysMs ?? [250, 1000, 4000];
  const controller = new AbortController();
  let pending = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let scheduled = false;

  const sendOnce = async (url: string, header: string): Promise<void> => {
    const response = await fetchFn(url, {
      method: 'PURGE',
      headers: { 'xkey-purge': header },
      signal: AbortSignal.any([controller.signal, AbortSignal.timeout(timeoutMs)]),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  };

  const send = async (url: string, header: string): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await sendOnce(url, header);
        return;
      } catch (error) {
        if (controller.signal.aborted) return;
        const delay = retryDelays[attempt];
        if (delay === undefined) {
          options.log.warn(
            `Cache purge: could not purge ${header.length > 120 ? `${header.slice(0, 120)}…` : header} at ${url} (${describeError(error)}); those pages stay cached until their TTL`,
          );
          return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          controller.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        if (controller.signal.aborted) return;
      }
    }
  };

  const flush = async (): Promise<void> => {
    scheduled = false;
    const keys = [...pending];
    pending = new Set();
    if (keys.length === 0 || controller.signal.aborted) return;
    // A project key purges every page of the project: the others add nothing.
    const project = keys.filter((key) => key.startsWith('project:'));
    const batches = headerBatches(project.length > 0 ? project : keys);
    await Promise.all(options.urls.flatMap((url) => batches.map((header) => send(url, header))));
  };

  return {
    purge(keys) {
      if (controller.signal.aborted || options.urls.length === 0) return;
      for (const key of keys) if (key) pending.add(key);
      if (scheduled || pending.size === 0) return;
      scheduled = true;
      // One request for what arrives together; flushes run one after the other, in order.
      running = running.then(() => new Promise<void>((resolve) => setImmediate(resolve)).then(flush));
    },
    settled: () => running,
    stop() {
      controller.abort();
      pending.clear();
    },
  };
}

/** Keys joined by spaces into header values of at most {@link MAX_HEADER_LENGTH} characters. */
function headerBatches(keys: readonly string[]): string[] {
  const batches: string[] = [];
  let current = '';
  for (const key of keys) {
    if (current && current.length + 1 + key.length > MAX_HEADER_LENGTH) {
      batches.push(current);
      current = '';
    }
    current = current ? `${current} ${key}` : key;
  }
  if (current) batches.push(current);
  return batches;
}
