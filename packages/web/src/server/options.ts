import type { FastifyServerOptions } from 'fastify';
import type { PageAssets, SiteRenderer } from '../render/render-types.js';
import type { VersionStatus } from '../routing/version-status.js';
import type { GetSession } from '../user/session.js';
import type { VersionServers } from '../version/version-info.js';
import type { OverloadOptions } from './admission.js';
import type { CachePolicy } from './cache-headers.js';
import type { CompressionOptions } from './compression.js';
import { projectsFromEnv, serversFromEnv } from './environment-settings.js';
import { type RateLimitOptions, rateLimitFromEnv } from './rate-limit.js';
import { requestTimeoutFromEnv } from './request-timeouts.js';
import type { CspDirective } from './security-headers.js';
import { normaliseHostName, type SiteHostInput } from './site-hosts.js';

/**
 * Deployment settings of a site server. Only `platformUrl`, `projectId`, `deliveryToken` and
 * either `siteRoot` or `renderer` are required.
 *
 * @example
 * await startSiteServer({
 *   siteRoot: '/srv/site',
 *   platformUrl: 'http://127.0.0.1:3001',
 *   projectId: 'website',
 *   deliveryToken: process.env.CANOPY_DELIVERY_TOKEN!,
 *   previewToken: process.env.CANOPY_PREVIEW_TOKEN,
 *   port: 3000,
 * });
 */
