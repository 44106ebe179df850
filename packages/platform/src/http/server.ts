import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import cors from '@fastify/cors';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { SignInThrottle, type SignInThrottleSettings } from '../auth/throttle.js';
import { ASSETS_DIR, BODY_LIMIT_BYTES } from '../config.js';
import type { Db } from '../db/open.js';
import { SearchPool } from '../delivery/search-pool.js';
import { EventBus } from '../events/bus.js';
import { OwnerMailLimit, type OwnerMailLimitOptions } from '../mail/owner-mail-limit.js';
import { type ReceiptMailSetting, sendReceiptMails } from '../mail/receipt-mails.js';
import { DEMO_RECEIPT_MAILS } from '../seed/demo/bookings.js';
import {
  type ApiDeps,
  callerOf,
  DEFAULT_TOKEN_LIFETIMES,
  type PlatformEnvironment,
  type TokenLifetimes,
} from './api-deps.js';
import { registerAssetRoutes } from './assets/routes.js';
import { bearerDeliveryAuthenticator } from './auth/bearer-authenticator.js';
import { registerAuthRoutes } from './auth/routes.js';
import { type DeliveryAuthenticator, deliveryTokenAuthenticator } from './auth.js';
import { installBodyParsers } from './body-parsers.js';
import { registerDeliveryRoutes } from './delivery/routes.js';
import { errorBody, installErrorHandling } from './errors.js';
import { registerHomeRoute } from './home.js';
import { registerManagementAdministrationRoutes } from './management/administration-routes.js';
import { registerManagementDefinitionRoutes } from './management/definition-routes.js';
import { registerManagementEntryRoutes } from './management/entry-routes.js';
import { closePromptly } from './prompt-close.js';
import { parseQueryString, redactUrl } from './query-string.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeoutOptions } from './request-timeouts.js';
import { registerSecurityRoutes } from './security/routes.js';

/** Options of {@link createPlatformServer}. */
export interface PlatformServerOptions {
  /** The platform database (see `openDatabase`). The server does not close it. */
  db: Db;
  /** The data directory; asset files are served from `<dataDir>/assets`. */
  dataDir: string;
  /**
   * Fastify/pino logger settings: `false` (default) for none, `true` for info level, or pino
   * options. At info level each request is logged as one line (method, URL with any
   * `accessToken` masked, status, time); headers are never logged.
   */
  logger?: boolean | FastifyServerOptions['logger'];
  /** Origins allowed by CORS: `'*'` (default, any origin), one origin or a list. */
  corsOrigins?: string | readonly string[];
  /**
   * Extra ways to authenticate delivery requests, tried after the built-in delivery-token
   * check (e.g. OAuth bearer tokens).
   */
  authenticators?: readonly DeliveryAuthenticator[];
  /** Lifetimes of issued tokens (default one hour and fifteen days); tests shorten them. */
  tokenLifetimes?: Partial<TokenLifetimes>;
  /** The event bus writes publish to; one is created when absent. */
  events?: EventBus;
  /** The clock, ms since epoch (default `Date.now`). */
  now?: () => number;
  /**
   * Thresholds of the brute-force throttle of every password check (the token endpoint, the
   * sign-in page, a password change's current password): window, free failures and delays per
   * (account, address) pair and per address, and the address's refusal threshold.
   */
  signInThrottle?: SignInThrottleSettings;
  /**
   * Mails sent to one address for anonymous requests (password resets, verification mails,
   * "someone tried to register" mails) within a window; past it no mail goes, and the answer
   * stays the same (default 5 in 15 minutes).
   */
  ownerMailLimit?: Partial<OwnerMailLimitOptions>;
  /**
   * Receipts mailed when entries of a content type are created (see `ReceiptMailSetting`);
   * default the demo's booking confirmation, `[]` for none. They count against `ownerMailLimit`.
   */
  receiptMails?: readonly ReceiptMailSetting[];
  /**
   * Waits `ms` for the sign-in throttle's delays (default a timer). Tests pass one that moves
   * their fake clock, so delays are asserted without waiting.
   */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Proxies whose `X-Forwarded-For` names the client address (Fastify's `trustProxy`: an
   * address, a CIDR range, a list of them, or `true` for any). Default none: the socket's
   * address is the client. Set it when the platform sits behind a proxy, or when a site server
   * signs its visitors in and forwards their addresses, so the sign-in throttle counts
   * visitors rather than the proxy.
   */
  trustProxy?: boolean | string | readonly string[];
  /**
   * Origins the federated sign-in page (`/authenticate/connect/authorize`) may send visitors
   * back to with a security token. Default none configured: sites on this machine only
   * (`localhost`, `127.0.0.1`, `[::1]`, any port and scheme).
   */
  signInRedirectOrigins?: readonly string[];
  /** The environments `/my-environments` lists to staff (default: this platform alone). */
  environments?: readonly PlatformEnvironment[];
  /**
   * How long a request may take to arrive, headers and body, in ms (default 300 000; headers
   * alone at most 15 s): past it the connection is answered 408 and closed. Receiving only:
   * event streams and downloads are not cut.
   */
  requestTimeoutMs?: number;
  /**
   * Worker threads answering searches, each with a read-only connection (see `SearchPool`);
   * default 0: searches run on `db` in the server's thread. Needs a database file.
   */
  searchWorkers?: number;
  /** A search pool to use instead of `searchWorkers` (the server closes it when it closes). */
  searchPool?: SearchPool;
  /** A search's time budget in ms with workers (default 5 000): past it, 503 with Retry-After. */
  searchBudgetMs?: number;
}

