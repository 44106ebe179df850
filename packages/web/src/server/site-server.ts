import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { CONTENT_VERSION_HEADER } from '../client/answer-cache.js';
import { registerConsentEndpoint } from '../consent/consent-endpoint.js';
import type { DeliveryAccessOptions } from '../delivery/delivery-access.js';
import { splitUrl } from '../routing/trailing-slash.js';
import { PlatformAccounts } from '../user/platform-accounts.js';
import type { Session } from '../user/session.js';
import type { SessionCredentials } from '../user/session-seal.js';
import { createSessionSealer } from '../user/session-seal.js';
import { platformVisitorCookie } from '../user/visitor-credentials.js';
import {
  buildVersionInfo,
  publicVersionInfo,
  type VersionInfo,
  type VersionInfoInput,
} from '../version/version-info.js';
import { answerSecurityToken, registerAccountLinkRoutes } from './accounts/account-links.js';
import { createAccountPageFacts, registerPageNameRoute } from './accounts/account-page-facts.js';
import { registerAccountRoutes } from './accounts/account-routes.js';
import { platformPageNames } from './accounts/page-names.js';
import { SiteSessions } from './accounts/site-sessions.js';
import { AdmissionGate, type AdmissionStats } from './admission.js';
import { type CachePolicy, DEFAULT_CACHE_POLICY } from './cache-headers.js';
import { CACHE_PURGE_OFF, type CachePurge, startCachePurge } from './cache-purge.js';
import { answerFromDeliveryCache, isCacheableDeliveryRead } from './cached-delivery-proxy.js';
import { CompressedCopies } from './compressed-copies.js';
import { registerCompression } from './compression.js';
import { createDeliveryCache, type DeliveryCache } from './delivery-cache.js';
import { deliveryRequestProblem } from './delivery-proxy-rules.js';
import { allowedMethods, type RegisteredRoute, sendClientError, sendErrorPage } from './error-answers.js';
import { busyPage, fallbackPlaceOf } from './error-pages.js';
import { platformForEntryForms } from './forms/entry-form-platform.js';
import { registerEntryFormRoutes } from './forms/entry-form-routes.js';
import { checkPlatform, heartbeatBody } from './health.js';
import { createHttpCachePurger } from './http-cache-purge.js';
import { KeptEncodings } from './kept-encodings.js';
import type { SiteServerOptions } from './options.js';
import { createOwnedFetch } from './owned-fetch.js';
import { handlePage, type PageHandlerContext, policyInputs, sessionOf } from './page-handler.js';
import { createPlatformFetch, DEFAULT_PLATFORM_KEEP_ALIVE_MS } from './platform-fetch.js';
import {
  preferProduction,
  REACT_DEVELOPMENT_WARNING,
  reactDevelopmentBuildLoaded,
} from './production-mode.js';
import { closePromptly } from './prompt-close.js';
import {
  ASSET_CONTENT_SECURITY_POLICY,
  ASSET_PROXY_PATHS,
  ASSET_REQUEST_HEADERS,
  ASSET_RESPONSE_HEADERS,
  DELIVERY_PROXY_PATH,
  DELIVERY_REQUEST_HEADERS,
  DELIVERY_RESPONSE_HEADERS,
  deliveryProxyPath,
  proxyRequest,
} from './proxy.js';
import { RateLimiter } from './rate-limit.js';
import { createRedirectStore } from './redirect-store.js';
import {
  builtRendererSource,
  devRendererSource,
  fixedRendererSource,
  type RendererSource,
} from './renderer-source.js';
import { type RequestPolicy, requestPolicy } from './request-policy.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeoutOptions } from './request-timeouts.js';
import { type CspDirective, prepareSecurityHeaders } from './security-headers.js';
import { registerSeoRoutes } from './seo-routes.js';
import { type SiteHost, siteHosts } from './site-hosts.js';
import { createStalePages, type StalePages } from './stale-pages.js';
import { STATIC_PLUGIN_OPTIONS, staticContentType } from './static-files.js';
import { collectVersionInfo } from './version-source.js';
import { registerWordsRoute } from './words-route.js';