export interface SiteServerOptions {
  /** The site's folder: `package.json`, `src/entry-*.tsx`, and `dist/` after `buildSite`. */
  siteRoot?: string;
  /** A renderer to use instead of the site's build (tests, custom setups). */
  renderer?: SiteRenderer;
  /** Assets for a `renderer` (default: none, pages without scripts). */
  assets?: PageAssets;
  /** Development: render from source through Vite with hot module replacement. */
  dev?: boolean;
  /** Port to listen on (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Origin of the content platform, e.g. `http://127.0.0.1:3001`. */
  platformUrl: string;
  projectId: string;
  /** Delivery token for published content; it never reaches a browser. */
  deliveryToken: string;
  /**
   * Token with preview rights, used for `latest` on the configured preview hosts (for editors,
   * and outside production for anyone; see `hosts` and `anonymousPreview`).
   */
  previewToken?: string | null;
  /**
   * The site's API client on the platform (`client_credentials` grant, with the `eventStreams`
   * `connect` permission). With `clientSecret`, the server subscribes to the platform's event
   * stream and purges its delivery cache whenever content changes; without, cached answers
   * simply expire after `deliveryCache.ttlSeconds`.
   */
  clientId?: string | null;
  /** The API client's secret. It stays on the server: never in pages, state or logs. */
  clientSecret?: string | null;
  /**
   * HTTP caches in front of the site to purge by surrogate key after every content change
   * (`PURGE` with an `Xkey-Purge` header, as `deploy/varnish/canopy.vcl` answers it), e.g.
   * `['http://127.0.0.1:6081/']`. Needs the client credentials (the event stream). Every process
   * purges after emptying its own caches; see docs/deploy.md.
   */
  purgeUrls?: readonly string[];
  /**
   * This process's number among the workers of `canopy-web start --workers N` (1…N): sent as
   * `X-Canopy-Worker` on every answer, so an operator can tell which process answered.
   */
  workerId?: number | null;
  /** Tuning of the content-change subscription; `false` turns it off even with client credentials. */
  contentChanges?: false | ContentChangesOptions;
  /**
   * The host names the site answers, each with the public address its absolute links use
   * (mail links, canonical links, `og:url`, the sitemap and robots.txt): a public address
   * (`https://www.example.com`), a bare host name (`localhost`: links on it use the address the
   * server listens on) or a `SiteHostSetting` (name, public address, preview). A request naming any other host is answered
   * 400 before routing; nothing is ever built from the request's `Host`. Required in production
   * (the server refuses to start without); elsewhere the default is `DEMO_HOSTS`.
   *
   * @example
   * hosts: ['https://www.aberwen.ac.uk', { name: 'preview.aberwen.ac.uk', publicUri: 'https://preview.aberwen.ac.uk', preview: true }]
   */
  hosts?: readonly SiteHostInput[];
  /**
   * Whether visitors who are not signed in as editors read drafts on preview hosts (default:
   * only outside production). In production the preview host then shows drafts to anyone who
   * reaches it: only for a preview host that is itself closed to the public.
   */
  anonymousPreview?: boolean;
  /** The site's public address, e.g. `https://www.example.com` (version page). */
  publicUri?: string | null;
  /** Answer `/api/delivery/*` for the browser, adding the token here (default true). */
  proxyDeliveryApi?: boolean;
  /**
   * Requests per client address the delivery proxy answers (a token bucket: `perMinute`
   * sustained, default 1200, after a `burst` of 600); past it, 429 with `Retry-After`. `false`
   * turns it off. Behind a proxy set `trustProxy`, or every visitor counts as the proxy's
   * address. Env `CANOPY_DELIVERY_RATE_LIMIT` (`off`, or `1200/600`).
   */
  deliveryRateLimit?: RateLimitOptions | false;
  /** Write the state into pages (default true); when off the browser fetches `?redux=true`. */
  inlineState?: boolean;
  /** Page cache headers (default `private`, 3600 s, 10 s for errors). */
  cache?: Partial<CachePolicy>;
  /** The delivery response cache (default 100 entries, 60 s); `false` for none. */
  deliveryCache?: false | { limit?: number; ttlSeconds?: number };
  /**
   * How long the browser may reuse an answer of the delivery proxy for client navigation
   * (its `Cache-Control: private, max-age`), in seconds; default 60. `0` sends `no-store`, so
   * every navigation asks again. A content change the server hears of ends the reuse sooner
   * (see the content version in `docs/web.md`).
   */
  browserCacheSeconds?: number;
  /**
   * Stale pages through platform outages: the last good answer of every anonymous page is
   * kept and served (marked stale) while the platform is down or erroring, for up to
   * `maxAgeSeconds` after it was rendered (default a day; 1000 pages, 64 MiB). `false` turns
   * it off: pages the platform cannot serve answer 503. See docs/web.md.
   */
  stalePages?: false | { maxAgeSeconds?: number; limit?: number; maxBytes?: number };
  /**
   * Seconds this process serves an anonymous page's last rendering again instead of rendering
   * it anew (default 10; `0` renders every request). A content change the server hears of
   * (the platform's event stream) ends the reuse at once. Pages for signed-in visitors,
   * previews, forms and degraded renderings are never reused. Needs `stalePages` (the copies
   * live there). See docs/web.md.
   */
  pageCacheSeconds?: number;
  /**
   * Serve the client bundle's source maps (`/static/assets/*.map`) from a built site (default
   * false: they expose every source file). Development always serves them.
   */
  sourceMaps?: boolean;
  /** The clock in milliseconds, for tests: the delivery cache and the stale pages read it. */
  now?: () => number;
  /**
   * Replaces the site's own session reader (the sealed session cookie). Sign-in, sign-out and
   * the account forms keep using the cookie; pages and access rules see this reader's user.
   */
  getSession?: GetSession;
  /**
   * Secret(s) sealing the session cookie, each at least 32 characters; the first seals, all
   * open (rotation). Every process of a site needs the same. Without one the server makes a
   * random secret at start: sessions then end when it restarts and work in this process only.
   */
  sessionSecret?: string | readonly string[] | null;
  /** Name of the session cookie (default `canopy_session`). */
  sessionCookieName?: string;
  /** Email domain of staff (`isZengentiStaff` is an exact match of the address's domain). */
  staffDomain?: string | null;
  /**
   * Browser-facing address of the identity provider for federated sign-in and staff
   * environments (`{this}/authenticate/connect/authorize`, `{this}/my-environments`); default
   * `platformUrl`.
   */
  identityProviderUrl?: string | null;
  /**
   * Registered visitors confirm their email address (a mailed link) before they can sign in
   * (default true; needs a platform with email verification, as the local one has).
   */
  verifyEmail?: boolean;
  /** Groups a registered visitor joins (default `['Members']`); the site's API client must be allowed to add them. */
  registrationGroups?: readonly string[];
  /** Groups whose members may preview drafts on the preview hosts (default `['Editors']`). */
  editorGroups?: readonly string[];
  /** The configured version status (the spec's "window value"); unset means by host name. */
  versionStatus?: VersionStatus | null;
  /** Who may frame the site (`frame-ancestors`, default `'self'`). */
  frameAncestors?: readonly string[];
  /** Extra Content-Security-Policy sources per directive. */
  cspSources?: Partial<Record<CspDirective, readonly string[]>>;
  /** Build facts for the version page (default: `dist/build.json`, then the environment). */
  build?: { commitRef?: string | null; buildNo?: string | null; pipelineUrl?: string | null };
  /** The environment's alias on the version page (default: the alias in the request's host name). */
  environmentAlias?: string | null;
  /** Addresses of the environment's servers, for the version page. */
  servers?: Partial<VersionServers>;
  /** Other projects and their public addresses, for the version page. */
  projects?: readonly { id: string; publicUri: string | null }[];
  /** Runtime environment name (default `NODE_ENV`, else `development`). */
  environment?: string;
  /** Fastify (pino) logger settings (default: warnings and errors); `false` for none. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Whose `X-Forwarded-*` headers to believe (behind a load balancer): the proxies' addresses
   * or CIDR ranges (`['10.0.0.1', '127.0.0.1']`), or `true` for any sender — then only when
   * nothing but the proxy can reach the site, as a forwarded host picks the configured host
   * (and with it preview rights).
   */
  trustProxy?: boolean | string | readonly string[];
  /** Milliseconds a platform call may take (default 10 000). */
  deliveryTimeoutMs?: number;
  /**
   * Milliseconds an idle connection to the platform is kept for the next call (default 4 000),
   * whatever the platform's `Keep-Alive` header says. Keep it below the idle limit of any proxy
   * or load balancer between site and platform, which closes idle connections on its own.
   * Env `CANOPY_PLATFORM_KEEP_ALIVE_MS`.
   */
  platformKeepAliveMs?: number;
  /**
   * Milliseconds a request may take to arrive, headers and body (default 30 000; headers alone
   * at most 15 000): past it the connection is answered 408 and closed. Receiving only: long
   * answers are not cut. Env `CANOPY_REQUEST_TIMEOUT_MS`.
   */
  requestTimeoutMs?: number;
  /**
   * Compression of pages, JSON and proxied delivery answers (brotli or gzip, as the browser
   * accepts); `false` turns it off (e.g. behind a proxy that compresses). Built static files
   * are always sent precompressed when accepted.
   */
  compression?: false | CompressionOptions;
  /**
   * How many pages are served at once and how many may wait (see `OverloadOptions`); past
   * that, pages get a quick 503 with `Retry-After` instead of a long wait. Assets, the
   * delivery proxy and health checks are not limited.
   */
  overload?: OverloadOptions;
}