/** Request headers browsers may send cross-origin (contract §7.4). */
export const CORS_ALLOWED_HEADERS = [
  'accessToken',
  'authorization',
  'content-type',
  'x-require-surrogate-key',
  'x-crb-ssr',
] as const;

/** Response headers browsers may read cross-origin. */
export const CORS_EXPOSED_HEADERS = ['x-contensis-classic-token', 'surrogate-key'] as const;

/**
 * Builds the local platform's HTTP server (not yet listening): the delivery API (contract §1),
 * authentication (§3), the management and security APIs (§4) and the asset files, with CORS, the contract's error bodies for every failure, lenient
 * routing (path segments and query parameter names ignore case, a trailing slash is
 * optional) and HEAD on every GET route.
 *
 * @example
 * const server = createPlatformServer({ db: openDatabase('.data/platform.db'), dataDir: '.data' });
 * await server.listen({ port: 3001, host: '127.0.0.1' });
 */
export function createPlatformServer(options: PlatformServerOptions): FastifyInstance {
  const server = Fastify({
    logger: loggerOptions(options.logger),
    // Requests are logged as one line by the onResponse hook below, not two by Fastify.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      // Ids never come close; a long one should be a 404 like any unknown id, not a router error.
      maxParamLength: 8192,
      querystringParser: parseQueryString,
    },
    // Malformed URLs (bad percent-encoding) reach the client as the contract's 400 body.
    frameworkErrors: (error, _request, reply) => {
      const body = errorBody(
        error.code === 'FST_ERR_BAD_URL' ? 'The request URL is malformed' : error.message,
      );
      reply.raw.statusCode = 400;
      reply.raw.setHeader('content-type', 'application/json; charset=utf-8');
      reply.raw.end(JSON.stringify(body));
    },
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    ...requestTimeoutOptions(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    trustProxy: trustProxyOption(options.trustProxy),
  });

  installErrorHandling(server);
  installBodyParsers(server);
  closeWhenBodyStillArriving(server);
  closePromptly(server);
  server.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  server.register(cors, {
    origin:
      typeof options.corsOrigins === 'string'
        ? options.corsOrigins
        : options.corsOrigins
          ? [...options.corsOrigins]
          : '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: 600,
  });

  const deps: ApiDeps = {
    db: options.db,
    dataDir: options.dataDir,
    events: options.events ?? new EventBus(),
    tokenLifetimes: { ...DEFAULT_TOKEN_LIFETIMES, ...options.tokenLifetimes },
    now: options.now ?? Date.now,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    signInThrottle: new SignInThrottle(options.signInThrottle),
    ownerMails: new OwnerMailLimit(options.ownerMailLimit),
    ...(options.signInRedirectOrigins ? { signInRedirectOrigins: options.signInRedirectOrigins } : {}),
    ...(options.environments ? { environments: options.environments } : {}),
  };

  const stopReceipts = sendReceiptMails(deps.events, options.receiptMails ?? DEMO_RECEIPT_MAILS, {
    db: options.db,
    dataDir: options.dataDir,
    ownerMails: deps.ownerMails,
    now: deps.now,
    log: server.log,
  });
  server.addHook('onClose', async () => stopReceipts());
  const searchPool =
    options.searchPool ??
    ((options.searchWorkers ?? 0) > 0 && options.db.name !== ':memory:' && options.db.name !== ''
      ? new SearchPool({
          db: options.db,
          workers: options.searchWorkers!,
          ...(options.searchBudgetMs !== undefined ? { budgetMs: options.searchBudgetMs } : {}),
        })
      : undefined);
  if (searchPool) server.addHook('onClose', async () => searchPool.close());

  // Management and security calls all need a bearer token: a request without a valid one is
  // refused (401) before its body is read, not after.
  server.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route?.startsWith('/api/management/') || route?.startsWith('/api/security/')) callerOf(deps, request);
  });

  server.after(() => {
    registerHomeRoute(server);
    registerAuthRoutes(server, deps);
    registerSecurityRoutes(server, deps);
    registerManagementDefinitionRoutes(server, deps);
    registerManagementEntryRoutes(server, deps);
    registerManagementAdministrationRoutes(server, deps);
    registerDeliveryRoutes(server, {
      db: options.db,
      now: deps.now,
      ...(searchPool ? { searchPool } : {}),
      authenticators: [
        deliveryTokenAuthenticator(options.db),
        bearerDeliveryAuthenticator(deps),
        ...(options.authenticators ?? []),
      ],
    });
    registerAssetRoutes(server, { db: options.db, assetsDir: join(options.dataDir, ASSETS_DIR) });
  });
  return server;
}

