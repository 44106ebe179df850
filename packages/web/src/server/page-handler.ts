import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { consentCacheHeaders } from '../consent/consent-cache.js';
import { readConsent } from '../consent/consent-record.js';
import type { DeliveryAccessOptions } from '../delivery/delivery-access.js';
import { entryFormAt } from '../forms/entry-form.js';
import type { RenderResult, SiteRenderer } from '../render/render-types.js';
import { describeError } from '../routing/route-data.js';
import { sameSitePath } from '../routing/same-site.js';
import { splitUrl, trailingSlashRedirect, withoutQueryParameter } from '../routing/trailing-slash.js';
import type { SiteLogger } from '../state/services.js';
import type { AccountFeedback, GetSession, Session } from '../user/session.js';
import type { SessionCredentials } from '../user/session-seal.js';
import type { VersionInfo } from '../version/version-info.js';
import { type AccountPageFactsReader, feedbackWithFacts } from './accounts/account-page-facts.js';
import type { RequestSession, SiteSessions } from './accounts/site-sessions.js';
import { type CachePolicy, type PageCacheInput, pageCacheHeaders } from './cache-headers.js';
import { type FallbackPlace, unavailablePage } from './error-pages.js';
import type { KeptEncodings } from './kept-encodings.js';
import { notModified, pageEtag } from './page-etag.js';
import type { RendererSource } from './renderer-source.js';
import type { RequestPolicy } from './request-policy.js';
import { createNonce, type PreparedSecurityHeaders } from './security-headers.js';
import { captureBody, type StaleReason, staleAnswerHeaders, withNonce } from './stale-answers.js';
import type { RecalledPage, StalePageRequest, StalePages, StoredPage } from './stale-pages.js';

/** Seconds a visitor (or a load balancer) should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 30;

/** What the page handler needs from the server. */
export interface PageHandlerContext {
  source: RendererSource;
  /**
   * Platform access for a request; tokens stay on the server. With a signed-in visitor's
   * `credentials` the platform is asked on their behalf (restricted content they may read),
   * bypassing the shared delivery cache.
   */
  delivery: (policy: RequestPolicy, credentials?: SessionCredentials | null) => DeliveryAccessOptions;
  versionInfo: (policy: RequestPolicy) => VersionInfo;
  policyFor: (request: FastifyRequest, session: Session | null) => RequestPolicy;
  /** The site's sealed-cookie sessions (sign-in state, CSRF secret, account feedback). */
  sessions: SiteSessions;
  /** A session reader that replaces the cookie's user for pages (`SiteServerOptions.getSession`). */
  customSession: GetSession | null;
  cachePolicy: CachePolicy;
  security: PreparedSecurityHeaders;
  inlineState: boolean;
  /** The build facts pages carry in their state, for a request's policy (none on live hosts). */
  build: (policy: RequestPolicy) => { commitRef: string | null; buildNo: string | null };
  siteName: () => string;
  /**
   * The language and home page of a request (its address, and its configured host when that is a
   * language's own), for the plain fallback pages (`error-pages.ts`); none: English at the root.
   */
  fallbackPlace?: (request: FastifyRequest) => FallbackPlace;
  /** The last good answers, served when the platform fails; `null` when turned off. */
  stale: StalePages | null;
  /** The br and gzip forms of kept pages, made once each; absent: kept pages are compressed per request. */
  keptEncodings?: KeptEncodings | null;
  /**
   * Seconds an anonymous page's last rendering is served again as it is, while no content
   * change has been heard of since (0, or no `stale` store: every request renders).
   */
  pageCacheSeconds?: number;
  /**
   * How many content changes this process has heard of. A page whose data was loaded while
   * one arrived may hold the old content, and a cache in front may already have been purged:
   * it is not given to shared caches.
   */
  contentGeneration?: () => number;
  /** The site's public origin for a request (canonical links, sitemap), or `null`. */
  publicOrigin: (request: FastifyRequest) => string | null;
  /** The configured public origin of every host name the site answers (see `RenderRequest.hostOrigins`). */
  hostOrigins?: () => Readonly<Record<string, string>>;
  /**
   * What a page learns on the server besides the session (federated sign-in on this host, the
   * page a sign-in page is about, a dead reset link); none: nothing of it.
   */
  accountPageFacts?: AccountPageFactsReader;
  /** Answers an error status with the site's own error page (`sendErrorPage`), else a plain one. */
  errorPage: (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    headers?: Record<string, string>,
  ) => Promise<FastifyReply>;
}