/** Tuning of the subscription that purges the delivery cache when content changes. */
export interface ContentChangesOptions {
  /** Ceiling of the first reconnection delay in milliseconds (default 1000; doubles per failure, jittered). */
  reconnectDelayMs?: number;
  /** Longest reconnection delay in milliseconds (default 60 000). */
  maxReconnectDelayMs?: number;
  /** A stream silent this long, heartbeats included, is reopened (default 45 000 ms; 0 never). */
  idleTimeoutMs?: number;
}

/** The local platform's demo delivery token: the default, and no secret. */
export const DEMO_DELIVERY_TOKEN = 'canopy-demo-delivery-token';
/** The local platform's demo preview token: the default, and no secret. */
export const DEMO_PREVIEW_TOKEN = 'canopy-demo-preview-token';
/** The local platform's demo API client secret (what `npm start` passes): no secret either. */
export const DEMO_CLIENT_SECRET = 'canopy-demo-client-secret';

/** Environment variables {@link siteServerOptionsFromEnv} reads. */
export type SiteEnv = Record<string, string | undefined>;

/**
 * Site server options from environment variables, with the local platform's demo settings
 * as defaults, so `canopy-web start` runs against `canopy-platform serve` without any setup.
 *
 * | Variable | Default |
 * | --- | --- |
 * | `PORT`, `HOST` | 3000, 127.0.0.1 |
 * | `CANOPY_PLATFORM_URL` (or `PLATFORM_URL`) | http://127.0.0.1:3001 |
 * | `CANOPY_PROJECT_ID` | website |
 * | `CANOPY_DELIVERY_TOKEN`, `CANOPY_PREVIEW_TOKEN` | the demo tokens |
 * | `CANOPY_CLIENT_ID`, `CANOPY_CLIENT_SECRET` | none (no cache purge on content changes) |
 * | `CANOPY_PURGE_URL` (comma-separated, one per HTTP cache in front) | none |
 * | `CANOPY_HOSTS` (comma-separated public addresses or host names, see `hosts`) | the demo's hosts; required in production |
 * | `CANOPY_PREVIEW_HOSTS` (comma-separated names among `CANOPY_HOSTS`) | the hosts named `preview-…`; local names outside production |
 * | `CANOPY_FEDERATED_SIGN_IN_HOSTS` (comma-separated names among `CANOPY_HOSTS`) | this machine's names |
 * | `CANOPY_ANONYMOUS_PREVIEW` (`true`: drafts on preview hosts for anyone) | only outside production |
 * | `CANOPY_TRUST_PROXY` (comma-separated proxy addresses whose `X-Forwarded-*` count) | none |
 * | `CANOPY_PUBLIC_URI`, `CANOPY_ENVIRONMENT_ALIAS` | none (the alias: the host's `{env}-{alias}`) |
 * | `CANOPY_SERVER_WEB`, `…_PREVIEW`, `…_API`, `…_CMS`, `…_IIS`, `…_IIS_PREVIEW` | the site's and platform's addresses |
 * | `CANOPY_PROJECTS` (`id=https://address,…`) | the site's project only |
 * | `CANOPY_PROXY_DELIVERY_API` (`false` to turn off), `CANOPY_DISABLE_INLINE_STATE` (`true`) | |
 * | `CANOPY_VERSION_STATUS` | by host name |
 * | `CANOPY_SESSION_SECRET` (comma-separated for rotation), `CANOPY_STAFF_DOMAIN` | a random secret per start; no staff |
 * | `CANOPY_IDENTITY_PROVIDER_URL`, `CANOPY_VERIFY_EMAIL` (`false` to turn off) | the platform URL; on |
 * | `CANOPY_COMMIT_REF`/`GIT_COMMIT`, `CANOPY_BUILD_NO`/`BUILD_NUMBER`, `CANOPY_PIPELINE_URL` | |
 * | `CANOPY_STALE_IF_ERROR_SECONDS` (0 turns stale pages off) | 86400 |
 * | `CANOPY_PAGE_CACHE_SECONDS` (0 renders every request) | 10 |
 * | `CANOPY_PLATFORM_KEEP_ALIVE_MS` (idle platform connections kept, below any proxy's idle limit) | 4000 |
 * | `CANOPY_SOURCE_MAPS` (`true` to serve them) | not served |
 *
 * @example
 * await startSiteServer(siteServerOptionsFromEnv(process.env, { siteRoot: 'site' }));
 */