/**
 * Bodies up to this size that are still arriving when the answer goes out are read and
 * dropped, which keeps the connection alive; larger ones (or ones of unknown length) are not.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/**
 * A request answered before its body has fully arrived (refused by an authentication check,
 * a 413, a 415) gets `Connection: close` unless what is left is small: Node then closes the
 * socket once the answer is written instead of reading the rest of the body to keep the
 * connection alive, so a client cannot make the platform swallow gigabytes after it said no.
 */
function closeWhenBodyStillArriving(server: FastifyInstance): void {
  server.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete && hasLargeBody(request)) reply.header('connection', 'close');
    return payload;
  });
}

/** Whether the request declares a body over the drain limit, or one of unknown length (chunked). */
function hasLargeBody(request: FastifyRequest): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && !(Number(length) <= DRAIN_LIMIT_BYTES);
}

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (a request line and headers
 * over 16 KiB, garbage on the socket) still get the contract's error body, and one that did
 * not arrive within its time budget (`requestTimeoutMs`) a 408.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  // An answer already under way (a refusal sent before its body arrived): a second status
  // line would corrupt it, so the connection is only closed.
  // (Node keeps the response in progress on the socket as `_httpMessage`, undocumented.)
  if ((socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    errorBody(
      status === 408
        ? 'The request did not arrive in time'
        : status === 431
          ? 'The request URL and headers are too large; send long searches as POST'
          : 'The request could not be parsed',
    ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function trustProxyOption(value: PlatformServerOptions['trustProxy']): boolean | string | string[] {
  if (value === undefined) return false;
  return typeof value === 'boolean' || typeof value === 'string' ? value : [...value];
}

function loggerOptions(logger: PlatformServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false;
  const base = logger === true ? { level: 'info' } : logger;
  // Headers never reach the log, but make sure credentials could not if someone adds them.
  return {
    ...base,
    redact: ['req.headers.authorization', 'req.headers.accesstoken', 'req.headers.cookie'],
  };
}