/** How long a rendered anonymous page is served again by default, in seconds (see `pageCacheSeconds`). */
export const DEFAULT_PAGE_CACHE_SECONDS = 10;

/** How long browsers reuse delivery answers by default, in seconds. */
const DEFAULT_BROWSER_CACHE_SECONDS = 60;

/** A site server, built but not necessarily listening. */
export interface SiteServer {
  /** The Fastify instance (use `inject` in tests). */
  readonly app: FastifyInstance;
  /**
   * Empties the delivery cache and marks the stale pages outdated, e.g. after content changed
   * (the stale pages are kept: they are served only while the platform fails); pages being
   * loaded meanwhile are kept out of shared caches.
   */
  clearCache(): void;
  /** Pages being served and waiting right now, and how many were refused (see `overload`). */
  readonly pages: AdmissionStats;
  /**
   * Stops listening, ends the content-change subscription and releases the renderer (and Vite
   * in development).
   */
  close(): Promise<void>;
}

/** A listening site server. */
export interface RunningSiteServer extends SiteServer {
  /** e.g. `http://127.0.0.1:3000` */
  readonly url: string;
  readonly port: number;
}

const DEFAULT_EDITOR_GROUPS = ['Editors'];
/** Browsers keep a platform redirect this long, so an editor's change reaches them soon. */
const REDIRECT_MAX_AGE_SECONDS = 300;

/**
 * Builds the site server (Fastify 5) without listening: health and version endpoints, the
 * client files under `/static/`, the reverse proxy of the asset libraries and (by default) of
 * the delivery API, and every other GET as a page. Once ready (listening, or at the first
 * `inject`), it subscribes to the platform's content changes when it has client credentials.
 *
 * @example
 * const site = await createSiteServer({ renderer, platformUrl, projectId: 'website', deliveryToken });
 * const response = await site.app.inject('/about');
 */