/**
 * The bound on concurrent renders (see `AdmissionGate`): asked right before a page renders,
 * after the cheap answers (redirects, a kept fresh copy) are ruled out.
 */
export interface PageAdmission {
  /**
   * Longest a page may take from its arrival until its answer starts while the site is at its
   * limit (0: no limit); past it the render is abandoned and the page answered like a refused one.
   */
  budgetMs?: number;
  /** Whether the site is at its limit now (every slot taken, or pages waiting). */
  saturated?(): boolean;
  /** A function to call when the render is done, or `null` when the site is at its limit. */
  enter(): Promise<(() => void) | null>;
  /** Answers a refused request that has no kept copy to fall back on (a quick 503). */
  refuse(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** What {@link withinBudget} resolves with when the time ran out first. */
const OVER_BUDGET = Symbol('over budget');

/**
 * The render's outcome, or {@link OVER_BUDGET} when it takes longer than `ms`. A render that
 * finishes (or fails) later is dropped without an unhandled rejection.
 */
async function withinBudget<T>(rendering: Promise<T>, ms: number): Promise<T | typeof OVER_BUDGET> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<typeof OVER_BUDGET>((resolve) => {
    timer = setTimeout(() => resolve(OVER_BUDGET), Math.max(0, ms));
  });
  try {
    const outcome = await Promise.race([rendering, expired]);
    if (outcome === OVER_BUDGET) rendering.catch(() => undefined);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/** The largest streamed page kept as a stale copy (pages rendered in one pass are kept whole). */
const MAX_CAPTURED_BYTES = 4 * 1024 * 1024;

/** A {@link SiteLogger} writing to the request's log. */
export function requestLogger(request: FastifyRequest): SiteLogger {
  return {
    info: (message, details) => request.log.info(details ?? {}, message),
    warn: (message, details) => request.log.warn(details ?? {}, message),
    error: (message, details) => request.log.error(details ?? {}, message),
  };
}

/** Reads the session, treating a failing session store as "not signed in". */
export async function readSession(getSession: GetSession, request: FastifyRequest): Promise<Session | null> {
  try {
    return (
      (await getSession({ headers: request.headers, url: request.url, hostname: request.hostname })) ?? null
    );
  } catch (error) {
    request.log.error({ error: describeError(error) }, 'Reading the session failed');
    return null;
  }
}

/** The visitor's session for a page or an endpoint: the custom reader's, else the cookie's user. */
export async function sessionOf(
  context: PageHandlerContext,
  request: FastifyRequest,
): Promise<Session | null> {
  if (context.customSession) return readSession(context.customSession, request);
  try {
    return (await context.sessions.read(request)).session;
  } catch (error) {
    request.log.error({ error: describeError(error) }, 'Reading the session failed');
    return null;
  }
}

/**
 * Whether a path is in the account area, whose pages carry form tokens and feedback: under
 * `/account`, at the root or under a language prefix (`/cy/account/login`).
 */
export function isAccountPath(
  pathname: string,
  languagePaths: Readonly<Record<string, string>> = {},
): boolean {
  const inArea = (path: string) => path === '/account' || path.startsWith('/account/');
  return (
    inArea(pathname) ||
    Object.values(languagePaths).some(
      (base) => pathname.startsWith(`${base}/`) && inArea(pathname.slice(base.length)),
    )
  );
}

/**
 * One page request (ARCHITECTURE.md, steps 2–8), as a pipeline: the trailing-slash redirect
 * before anything is loaded; then who is asking (session, version policy, whether the answer
 * is personal); a kept rendering that is still fresh; a render slot; the render, within its
 * time budget; and its outcome as the response, with status, cache and security headers. At
 * each step that cannot go on, the page's kept copy (marked stale) answers when there is one.
 * Stack traces go to the log only.
 */
export async function handlePage(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  admission?: PageAdmission,
): Promise<FastifyReply> {
  const arrived = performance.now();
  const logger = requestLogger(request);
  // Known once the request is read: an anonymous, public one has the key of its stale copy.
  let visit: PageVisit | null = null;
  try {
    const renderer = await context.source.renderer();
    const redirect = trailingSlashRedirect(request.url, renderer.settings.trailingSlashRedirectStatus);
    if (redirect) return sendTrailingSlashRedirect(context, reply, redirect);
    visit = await readVisit(context, request, renderer);
    const fresh = recallFresh(context, visit);
    if (fresh) return sendFresh(context, request, reply, fresh, visit.cacheHeaders);
    if (admission && !(await takeRenderSlot(admission, reply))) {
      return giveWay(context, request, reply, visit, admission);
    }
    const rendered = await renderPage(context, request, reply, renderer, visit, logger, {
      admission,
      arrived,
    });
    // Only a page that took a slot has a time budget to overrun.
    if (rendered === OVER_BUDGET) return giveWay(context, request, reply, visit, admission as PageAdmission);
    return await sendRendered(context, request, reply, visit, rendered);
  } catch (error) {
    context.source.fixStack(error);
    logger.error(`Page ${request.url} failed`, { error: describeError(error) });
    const stale = visit?.staleRequest
      ? sendStale(context, request, reply, visit.staleRequest, 'error')
      : null;
    return stale ?? context.errorPage(request, reply, 500);
  }
}

/** What {@link handlePage} knows of a request once it has read it. */
interface PageVisit {
  /** Path and query to render (`?redux=true` removed: `format` says it). */
  url: string;
  format: 'html' | 'json';
  /** The request's sealed-cookie session (committed with the answer). */
  current: RequestSession;
  /** The signed-in visitor, if any. */
  session: Session | null;
  policy: RequestPolicy;
  csrfToken: string | null;
  feedback: AccountFeedback | null;
  /** Signed in, a form token, a cookie to set, drafts: no shared cache or stale store may keep it. */
  personal: boolean;
  /** The key of the page's stale copy; `null` for personal pages or without a stale store. */
  staleRequest: StalePageRequest | null;
  cookies: string | null;
  /** The content generation when the request was read (see `contentGeneration`). */
  generation: number;
  /** This request's cache headers for an answer (consent and content changes applied). */
  cacheHeaders: (input: PageCacheInput) => Record<string, string>;
}

/** The redirect to the same path without its trailing slash, before anything is loaded. */
function sendTrailingSlashRedirect(
  context: PageHandlerContext,
  reply: FastifyReply,
  redirect: { status: number; location: string },
): FastifyReply {
  return reply
    .code(redirect.status)
    .headers(context.security.plain)
    .headers(pageCacheHeaders({ status: redirect.status, surrogateKeys: [] }, context.cachePolicy))
    .header('location', redirect.location)
    .send();
}

/** Reads who asks for what: the address, the session, the version policy and the cache rules. */
async function readVisit(
  context: PageHandlerContext,
  request: FastifyRequest,
  renderer: SiteRenderer,
): Promise<PageVisit> {
  const { pathname, rest } = splitUrl(request.url);
  const query = rest.split('#')[0] ?? '';
  const format = new URLSearchParams(query).get('redux') === 'true' ? 'json' : 'html';
  const url = `${pathname}${withoutQueryParameter(query, 'redux')}`;
  const current = await context.sessions.read(request);
  const session = await sessionOf(context, request);
  const policy = context.policyFor(request, session);
  // Forms (the account pages, the site's entry forms and their confirmation pages, and the
  // sign-out button of a signed-in visitor) need the visitor's CSRF token; the outcome of the
  // last account action or form submission is shown once.
  const accountArea =
    isAccountPath(pathname, renderer.settings.languagePaths) ||
    entryFormAt(renderer.settings.forms, pathname, 'either') !== null;
  const csrfToken = session || accountArea ? context.sessions.csrfToken(current) : null;
  const feedback: AccountFeedback | null =
    accountArea && format === 'html' ? context.sessions.takeFeedback(current) : null;
  // Personal (signed in, a form token, a cookie to set, drafts): no shared cache may keep
  // the answer, nor may the stale store.
  const personal =
    session !== null || csrfToken !== null || current.dirty || policy.versionStatus === 'latest';
  const staleRequest: StalePageRequest | null =
    !personal && context.stale
      ? { format, origin: context.publicOrigin(request) ?? '', url, headers: request.headers }
      : null;

  // A site that asks for consent renders differently once the visitor has chosen.
  const consent = renderer.settings.consent ?? null;
  const cookies = request.headers.cookie ?? null;
  const generation = context.contentGeneration?.() ?? 0;
  const cacheHeaders = (input: PageCacheInput) => {
    const crossedChange = (context.contentGeneration?.() ?? 0) !== generation;
    const headers = pageCacheHeaders(input, context.cachePolicy);
    const shared = consent
      ? consentCacheHeaders(
          headers,
          readConsent(cookies, consent.cookieName) !== null,
          keysByConsent(request.headers['surrogate-capability']),
        )
      : headers;
    return crossedChange ? notForSharedCaches(shared) : shared;
  };
  return {
    url,
    format,
    current,
    session,
    policy,
    csrfToken,
    feedback,
    personal,
    staleRequest,
    cookies,
    generation,
    cacheHeaders,
  };
}

/** The page's kept rendering while it is as good as a new one (see `pageCacheSeconds`). */
function recallFresh(context: PageHandlerContext, visit: PageVisit): RecalledPage | null {
  if (!visit.staleRequest || !context.pageCacheSeconds) return null;
  return context.stale?.recallFresh(visit.staleRequest, context.pageCacheSeconds) ?? null;
}

/** Waits for a render slot; `false` when the site is at its limit and the page must give way. */
async function takeRenderSlot(admission: PageAdmission, reply: FastifyReply): Promise<boolean> {
  const release = await admission.enter();
  if (!release) return false;
  // 'close' fires once the answer is complete or the visitor has gone, streamed pages included.
  reply.raw.once('close', release);
  return true;
}

/** A page that may not render now (no slot, or past its budget): its kept copy, else the quick 503. */
function giveWay(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  visit: PageVisit,
  admission: PageAdmission,
): FastifyReply | Promise<FastifyReply> {
  const stale = visit.staleRequest
    ? sendStale(context, request, reply, visit.staleRequest, 'overload')
    : null;
  return stale ?? admission.refuse(request, reply);
}

/** A render's outcome and the CSP nonce written into it. */
interface RenderedPage {
  result: RenderResult;
  nonce: string;
}

/**
 * Renders the page with a fresh nonce, aborted when the visitor goes away. With a time budget
 * (`admission.budgetMs`), a render that takes longer while others wait for a slot is abandoned:
 * {@link OVER_BUDGET}, its platform calls aborted and any page it still produces dropped.
 */
async function renderPage(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  renderer: SiteRenderer,
  visit: PageVisit,
  logger: SiteLogger,
  { admission, arrived }: { admission: PageAdmission | undefined; arrived: number },
): Promise<RenderedPage | typeof OVER_BUDGET> {
  const { session, policy, current } = visit;
  const nonce = createNonce();
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const assets = await context.source.assets(request.url);
  // Within the page's time budget: a sign-in page names its page from the platform.
  const rendering = (async () => {
    const facts = await context.accountPageFacts?.(request, visit.url, visit.feedback);
    return renderer.render({
      url: visit.url,
      hostname: request.hostname,
      origin: context.publicOrigin(request),
      ...(context.hostOrigins ? { hostOrigins: context.hostOrigins() } : {}),
      format: visit.format,
      nonce,
      session,
      cookies: visit.cookies,
      account: { csrfToken: visit.csrfToken, feedback: feedbackWithFacts(facts, visit.feedback) },
      versionStatus: policy.versionStatus,
      canPreview: policy.canPreview,
      build: context.build(policy),
      // The visitor's own platform credentials, when the session that signed them in is ours.
      delivery: context.delivery(policy, session ? current.payload?.credentials : null),
      versionInfo: () => context.versionInfo(policy),
      assets,
      inlineState: context.inlineState,
      logger,
      signal: controller.signal,
    });
  })();
  const budgetMs = admission?.budgetMs ?? 0;
  let result =
    budgetMs > 0 ? await withinBudget(rendering, budgetMs - (performance.now() - arrived)) : await rendering;
  // Past the budget a page gives way only while others are kept waiting.
  if (result === OVER_BUDGET && admission?.saturated && !admission.saturated()) result = await rendering;
  if (result !== OVER_BUDGET) return { result, nonce };
  // The visitor is answered now; the render stops at its next platform call, and a page
  // it still produces is dropped.
  controller.abort();
  rendering.then(
    (late) => {
      if ('body' in late && typeof late.body === 'object' && late.body) late.body.destroy();
    },
    () => undefined,
  );
  logger.warn(`Page ${request.url} abandoned: not rendered within ${budgetMs} ms`, { budgetMs });
  return OVER_BUDGET;
}

/**
 * The render's outcome as the response: a failed render (unavailable, an error, a 5xx, or a
 * page showing a platform failure) gets the kept copy when there is one; otherwise the session
 * is committed and the page, its state, redirect or error page goes out with its headers.
 */
async function sendRendered(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  visit: PageVisit,
  { result, nonce }: RenderedPage,
): Promise<FastifyReply> {
  const { personal, staleRequest, cacheHeaders, generation } = visit;
  // A page whose search, listing or minilist the platform failed is a failed render too,
  // though it rendered: its message is no content to cache or to keep over a good copy.
  const outage = 'outage' in result ? result.outage : undefined;
  const failed =
    result.kind === 'unavailable' || result.kind === 'error' || result.status >= 500 || outage !== undefined;
  if (failed && staleRequest) {
    // 503 is the platform not answering at all; other failures are errors (its, or the render's).
    const reason: StaleReason = (outage ?? result.status) === 503 ? 'unavailable' : 'error';
    const stale = sendStale(context, request, reply, staleRequest, reason);
    if (stale) return stale;
  }
  await context.sessions.commit(request, reply, visit.current);
  reply.headers(context.security.withNonce(nonce));
  switch (result.kind) {
    case 'json':
      if (outage !== undefined) {
        return sendOutage(
          request,
          reply,
          result.body,
          'application/json; charset=utf-8',
          cacheHeaders,
          personal,
        );
      }
      reply
        .code(result.status)
        .headers(cacheHeaders({ ...result, uncacheable: personal }))
        .header('content-type', 'application/json; charset=utf-8');
      return reply.send(keepCopy(context, reply, staleRequest, result, nonce, generation));
    case 'redirect':
      // Sign-in and access-denied redirects depend on who asks: no shared cache may keep them.
      return reply
        .code(result.status)
        .headers(pageCacheHeaders({ ...result, uncacheable: true }, context.cachePolicy))
        .header('location', sameSitePath(result.location))
        .send();
    case 'unavailable':
      return reply
        .code(503)
        .headers(pageCacheHeaders({ ...result, uncacheable: personal }, context.cachePolicy))
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('content-type', 'text/html; charset=utf-8')
        .send(result.body ?? unavailablePage(context.siteName(), context.fallbackPlace?.(request)));
    case 'error':
      return context.errorPage(request, reply, 500);
    case 'html':
      if (outage !== undefined) {
        return sendOutage(request, reply, result.body, 'text/html; charset=utf-8', cacheHeaders, personal);
      }
      return sendHtml(context, request, reply, visit, result, nonce);
  }
}

/**
 * A rendered page: its status and cache headers, kept as the page's last good answer when it
 * may be, with a weak ETag (and a 304 when the browser has it) when browsers may keep it.
 */
function sendHtml(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { personal, staleRequest, cacheHeaders, generation }: PageVisit,
  result: Extract<RenderResult, { kind: 'html' }>,
  nonce: string,
): FastifyReply {
  reply
    .code(result.status)
    .headers(cacheHeaders({ ...result, uncacheable: personal }))
    .header('content-type', 'text/html; charset=utf-8');
  const body = keepCopy(context, reply, staleRequest, result, nonce, generation);
  // `no-store` pages (signed-in visitors, drafts) are never kept, so never revalidated.
  if (result.status === 200 && !personal && typeof body === 'string') {
    const etag = pageEtag(body, nonce);
    reply.header('etag', etag);
    if (notModified(request.headers['if-none-match'], etag)) {
      // The browser keeps the copy it has, and with it the CSP whose nonce that copy
      // carries: a new nonce in this answer would block its inline state script.
      return reply.code(304).removeHeader('content-security-policy').send();
    }
  }
  return reply.send(body);
}

/**
 * The body to send, kept as the page's last good answer on the way when it may be: a complete
 * (not degraded) 200 for an anonymous GET whose answer sets no cookie and forbids no storing.
 * A copy whose content changed while it rendered (`generation` passed) is kept as outdated.
 */
function keepCopy(
  context: PageHandlerContext,
  reply: FastifyReply,
  staleRequest: StalePageRequest | null,
  result: { status: number; body: Readable | string; degraded?: boolean },
  nonce: string,
  generation: number,
): Readable | string {
  const stale = context.stale;
  if (!stale || !staleRequest || result.status !== 200 || result.degraded) return result.body;
  if (reply.request.method !== 'GET' || !storable(reply)) return result.body;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
  }
  const vary = reply.getHeader('vary');
  const remember = (body: string) =>
    stale.remember(
      staleRequest,
      typeof vary === 'string' ? vary : undefined,
      { status: 200, headers, body, nonce },
      (context.contentGeneration?.() ?? 0) !== generation,
    );
  if (typeof result.body === 'string') {
    remember(result.body);
    return result.body;
  }
  return captureBody(result.body, MAX_CAPTURED_BYTES, remember);
}

/** Response headers a stale copy repeats; its cache headers are its own (see staleAnswerHeaders). */
const KEPT_HEADERS = ['content-type', 'surrogate-key', 'vary', 'content-language'] as const;

/** Whether an answer may be kept for others: it sets no cookie and does not forbid storing. */
function storable(reply: FastifyReply): boolean {
  if (reply.hasHeader('set-cookie')) return false;
  for (const name of ['cache-control', 'surrogate-control']) {
    const value = reply.getHeader(name);
    if (typeof value === 'string' && /\bno-store\b/i.test(value)) return false;
  }
  return true;
}

/**
 * Answers a page the platform failed in part (a search, listing or minilist showing its error
 * message; see `RenderResult`'s `outage`) that has no kept copy to fall back on: the page as
 * rendered, but as the failure it is, like the 503 of a page that could not load at all:
 * `Retry-After`, an error's short lifetime for caches in front and no surrogate keys. It is
 * not kept (neither as a stale copy nor by the page cache), so results show as soon as the
 * platform answers again.
 */
function sendOutage(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable | string,
  contentType: string,
  cacheHeaders: (input: PageCacheInput) => Record<string, string>,
  personal: boolean,
): FastifyReply {
  request.log.warn({ url: request.url }, `Page ${request.url} answered 503: the platform failed part of it`);
  return reply
    .code(503)
    .headers(cacheHeaders({ status: 503, surrogateKeys: [], uncacheable: personal }))
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('content-type', contentType)
    .send(body);
}

/** Why a stale copy went out, for the log. */
const STALE_CAUSES: Record<StaleReason, string> = {
  unavailable: 'the platform is unavailable',
  error: 'the platform is failing',
  overload: 'the site is at its page limit',
};

/** Serves the page's last good answer, marked stale; `null` when there is none young enough. */
function sendStale(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staleRequest: StalePageRequest,
  reason: StaleReason,
): FastifyReply | Promise<FastifyReply> | null {
  const recalled = context.stale?.recall(staleRequest);
  if (!recalled) return null;
  const { page, ageSeconds } = recalled;
  request.log.warn(
    { url: request.url, reason, ageSeconds, outdated: page.outdated },
    `Serving a stale copy of ${request.url}: ${STALE_CAUSES[reason]}`,
  );
  const nonce = createNonce();
  reply
    .code(page.status)
    .headers(context.security.withNonce(nonce))
    .headers(page.headers)
    .headers(staleAnswerHeaders(recalled, reason, context.cachePolicy));
  return sendKeptBody(context, request, reply, page, nonce);
}

/**
 * A kept page's body with this answer's nonce, from its br or gzip form when the request
 * accepts one (made once per page, see `KeptEncodings`), else plain.
 */
function sendKeptBody(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  page: StoredPage,
  nonce: string,
): FastifyReply | Promise<FastifyReply> {
  if (context.keptEncodings) return context.keptEncodings.send(request, reply, page, nonce);
  return reply.send(withNonce(page.body, page.nonce, nonce));
}

/**
 * Serves a kept rendering that is still as good as a new one (see `pageCacheSeconds`): the
 * same body with a nonce of its own, the cache headers this request would get, `Age`, and a
 * 304 when the browser has it already.
 */
function sendFresh(
  context: PageHandlerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { page, ageSeconds }: RecalledPage,
  cacheHeaders: (input: PageCacheInput) => Record<string, string>,
): FastifyReply | Promise<FastifyReply> {
  const { 'surrogate-key': keys, vary: _vary, ...kept } = page.headers;
  const nonce = createNonce();
  page.etag ??= pageEtag(page.body, page.nonce ?? '');
  reply
    .code(page.status)
    .headers(context.security.withNonce(nonce))
    .headers(kept)
    .headers(cacheHeaders({ status: page.status, surrogateKeys: keys ? keys.split(' ') : [] }))
    .header('age', String(ageSeconds))
    .header('etag', page.etag);
  if (notModified(request.headers['if-none-match'], page.etag)) {
    return reply.code(304).removeHeader('content-security-policy').send();
  }
  return sendKeptBody(context, request, reply, page, nonce);
}

/**
 * Whether the HTTP cache that sent the request keys pages by the visitor's consent choice:
 * its `Surrogate-Capability` lists `canopy-consent/1` (deploy/varnish/canopy.vcl sends
 * `canopy="canopy-consent/1"`, after dropping any the client sent).
 */
export function keysByConsent(capability: string | string[] | undefined): boolean {
  const value = Array.isArray(capability) ? capability.join(',') : (capability ?? '');
  return /(^|[\s,=";])canopy-consent\/1([\s,";]|$)/.test(value);
}

/** Cache headers of a page no shared cache may keep (browsers still may, as `private` says). */
function notForSharedCaches(headers: Record<string, string>): Record<string, string> {
  const next: Record<string, string> = { ...headers, 'Surrogate-Control': 'no-store' };
  delete next['Surrogate-Key'];
  return next;
}

/** The policy inputs of a request. */
export function policyInputs(request: FastifyRequest): { query: string | null } {
  const { rest } = splitUrl(request.url);
  const fromQuery = rest ? new URLSearchParams(rest.split('#')[0]).get('versionStatus') : null;
  const header = request.headers['x-entry-versionstatus'];
  return { query: fromQuery ?? (typeof header === 'string' ? header : null) };
}