export function siteServerOptionsFromEnv(
  env: SiteEnv,
  overrides: Partial<SiteServerOptions> = {},
): SiteServerOptions {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const port = value('PORT');
  const status = value('CANOPY_VERSION_STATUS');
  const staleSeconds = value('CANOPY_STALE_IF_ERROR_SECONDS');
  const pageCacheSeconds = value('CANOPY_PAGE_CACHE_SECONDS');
  const platformKeepAliveMs = value('CANOPY_PLATFORM_KEEP_ALIVE_MS');
  const purgeUrls = value('CANOPY_PURGE_URL');
  const requestTimeoutMs = requestTimeoutFromEnv(value('CANOPY_REQUEST_TIMEOUT_MS'));
  const deliveryRateLimit = value('CANOPY_DELIVERY_RATE_LIMIT');
  const hosts = value('CANOPY_HOSTS');
  const anonymousPreview = value('CANOPY_ANONYMOUS_PREVIEW');
  const trustProxy = value('CANOPY_TRUST_PROXY');
  const options: SiteServerOptions = {
    port: port ? Number(port) : 3000,
    host: value('HOST') ?? '127.0.0.1',
    platformUrl: value('CANOPY_PLATFORM_URL') ?? value('PLATFORM_URL') ?? 'http://127.0.0.1:3001',
    projectId: value('CANOPY_PROJECT_ID') ?? 'website',
    deliveryToken: value('CANOPY_DELIVERY_TOKEN') ?? DEMO_DELIVERY_TOKEN,
    previewToken: value('CANOPY_PREVIEW_TOKEN') ?? DEMO_PREVIEW_TOKEN,
    // No demo default: a secret is only ever what the deployment configured.
    clientId: value('CANOPY_CLIENT_ID') ?? null,
    clientSecret: value('CANOPY_CLIENT_SECRET') ?? null,
    publicUri: value('CANOPY_PUBLIC_URI') ?? null,
    environmentAlias: value('CANOPY_ENVIRONMENT_ALIAS') ?? null,
    proxyDeliveryApi: value('CANOPY_PROXY_DELIVERY_API') !== 'false',
    inlineState: value('CANOPY_DISABLE_INLINE_STATE') !== 'true',
    versionStatus: status === 'latest' || status === 'published' ? status : null,
    sessionSecret:
      value('CANOPY_SESSION_SECRET')
        ?.split(',')
        .map((secret) => secret.trim())
        .filter(Boolean) ?? null,
    staffDomain: value('CANOPY_STAFF_DOMAIN') ?? null,
    identityProviderUrl: value('CANOPY_IDENTITY_PROVIDER_URL') ?? null,
    verifyEmail: value('CANOPY_VERIFY_EMAIL') !== 'false',
    build: {
      commitRef: value('CANOPY_COMMIT_REF') ?? value('GIT_COMMIT') ?? null,
      buildNo: value('CANOPY_BUILD_NO') ?? value('BUILD_NUMBER') ?? null,
      pipelineUrl: value('CANOPY_PIPELINE_URL') ?? null,
    },
    environment: value('NODE_ENV') ?? 'development',
    ...serversAndProjectsFromEnv(value),
    ...overloadFromEnv(value),
    ...(purgeUrls !== undefined ? { purgeUrls: parsePurgeUrls(purgeUrls) } : {}),
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
    ...(deliveryRateLimit !== undefined ? { deliveryRateLimit: rateLimitFromEnv(deliveryRateLimit) } : {}),
    ...(hosts !== undefined
      ? {
          hosts: hostsFromEnv(hosts, value('CANOPY_PREVIEW_HOSTS'), value('CANOPY_FEDERATED_SIGN_IN_HOSTS')),
        }
      : {}),
    ...(anonymousPreview !== undefined ? { anonymousPreview: anonymousPreview === 'true' } : {}),
    ...(trustProxy !== undefined ? { trustProxy: listOf(trustProxy) } : {}),
    ...(staleSeconds !== undefined ? { stalePages: staleAge(staleSeconds) } : {}),
    ...(pageCacheSeconds !== undefined
      ? { pageCacheSeconds: wholeSeconds('CANOPY_PAGE_CACHE_SECONDS', pageCacheSeconds) }
      : {}),
    ...(platformKeepAliveMs !== undefined
      ? { platformKeepAliveMs: positiveMilliseconds('CANOPY_PLATFORM_KEEP_ALIVE_MS', platformKeepAliveMs) }
      : {}),
    sourceMaps: value('CANOPY_SOURCE_MAPS') === 'true',
  };
  return { ...options, ...overrides };
}