export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  if (!options.renderer && !options.siteRoot)
    throw new Error('createSiteServer needs a siteRoot or a renderer');
  // Development (Vite) never runs as production, whatever the environment says.
  const production = !options.dev && (options.environment ?? process.env.NODE_ENV) === 'production';
  // Before anything is started: a production site without its host names does not start.
  const hosts = siteHosts(options.hosts, { production });
  const anonymousPreview = options.anonymousPreview ?? !production;
  // The request's host name (Host, or X-Forwarded-Host from a trusted proxy) among the configured ones.
  const hostOf = (request: FastifyRequest): SiteHost | null => hosts.find(request.hostname);
  const platformUrl = options.platformUrl.replace(/\/+$/, '');
  // Filled in once the page context exists; a malformed address is answered before any route.
  let answerClientError: ((request: FastifyRequest, reply: FastifyReply, status: number) => unknown) | null =
    null;
  const app = Fastify({
    logger: options.logger ?? { level: 'warn' },
    // Page errors are logged by the page handler; one line per request is the proxy's job.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustedProxies(options.trustProxy),
    return503OnClosing: true,
    // A request that does not arrive in time is answered 408 and its connection closed.
    ...requestTimeoutOptions(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: (error, rawRequest, rawReply) => {
      const request = rawRequest as FastifyRequest;
      const reply = rawReply as FastifyReply;
      // A malformed address (`/%FF`): the visitor's mistake, logged without a stack.
      request.log.info({ url: request.url, code: error.code }, error.message);
      if (answerClientError) void answerClientError(request, reply, 400);
      else reply.code(400).header('content-type', 'text/plain; charset=utf-8').send('Bad Request');
    },
  });
  // A worker told to stop exits once its requests are answered, not when its clients hang up.
  closePromptly(app);
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    // A catch-all that answers only some paths (the entry forms' POST) names no method for the rest.
    if ((route.config as { allowElsewhere?: boolean } | undefined)?.allowElsewhere === false) return;
    routes.push({ url: route.url, methods: ([] as string[]).concat(route.method) });
  });

  const source: RendererSource = options.renderer
    ? fixedRendererSource(options.renderer, options.assets)
    : options.dev
      ? await devRendererSource(options.siteRoot as string, app.server)
      : await builtRendererSource(options.siteRoot as string);
  const {
    name: siteName,
    language: siteLanguage,
    cspSources: siteCspSources,
    languagePaths = {},
    languageHosts = {},
  } = (await source.renderer()).settings;

  // The plain fallback pages are placed as the renderer places pages (error-pages.ts), on the
  // configured host the request's Host picked, never the header itself.
  const fallbackLanguages = { language: siteLanguage, languagePaths, languageHosts };
  const fallbackPlace = (request: FastifyRequest) =>
    fallbackPlaceOf(request.url, hostOf(request)?.name ?? null, fallbackLanguages);
  const platformKeepAliveMs = options.platformKeepAliveMs ?? DEFAULT_PLATFORM_KEEP_ALIVE_MS;
  const now = options.now;
  const cache: DeliveryCache | null =
    options.deliveryCache === false
      ? null
      : createDeliveryCache({ ...(options.deliveryCache || {}), ...(now ? { now } : {}) });
  const stale: StalePages | null =
    options.stalePages === false
      ? null
      : createStalePages({ ...(options.stalePages || {}), ...(now ? { now } : {}) });
  // Started once the server is ready (see onReady below), so a server built but never used opens nothing.
  let purge: CachePurge = CACHE_PURGE_OFF;
  // When the platform last reported a content change (ms), told to browsers with every delivery
  // answer so their caches drop what predates it; null while no change stream is heard.
  let contentVersion: number | null = null;
  const browserCacheSeconds = Math.max(
    0,
    Math.floor(options.browserCacheSeconds ?? DEFAULT_BROWSER_CACHE_SECONDS),
  );
  // Counts content changes: a page whose data was loaded across one is not given to shared caches.
  let contentGeneration = 0;
  const cachePolicy: CachePolicy = {
    ...DEFAULT_CACHE_POLICY,
    staleIfErrorSeconds: stale?.maxAgeSeconds ?? 0,
    ...options.cache,
  };
  // The account calls and the reverse proxies (assets, the browser's delivery calls) need all
  // of fetch (form bodies, streamed answers, manual redirects): a pool of their own, under the
  // same connection rules as the pages' reads (docs/web.md, "Connections to the platform").
  const fullFetch = createOwnedFetch({ keepAliveMs: platformKeepAliveMs, log: app.log });
  const sessions = new SiteSessions({
    sealer: createSessionSealer(sessionSecrets(options.sessionSecret, app)),
    accounts: new PlatformAccounts({
      rootUrl: platformUrl,
      projectId: options.projectId,
      clientId: options.clientId ?? null,
      clientSecret: options.clientSecret ?? null,
      staffDomain: options.staffDomain ?? null,
      identityProviderUrl: options.identityProviderUrl ?? null,
      verifyEmail: options.verifyEmail !== false,
      ...(options.registrationGroups ? { registrationGroups: options.registrationGroups } : {}),
      fetchFn: fullFetch.fetch,
    }),
    ...(options.sessionCookieName ? { cookieName: options.sessionCookieName } : {}),
  });
  const editorGroups = options.editorGroups ?? DEFAULT_EDITOR_GROUPS;
  const previewToken = options.previewToken || null;
  const inlineState = options.inlineState !== false;
  let versionInput: VersionInfoInput | null = null;

  const policyFor = (request: FastifyRequest, session: Session | null): RequestPolicy =>
    requestPolicy({
      hostname: request.hostname,
      previewHost: hostOf(request)?.preview ?? false,
      anonymousPreview,
      query: policyInputs(request).query,
      configured: options.versionStatus ?? null,
      session,
      editorGroups,
      previewConfigured: previewToken !== null,
    });
  const versionInfo = (policy: RequestPolicy): VersionInfo => {
    versionInput ??= collectVersionInfo(
      options,
      {
        listenUrl: listenUrl(app),
        cacheEntries: cache?.limit ?? 0,
        cacheSeconds: cache?.ttlSeconds ?? 0,
      },
      { name: siteName, language: siteLanguage },
    );
    const info = buildVersionInfo(versionInput, policy.versionStatus, policy.environment.alias);
    return policy.showsInternals ? info : publicVersionInfo(info);
  };
  // The build facts pages carry in their state: the same for every page, read once, and
  // withheld where the version page withholds them.
  let buildFacts: { commitRef: string | null; buildNo: string | null } | null = null;
  const noBuildFacts = Object.freeze({ commitRef: null, buildNo: null });
  const build = (policy: RequestPolicy) => {
    if (!policy.showsInternals) return noBuildFacts;
    if (!buildFacts) {
      const info = versionInfo({
        canPreview: false,
        versionStatus: 'published',
        showsInternals: true,
        environment: { kind: 'local', alias: null, isLive: false },
      });
      buildFacts = Object.freeze({ commitRef: info.commitRef, buildNo: info.buildNo });
    }
    return buildFacts;
  };

  const security = prepareSecurityHeaders({
    dev: source.dev,
    ...(options.frameAncestors ? { frameAncestors: options.frameAncestors } : {}),
    // What the site's own embeds need (its definition), then what the deployment adds.
    extraSources: mergeSources(siteCspSources, options.cspSources),
  });
  // The same for every page: the clients of a request read through the shared cache, and
  // what it cannot answer goes to the platform on a connection pool of the server's own.
  // Idle connections are dropped before a proxy between site and platform can close them
  // under a call; a read that meets one anyway is sent again (logged as a warning).
  const platformFetch = createPlatformFetch({ keepAliveMs: platformKeepAliveMs, log: app.log });
  const deliveryOptions: DeliveryAccessOptions = {
    rootUrl: platformUrl,
    fetchFn: platformFetch.fetch,
    projectId: options.projectId,
    accessToken: options.deliveryToken,
    previewToken,
    ...(cache
      ? {
          cache: cache.forToken(options.deliveryToken),
          previewCache: previewToken ? cache.forToken(previewToken) : null,
        }
      : {}),
    ...(options.deliveryTimeoutMs ? { timeout: options.deliveryTimeoutMs } : {}),
  };
  // A signed-in visitor reads as themselves (restricted content they may see), never through
  // the shared cache: their answers are theirs alone.
  const deliveryFor = (credentials?: SessionCredentials | null): DeliveryAccessOptions => {
    const visitorCookie = platformVisitorCookie(credentials);
    return visitorCookie
      ? { ...deliveryOptions, cache: null, previewCache: null, visitorCookie }
      : deliveryOptions;
  };
  // The sign-in and access-denied pages name the page they are about; the federated sign-in
  // link appears only on hosts the identity provider sends visitors back to.
  const federatedSignIn = (request: FastifyRequest) => hostOf(request)?.federatedSignIn ?? false;
  const pageNames = platformPageNames(deliveryOptions, sessions.accounts);
  const pageContext: PageHandlerContext = {
    source,
    delivery: (_policy, credentials) => deliveryFor(credentials),
    versionInfo,
    policyFor,
    sessions,
    customSession: options.getSession ?? null,
    cachePolicy,
    security,
    inlineState,
    build,
    siteName: () => siteName,
    fallbackPlace,
    stale,
    // Kept pages are sent many times: each is compressed once per encoding.
    keptEncodings: options.compression === false ? null : new KeptEncodings(options.compression ?? {}),
    // In development every request renders, so an edit shows on the next load.
    pageCacheSeconds: source.dev ? 0 : (options.pageCacheSeconds ?? DEFAULT_PAGE_CACHE_SECONDS),
    contentGeneration: () => contentGeneration,
    publicOrigin: (request) => {
      const host = hostOf(request);
      return host ? hosts.originOf(host, listenPort(app)) : null;
    },
    // Configured public addresses only: a language's own host is linked on its public address.
    hostOrigins: () =>
      Object.fromEntries(
        hosts.hosts
          .filter((host) => !host.local && !host.preview)
          .map((host) => [host.name, hosts.originOf(host, listenPort(app))]),
      ),
    accountPageFacts: createAccountPageFacts({
      pageNames,
      federatedSignIn,
      languagePaths,
      resetLinkIsLive: (token) => sessions.accounts.resetLinkIsLive(token),
    }),
    errorPage: (request, reply, status, headers) =>
      sendErrorPage(pageContext, request, reply, status, headers),
  };
  answerClientError = (request, reply, status) => sendClientError(pageContext, request, reply, status);

  await registerCompression(app, options.compression);
  // The delivery cache's answers are sent many times unchanged: each is compressed once.
  const compressedCopies = options.compression === false ? null : new CompressedCopies(options.compression);

  // Baseline headers on every answer; pages add their CSP with a nonce.
  const workerId = options.workerId ?? null;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(security.baseline);
    if (workerId !== null) reply.header('x-canopy-worker', String(workerId));
    // Only the configured host names are answered: a forged Host must not pick the address of
    // a mail link, a canonical link or the right to read drafts. Load balancers' health checks
    // name whatever address they reach, and get nothing host-specific.
    if (hostOf(request) === null && !HEALTH_PATHS.has(splitPath(request.url))) {
      request.log.info(
        { host: request.headers.host ?? null, url: request.url },
        'Request for an unknown host refused',
      );
      reply
        .code(400)
        .header('cache-control', 'no-store')
        .header('content-type', 'text/plain; charset=utf-8')
        .send('This site does not answer to that host name.\n');
      return;
    }
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    const code = (error as { statusCode?: number }).statusCode;
    const status = code && code >= 400 && code < 600 ? code : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'Unhandled error');
      return sendErrorPage(pageContext, request, reply, status);
    }
    // The visitor's mistake (a body the route cannot read, say): no stack, and no alarm.
    const { code: errorCode, message } = error as { code?: string; message?: string };
    request.log.info({ url: request.url, statusCode: status, code: errorCode }, message ?? 'Client error');
    if (request.is404) return methodNotAllowed(request, reply);
    return sendClientError(pageContext, request, reply, status);
  });
  /**
   * Every GET is a page, so an address without a route was asked with a method nothing
   * answers there: 405 with the methods that are (OPTIONS: 204 with them).
   */
  const methodNotAllowed = (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = allowedMethods(routes, splitPath(request.url));
    if (allowed.length === 0) return sendClientError(pageContext, request, reply, 404);
    const allow = [...allowed, 'OPTIONS'].join(', ');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .headers(security.plain)
        .header('allow', allow)
        .header('cache-control', 'no-store')
        .send();
    }
    request.log.info({ url: request.url, method: request.method }, `${request.method} is not allowed here`);
    return sendClientError(pageContext, request, reply, 405, { allow });
  };
  app.setNotFoundHandler(methodNotAllowed);

  app.get('/__lbheartbeat__', async (_request, reply) =>
    reply.header('cache-control', 'no-store').header('content-type', 'text/plain; charset=utf-8').send('OK'),
  );
  app.get('/__heartbeat__', async (_request, reply) => {
    const health = await checkPlatform(platformUrl, options.projectId, options.deliveryToken);
    return reply
      .code(health.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(
        heartbeatBody(health, purge.state, stale ? { pages: stale.size, outdated: stale.outdated } : null),
      );
  });
  app.get('/__version__', async (request, reply) => {
    const policy = policyFor(request, await sessionOf(pageContext, request));
    return reply.header('cache-control', 'no-store').send(versionInfo(policy));
  });

  // Browsers ask for it on their own; the site's icon is linked from its pages.
  app.get('/favicon.ico', async (_request, reply) =>
    reply
      .code(404)
      .header('cache-control', 'public, max-age=86400')
      .header('content-type', 'text/plain; charset=utf-8')
      .send('Not Found'),
  );
  app.route({
    method: ['GET', 'HEAD'],
    url: '/static/*',
    onSend: staticContentType,
    handler: (request, reply) =>
      // Source maps are the whole source: only served when the deployment opts in.
      !source.dev && !options.sourceMaps && /\.map$/i.test(splitPath(request.url))
        ? reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not Found')
        : source.serveStatic(request, reply),
  });

  for (const prefix of ASSET_PROXY_PATHS) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `${prefix}/*`,
      handler: (request, reply) =>
        proxyRequest(request, reply, {
          origin: platformUrl,
          path: request.url,
          requestHeaders: ASSET_REQUEST_HEADERS,
          responseHeaders: ASSET_RESPONSE_HEADERS,
          replyHeaders: { 'content-security-policy': ASSET_CONTENT_SECURITY_POLICY },
          fetchFn: fullFetch.fetch,
        }),
    });
  }

  // Before the delivery proxy: its scope reads the visitor's session cookie too.
  await app.register(cookie);
  if (options.proxyDeliveryApi !== false) {
    // A bucket per client address (behind a proxy, the visitor's only with `trustProxy`).
    const proxyLimiter =
      options.deliveryRateLimit === false
        ? null
        : new RateLimiter({ ...options.deliveryRateLimit, ...(now ? { now } : {}) });
    await app.register(async (scope) => {
      // Bodies (searches sent as POST) pass through untouched.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      if (proxyLimiter) {
        // Before the body is read: a refused client costs nothing more.
        scope.addHook('onRequest', async (request, reply) => {
          const wait = proxyLimiter.take(request.ip);
          if (wait === 0) return;
          request.log.info({ ip: request.ip, url: request.url }, 'Delivery proxy rate limit reached');
          return reply
            .code(429)
            .header('retry-after', String(wait))
            .header('cache-control', 'no-store')
            .send({ message: `Too many requests from this address; try again in ${wait} s` });
        });
      }
      scope.route({
        method: ['GET', 'HEAD', 'POST'],
        url: `${DELIVERY_PROXY_PATH}/*`,
        handler: async (request, reply) => {
          const path = deliveryProxyPath(request.url, options.projectId);
          if (!path) return reply.code(404).send({ message: 'Only the site project is available here' });
          // Only what the site's own pages ask, before the cache key is made from it.
          const problem = deliveryRequestProblem(
            request.method,
            path,
            Buffer.isBuffer(request.body) ? request.body : undefined,
          );
          if (problem) return reply.code(400).header('cache-control', 'no-store').send({ message: problem });
          const session = await sessionOf(pageContext, request);
          const policy = policyFor(request, session);
          const token = policy.canPreview && previewToken ? previewToken : options.deliveryToken;
          // The platform learns who is asking from the server-held session, never from the
          // browser: its cookies are not passed on (DELIVERY_REQUEST_HEADERS).
          const current = await sessions.read(request);
          const visitorCookie = session ? platformVisitorCookie(current.payload?.credentials) : null;
          await sessions.commit(request, reply, current);
          const replyHeaders = (status: number) => ({
            // A signed-in visitor's answers may hold what only they may read: never kept, so
            // nothing of theirs outlives signing out on a shared computer. Refusals and
            // errors are not kept either (a 401 must not outlive signing in).
            'cache-control':
              browserCacheSeconds > 0 && !visitorCookie && status >= 200 && status < 300
                ? `private, max-age=${browserCacheSeconds}`
                : 'private, no-store',
            ...(contentVersion !== null ? { [CONTENT_VERSION_HEADER]: String(contentVersion) } : {}),
          });
          // Anonymous reads share the server's delivery cache with rendering; a signed-in
          // visitor's go to the platform as themselves, as their pages' calls do.
          if (cache && !visitorCookie && isCacheableDeliveryRead(request.method, path)) {
            return answerFromDeliveryCache(request, reply, {
              store: cache.forToken(token),
              platformUrl,
              path,
              addHeaders: { accessToken: token },
              replyHeaders,
              ...(options.deliveryTimeoutMs ? { timeoutMs: options.deliveryTimeoutMs } : {}),
              ...(compressedCopies ? { compressed: compressedCopies } : {}),
              fetchFn: fullFetch.fetch,
            });
          }
          return proxyRequest(request, reply, {
            origin: platformUrl,
            path,
            requestHeaders: DELIVERY_REQUEST_HEADERS,
            responseHeaders: DELIVERY_RESPONSE_HEADERS,
            fetchFn: fullFetch.fetch,
            addHeaders: { accessToken: token, ...(visitorCookie ? { cookie: visitorCookie } : {}) },
            replyHeaders,
          });
        },
      });
    });
  }

  await app.register(fastifyStatic, STATIC_PLUGIN_OPTIONS);
  await registerAccountRoutes(app, sessions, (request) => pageContext.publicOrigin(request), languagePaths);
  registerAccountLinkRoutes(
    app,
    sessions,
    (request) => pageContext.publicOrigin(request),
    federatedSignIn,
    languagePaths,
  );
  registerPageNameRoute(app, pageNames, languagePaths);
  // Redirects editors keep on the platform come first, before routing and the page gate.
  const redirects = createRedirectStore({
    platformUrl,
    projectId: options.projectId,
    clientId: options.clientId ?? null,
    clientSecret: options.clientSecret ?? null,
    ...(options.deliveryTimeoutMs ? { timeoutMs: options.deliveryTimeoutMs } : {}),
    log: app.log,
  });
  // The site's entry forms (a booking): posts to their pages become entries on the platform.
  await registerEntryFormRoutes(app, {
    sessions,
    forms: async () => (await source.renderer()).settings.forms ?? [],
    platform: platformForEntryForms({
      platformUrl,
      projectId: options.projectId,
      deliveryToken: options.deliveryToken,
      clientId: options.clientId ?? null,
      clientSecret: options.clientSecret ?? null,
      ...(options.deliveryTimeoutMs ? { timeoutMs: options.deliveryTimeoutMs } : {}),
    }),
    ...(now ? { now } : {}),
  });
  // The consent forms' target (choosing without JavaScript); read per request, as in development the renderer can change.
  await registerConsentEndpoint(app, async () => (await source.renderer()).settings.consent ?? null);
  // robots.txt and the sitemap: generated, not pages (no page gate, no trailing-slash rule).
  registerSeoRoutes(app, pageContext, pageContext.publicOrigin);
  // The interface words of the languages other than the default, which their pages name.
  registerWordsRoute(app, pageContext);
  // Pages (not assets or health checks) pass a bounded gate: past it they get a quick 503.
  const gate = new AdmissionGate(options.overload);
  app.get('/*', async (request, reply) => {
    // A security token in the address signs the visitor in and leaves the address at once.
    if (await answerSecurityToken(request, reply, sessions, languagePaths)) return reply;
    const { pathname, rest } = splitUrl(request.url);
    const moved = redirects.match({ host: request.host, path: pathname, search: rest.split('#')[0] ?? '' });
    if (moved) {
      return reply
        .code(moved.status)
        .headers(security.plain)
        .header('cache-control', `public, max-age=${REDIRECT_MAX_AGE_SECONDS}`)
        .header('location', moved.location)
        .send();
    }
    return handlePage(pageContext, request, reply, {
      budgetMs: gate.limits.maxPageMs,
      saturated: () => gate.saturated,
      enter: async () => {
        const release = await gate.enter();
        if (!release)
          request.log.warn(
            { url: request.url, ...gate.stats },
            'Page refused: the site is at its page limit',
          );
        return release;
      },
      refuse: (refusedRequest, refused) =>
        refused
          .code(503)
          .headers(security.plain)
          .header('cache-control', 'no-store')
          .header('retry-after', String(gate.limits.retryAfterSeconds))
          .header('content-type', 'text/html; charset=utf-8')
          .send(busyPage(siteName, fallbackPlace(refusedRequest))),
    });
  });

  app.addHook('onReady', async () => {
    const httpCache =
      options.purgeUrls && options.purgeUrls.length > 0
        ? createHttpCachePurger({
            urls: options.purgeUrls,
            log: app.log,
            ...(options.deliveryTimeoutMs ? { timeoutMs: options.deliveryTimeoutMs } : {}),
          })
        : null;
    purge = startCachePurge(
      { ...options, platformUrl },
      { cache, stale, httpCache, sessions },
      app.log,
      () => {
        contentGeneration++;
        contentVersion = Math.max(Date.now(), (contentVersion ?? 0) + 1);
        redirects.refresh();
      },
    );
    // One debounced read at start: the event stream's "change" as it opens joins the same read.
    redirects.refresh();
  });
  app.addHook('onClose', async () => {
    redirects.close();
    await purge.stop();
    await source.close();
    platformFetch.destroy();
    fullFetch.destroy();
  });

  return {
    app,
    get pages() {
      return gate.stats;
    },
    clearCache: () => {
      cache?.clear();
      stale?.markOutdated();
      contentGeneration++;
      if (contentVersion !== null) contentVersion = Math.max(Date.now(), contentVersion + 1);
    },
    close: () => app.close(),
  };
}

