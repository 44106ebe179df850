import { Client } from '@canopy/client';
import type { BrowserAnswerCache } from '../client/answer-cache.js';
import type { VersionStatus } from '../routing/version-status.js';
import { type ApiCallLog, recordingFetch } from './api-call-log.js';
import { type SharedAnswerStore, sharedAnswerClientParts } from './shared-answers.js';

/** The default timeout of a delivery call made for a page: a stuck platform should not hold a visitor long. */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

/** Builds delivery clients for one store. */
export interface DeliveryAccess {
  readonly projectId: string;
  /** The content language (default `en-GB`). */
  readonly language: string;
  /**
   * A delivery client that reads `versionStatus` content and records each call in `log`.
   * On the server it carries the access token; in the browser it calls the site's own proxy,
   * which adds the token.
   */
  client(options: { versionStatus: VersionStatus; log?: ApiCallLog | null }): Client;
  /**
   * Present when the client's code loads on demand (in the browser, see
   * `deferredDeliveryAccess`): resolves once `client()` can be called.
   */
  ready?(): Promise<void>;
}

/** Options of {@link createDeliveryAccess}. */
export interface DeliveryAccessOptions {
  /** The platform (server) or the site's own origin (browser, through the delivery proxy). */
  rootUrl: string;
  projectId: string;
  language?: string;
  /** The delivery token for published content (server only). */
  accessToken?: string | null;
  /** A token with preview rights for `latest` (server only). */
  previewToken?: string | null;
  /** The fetch for published content. */
  fetchFn?: typeof fetch;
  /** The fetch for `latest` content (default: `fetchFn`). */
  previewFetchFn?: typeof fetch;
  /**
   * The server's delivery cache for published reads (its store for `accessToken`): cached
   * answers are shared, parsed and frozen, and still contribute their surrogate keys to the
   * log. None reads everything from `fetchFn`.
   */
  cache?: SharedAnswerStore | null;
  /** The same for `latest` reads (its store for `previewToken`); none reads drafts fresh. */
  previewCache?: SharedAnswerStore | null;
  /**
   * The signed-in visitor's platform credentials as a `Cookie` header (server only; see
   * `platformVisitorCookie`), so restricted content they may read is served to them. Answers
   * read with it are the visitor's own: they never go through `cache` or `previewCache`.
   */
  visitorCookie?: string | null;
  /**
   * The browser's cache of the delivery proxy's answers (browser only), read when a client is
   * made (it may arrive after the store): answers are reused while the server's `max-age`
   * allows, and dropped on a content change the server reports.
   */
  browserCache?: (() => BrowserAnswerCache | null) | null;
  /** Ask the platform for `surrogate-key` headers (server rendering). */
  requestSurrogateKeys?: boolean;
  timeout?: number;
}

/**
 * Delivery clients for a store. `latest` uses the preview token; without one (on the server)
 * it reads published content, since a delivery token may not read drafts. With a
 * `visitorCookie` every call carries the signed-in visitor's credentials and bypasses the
 * shared caches.
 *
 * @example
 * const access = createDeliveryAccess({ rootUrl: 'http://127.0.0.1:3001', projectId: 'website', accessToken });
 * const home = await access.client({ versionStatus: 'published' }).nodes.getRoot();
 */
export function createDeliveryAccess(options: DeliveryAccessOptions): DeliveryAccess {
  const language = options.language ?? 'en-GB';
  const baseFetch = options.fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  const previewFetch = options.previewFetchFn ?? baseFetch;
  const serverSide = Boolean(options.accessToken);
  return {
    projectId: options.projectId,
    language,
    client({ versionStatus, log }) {
      const preview = versionStatus === 'latest' && (!serverSide || Boolean(options.previewToken));
      const accessToken = preview ? (options.previewToken ?? options.accessToken) : options.accessToken;
      const fetchFn = preview ? previewFetch : baseFetch;
      // A visitor's answers may hold content only they may read: never shared.
      const visitorCookie = options.visitorCookie || null;
      const store = visitorCookie ? null : preview ? options.previewCache : options.cache;
      const answers = options.browserCache?.() ?? null;
      const headers: Record<string, string> = {
        ...(options.requestSurrogateKeys ? { 'x-require-surrogate-key': 'true', 'x-crb-ssr': 'true' } : {}),
        ...(visitorCookie ? { cookie: visitorCookie } : {}),
      };
      return Client.create({
        rootUrl: options.rootUrl,
        projectId: options.projectId,
        accessToken: accessToken ?? null,
        language,
        versionStatus: preview ? 'latest' : 'published',
        ...(store
          ? sharedAnswerClientParts(store, fetchFn, log)
          : answers
            ? answers.clientParts(log ? recordingFetch(fetchFn, log) : fetchFn)
            : { fetchFn: log ? recordingFetch(fetchFn, log) : fetchFn }),
        timeout: options.timeout ?? DEFAULT_DELIVERY_TIMEOUT_MS,
        defaultHeaders: Object.keys(headers).length > 0 ? headers : null,
      });
    },
  };
}