/** The version page's `servers` and `projects`, when the environment names any. */
function serversAndProjectsFromEnv(
  value: (name: string) => string | undefined,
): Pick<SiteServerOptions, 'servers' | 'projects'> {
  const servers = serversFromEnv(value);
  const projects = value('CANOPY_PROJECTS');
  return {
    ...(Object.keys(servers).length > 0 ? { servers } : {}),
    ...(projects !== undefined ? { projects: projectsFromEnv(projects) } : {}),
  };
}

/** `CANOPY_MAX_CONCURRENT_PAGES`, `CANOPY_MAX_QUEUED_PAGES`, `CANOPY_MAX_QUEUE_WAIT_MS` and `CANOPY_MAX_PAGE_MS`. */
function overloadFromEnv(value: (name: string) => string | undefined): { overload?: OverloadOptions } {
  const overload: OverloadOptions = {};
  const read = (name: string, key: keyof OverloadOptions) => {
    const raw = value(name);
    if (raw === undefined) return;
    const number = Number(raw);
    if (!Number.isInteger(number) || number < 0)
      throw new Error(`${name} must be a whole number, not '${raw}'`);
    overload[key] = number;
  };
  read('CANOPY_MAX_CONCURRENT_PAGES', 'maxConcurrentPages');
  read('CANOPY_MAX_QUEUED_PAGES', 'maxQueuedPages');
  read('CANOPY_MAX_QUEUE_WAIT_MS', 'maxQueueWaitMs');
  read('CANOPY_MAX_PAGE_MS', 'maxPageMs');
  return Object.keys(overload).length > 0 ? { overload } : {};
}