/**
 * Builds and starts a site server; resolves once it listens.
 *
 * @example
 * const site = await startSiteServer({
 *   siteRoot: fileURLToPath(new URL('../site', import.meta.url)),
 *   platformUrl: 'http://127.0.0.1:3001',
 *   projectId: 'website',
 *   deliveryToken: 'canopy-demo-delivery-token',
 *   previewToken: 'canopy-demo-preview-token',
 *   port: 3000,
 * });
 * console.log(`Site on ${site.url}`);
 */
export async function startSiteServer(options: SiteServerOptions): Promise<RunningSiteServer> {
  // A built site runs as production unless the environment says otherwise (before the
  // server bundle, and with it React, is loaded).
  const production = !options.dev && preferProduction(process.env) === 'production';
  const site = await createSiteServer(options);
  if (production && reactDevelopmentBuildLoaded()) site.app.log.warn(REACT_DEVELOPMENT_WARNING);
  await site.app.listen({ port: options.port ?? 3000, host: options.host ?? '127.0.0.1' });
  const url = listenUrl(site.app);
  return {
    app: site.app,
    // A getter, not a spread: the numbers change while the server runs.
    get pages() {
      return site.pages;
    },
    clearCache: () => site.clearCache(),
    close: () => site.close(),
    url,
    port: Number(new URL(url).port),
  };
}

