import { ApiError, AuthTokenProvider, ManagementClient } from '@canopy/client';
import {
  type CompiledRedirect,
  compileRedirects,
  matchRedirect,
  type PlatformRedirect,
  type RedirectAnswer,
} from '../redirects/match-redirect.js';
import { type ChangeLog, describeError } from './content-changes.js';

/** How often redirects are read again even when no change was heard (5 minutes). */
export const REDIRECT_REFRESH_MS = 5 * 60_000;

/** Changes arriving within this time are read with one request. */
const REFRESH_DEBOUNCE_MS = 250;

/** Settings of {@link createRedirectStore}. */
export interface RedirectStoreOptions {
  platformUrl: string;
  projectId: string;
  /** The site's API client; without it the site applies no platform redirects. */
  clientId?: string | null;
  clientSecret?: string | null;
  timeoutMs?: number;
  log: ChangeLog;
  fetchFn?: typeof fetch;
}

/** The project's redirects, kept in memory and read again when they change. */
export interface RedirectStore {
  /** The redirect a request takes, or `null`. */
  match(request: { host: string; path: string; search: string }): RedirectAnswer | null;
  /** Reads the redirects again soon (changes in a burst are read once). */
  refresh(): void;
  /** Reads the redirects now; resolves when they are in use (or the attempt failed). */
  load(): Promise<void>;
  /** How many redirects are in use. */
  readonly size: number;
  /** Stops the timers. */
  close(): void;
}

/**
 * Reads the redirects editors keep on the platform (`GET P/redirects/`, every page) with the
 * site's API client, which needs `redirects` `view` permission, and answers requests from
 * memory. Read at start, again shortly after the platform's event stream reports a change
 * (`refresh`), and every five minutes in any case. When a read fails, the redirects already
 * in use stay in use.
 *
 * @example
 * const redirects = createRedirectStore({ platformUrl, projectId, clientId, clientSecret, log: app.log });
 * await redirects.load();
 * redirects.match({ host: 'www.example.com', path: '/old-news', search: '' });
 */
export function createRedirectStore(options: RedirectStoreOptions): RedirectStore {
  let compiled: CompiledRedirect[] = [];
  let debounce: NodeJS.Timeout | null = null;
  let periodic: NodeJS.Timeout | null = null;
  let closed = false;
  const clientId = options.clientId?.trim();
  const clientSecret = options.clientSecret?.trim();
  const client =
    clientId && clientSecret
      ? ManagementClient.create(
          {
            rootUrl: options.platformUrl,
            projectId: options.projectId,
            ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
            ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
          },
          new AuthTokenProvider({
            rootUrl: options.platformUrl,
            clientType: 'client_credentials',
            clientDetails: { clientId, clientSecret },
            ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
            ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
          }),
        )
      : null;

  const schedule = () => {
    if (closed || periodic) return;
    periodic = setTimeout(() => {
      periodic = null;
      void load();
    }, REDIRECT_REFRESH_MS);
    periodic.unref();
  };

  async function load(): Promise<void> {
    if (!client || closed) return;
    try {
      const all: PlatformRedirect[] = [];
      for (let pageIndex = 0; ; pageIndex++) {
        const page = await client.redirects.list({ pageIndex, pageSize: 100 });
        all.push(...(page.items as PlatformRedirect[]));
        if (page.items.length === 0 || all.length >= page.totalCount) break;
      }
      const result = compileRedirects(all);
      for (const { redirect, reason } of result.rejected) {
        options.log.warn(
          `Platform redirect ${redirect.id ?? redirect.match?.value ?? '?'} left out: ${reason}`,
        );
      }
      if (result.redirects.length !== compiled.length) {
        options.log.info(`Platform redirects: ${result.redirects.length} in use`);
      }
      compiled = result.redirects;
    } catch (error) {
      const why =
        error instanceof ApiError && error.status === 403
          ? 'the API client may not view redirects (give its role redirects: view)'
          : describeError(error)
              .split(clientSecret ?? '\u0000')
              .join('[secret]');
      options.log.warn(`Platform redirects: could not read them (${why}); ${compiled.length} kept in use`);
    } finally {
      schedule();
    }
  }

  if (!client) options.log.info('Platform redirects: off (no API client id and secret)');

  return {
    match: (request) => (compiled.length === 0 ? null : matchRedirect(compiled, request)),
    refresh() {
      if (!client || closed) return;
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = null;
        void load();
      }, REFRESH_DEBOUNCE_MS);
      debounce.unref();
    },
    load,
    get size() {
      return compiled.length;
    },
    close() {
      closed = true;
      if (debounce) clearTimeout(debounce);
      if (periodic) clearTimeout(periodic);
    },
  };
}