/** A comma-separated setting as a list, blanks dropped. */
function listOf(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * `CANOPY_HOSTS`, with `CANOPY_PREVIEW_HOSTS` and `CANOPY_FEDERATED_SIGN_IN_HOSTS` (each when
 * set) naming exactly which of them are preview hosts and which offer federated sign-in.
 */
function hostsFromEnv(
  raw: string,
  previewRaw: string | undefined,
  federatedRaw: string | undefined,
): SiteHostInput[] {
  const entries = listOf(raw);
  if (previewRaw === undefined && federatedRaw === undefined) return entries;
  const named = (list: string | undefined) =>
    list === undefined ? null : new Set(listOf(list).map(normaliseHostName));
  const previews = named(previewRaw);
  const federated = named(federatedRaw);
  const hosts = entries.map((entry) => {
    const name = normaliseHostName(entry.includes('://') ? hostNameOf(entry) : entry);
    return {
      name,
      ...(entry.includes('://') ? { publicUri: entry } : {}),
      ...(previews ? { preview: previews.delete(name) } : {}),
      ...(federated ? { federatedSignIn: federated.delete(name) } : {}),
    };
  });
  for (const [variable, left] of [
    ['CANOPY_PREVIEW_HOSTS', previews],
    ['CANOPY_FEDERATED_SIGN_IN_HOSTS', federated],
  ] as const) {
    if (left && left.size > 0) {
      throw new Error(`${variable} names hosts that are not in CANOPY_HOSTS: ${[...left].join(', ')}`);
    }
  }
  return hosts;
}

function hostNameOf(address: string): string {
  try {
    return new URL(address).hostname;
  } catch {
    throw new Error(`CANOPY_HOSTS must list http(s) addresses or host names, not '${address}'`);
  }
}

/** `CANOPY_PURGE_URL`: comma-separated http(s) URLs. */
function parsePurgeUrls(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      let url: URL;
      try {
        url = new URL(part);
      } catch {
        throw new Error(`CANOPY_PURGE_URL must list http(s) URLs, not '${part}'`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error(`CANOPY_PURGE_URL must list http(s) URLs, not '${part}'`);
      return url.href;
    });
}

/** A setting that must be a whole number of seconds, 0 included. */
function wholeSeconds(name: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`${name} must be a whole number of seconds, not "${raw}"`);
  return Number(raw);
}

/** A setting that must be a whole number of milliseconds above 0 (0 would keep no connection). */
function positiveMilliseconds(name: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) {
    throw new Error(`${name} must be a whole number of milliseconds above 0, not "${raw}"`);
  }
  return Number(raw);
}

/** `CANOPY_STALE_IF_ERROR_SECONDS` as the `stalePages` option: 0 is off; anything else must be a count of seconds. */
function staleAge(raw: string): SiteServerOptions['stalePages'] {
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(seconds)) {
    throw new Error(
      `CANOPY_STALE_IF_ERROR_SECONDS must be a whole number of seconds (0 to turn stale pages off), not "${raw}"`,
    );
  }
  return seconds === 0 ? false : { maxAgeSeconds: seconds };
}