/** Paths answered whatever the Host (load balancers' health checks): they say nothing host-specific. */
const HEALTH_PATHS = new Set(['/__lbheartbeat__', '/__heartbeat__']);

/** Fastify's `trustProxy` from the option (a read-only list copied). */
function trustedProxies(setting: SiteServerOptions['trustProxy']): boolean | string | string[] {
  if (setting === undefined) return false;
  return typeof setting === 'boolean' || typeof setting === 'string' ? setting : [...setting];
}

/** The port the server listens on, or `null` before it listens (`inject`). */
function listenPort(app: FastifyInstance): number | null {
  const address = app.server.address();
  return address && typeof address !== 'string' ? address.port : null;
}

/** The path of a request URL, without its query. */
function splitPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Extra CSP sources of the site and of the server options, per directive. */
function mergeSources(
  ...lists: (Partial<Record<CspDirective, readonly string[]>> | undefined)[]
): Partial<Record<CspDirective, readonly string[]>> {
  const merged: Partial<Record<CspDirective, string[]>> = {};
  for (const list of lists) {
    for (const [name, sources] of Object.entries(list ?? {}) as [CspDirective, readonly string[]][]) {
      merged[name] = [...(merged[name] ?? []), ...sources];
    }
  }
  return merged;
}

/** The configured session secrets, or one made up for this process (with a warning). */
function sessionSecrets(configured: SiteServerOptions['sessionSecret'], app: FastifyInstance): string[] {
  const list = (typeof configured === 'string' ? [configured] : [...(configured ?? [])]).filter(Boolean);
  if (list.length > 0) return list;
  app.log.warn(
    'No session secret configured (CANOPY_SESSION_SECRET): sign-ins last until this process stops and are not shared with other processes',
  );
  return [randomBytes(32).toString('base64url')];
}

/** The address a server listens on, as a URL (IPv6 hosts in brackets). */
function listenUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') return '';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
