import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { ApiCallLog } from '../delivery/api-call-log.js';
import { createDeliveryAccess } from '../delivery/delivery-access.js';
import { injectedReducersFor } from '../routing/injected-reducers.js';
import { loadRoute } from '../routing/load-route.js';
import { describeError } from '../routing/route-data.js';
import { DEFAULT_TRAILING_SLASH_STATUS, splitUrl } from '../routing/trailing-slash.js';
import type { SiteDefinition } from '../site/site-definition.js';
import { loadNavigation } from '../state/load-navigation.js';
import { initialRoutingState } from '../state/routing-slice.js';
import { stateScript } from '../state/serialize.js';
import { consoleLogger } from '../state/services.js';
import { createSiteStore } from '../state/store.js';
import type { SiteState } from '../state/store-types.js';
import { initialVersionState } from '../state/version-slice.js';
import { userStateFromSession } from '../user/session.js';
import { Document } from './Document.js';
import {
  NO_ASSETS,
  type RenderRequest,
  type RenderResult,
  type SiteRenderer,
  type StateRenderRequest,
} from './render-types.js';
import { SiteApp } from './SiteApp.js';

/** How long a render may take before it is cut off; loaders already finished, so this is generous. */
export const RENDER_TIMEOUT_MS = 10_000;

/**
 * The page pipeline of a site (ARCHITECTURE.md, "How a page request flows"): a store per
 * request, the route and navigation loaded to completion, then either the state as JSON
 * (`?redux=true`), a redirect, the unavailable answer, or ONE streamed render with the state
 * inlined under the response's nonce.
 *
 * @example
 * // src/entry-server.tsx of a site
 * import { createSiteRenderer } from '@canopy/web';
 * import { site } from './site.js';
 * export const renderer = createSiteRenderer(site);
 */
export function createSiteRenderer(site: SiteDefinition): SiteRenderer {
  const language = site.language ?? 'en-GB';
  return {
    settings: {
      name: site.name,
      language,
      trailingSlashRedirectStatus: site.trailingSlashRedirectStatus ?? DEFAULT_TRAILING_SLASH_STATUS,
    },
    async render(request: RenderRequest): Promise<RenderResult> {
      // The raw path and query, as the browser will see them in `location` after hydration.
      const { pathname, rest } = splitUrl(request.url);
      const search = rest.split('#')[0] ?? '';
      const requestLog = new ApiCallLog();
      const delivery = createDeliveryAccess({ ...request.delivery, language, requestSurrogateKeys: true });
      const store = createSiteStore({
        services: {
          site,
          isServer: true,
          delivery,
          logger: request.logger,
          requestLog,
          versionInfo: async () => request.versionInfo(),
        },
        preloadedState: {
          routing: {
            ...initialRoutingState,
            currentHostname: request.hostname,
            currentProject: delivery.projectId,
          },
          version: {
            ...initialVersionState,
            commitRef: request.build.commitRef,
            buildNo: request.build.buildNo,
            versionStatus: request.versionStatus,
            canPreview: request.canPreview,
          },
          user: userStateFromSession(request.session),
        },
      });

      const location = { pathname, search, hash: '' };
      const [outcome] = await Promise.all([
        store.dispatch(loadRoute(location)),
        store.dispatch(loadNavigation()),
      ]);
      const state = store.getState();
      const surrogateKeys = requestLog.keys();
      const status = state.routing.statusCode;

      if (request.format === 'json') {
        return { kind: 'json', status, body: JSON.stringify(state), surrogateKeys };
      }
      if (outcome.kind === 'redirect') {
        return { kind: 'redirect', status: 302, location: outcome.location, surrogateKeys };
      }
      if (status === 503) return { kind: 'unavailable', status: 503, surrogateKeys };

      const app = (
        <Document lang={language} assets={request.assets} nonce={request.nonce} preloadEntry>
          <SiteApp site={site} store={store} history={{ kind: 'memory', url: request.url }} />
        </Document>
      );
      const rendered = await renderHtml(app, routeKind(state), {
        nonce: request.nonce,
        bootstrapScriptContent: request.inlineState ? stateScript(state) : undefined,
        bootstrapModules: request.assets.entryModule ? [request.assets.entryModule] : [],
        logger: request.logger,
        signal: request.signal,
      });
      if ('error' in rendered) {
        request.logger.error(`Rendering ${pathname} failed`, { error: describeError(rendered.error) });
        return { kind: 'error', status: 500 };
      }
      return { kind: 'html', status, body: rendered.body, surrogateKeys };
    },
    async renderStateToString(request: StateRenderRequest): Promise<string> {
      const { state } = request;
      const store = createSiteStore({
        services: {
          site,
          isServer: true,
          // Everything is in the state already; a platform call here would be a bug.
          delivery: createDeliveryAccess({
            rootUrl: 'http://platform.invalid',
            projectId: state.routing.currentProject,
            language,
            fetchFn: noPlatformCalls,
          }),
          logger: request.logger ?? consoleLogger,
          requestLog: null,
          versionInfo: async () => {
            if (state.version.info) return state.version.info;
            throw new Error('The state holds no version information');
          },
        },
        preloadedState: state,
        injected: await injectedReducersFor(site, state),
      });
      return renderToString(
        <Document lang={language} assets={request.assets ?? NO_ASSETS} nonce={request.nonce ?? ''}>
          <SiteApp site={site} store={store} history={{ kind: 'memory', url: request.url }} />
        </Document>,
      );
    },
  };
}

/** The fetch of a render from state: there is nothing to fetch. */
async function noPlatformCalls(input: RequestInfo | URL): Promise<Response> {
  throw new Error(`renderStateToString makes no platform calls (asked for ${String(input)})`);
}

/**
 * Kinds of page (static route or content type) that suspended or failed when rendered in one
 * pass: they are streamed straight away from then on.
 */
const streamedKinds = new Set<string>();
const STREAMED_KINDS_LIMIT = 1000;

/** What decides whether a page is rendered in one pass: its static route or content type. */
function routeKind(state: SiteState): string {
  const { routing } = state;
  if (routing.staticRoute) return `route ${routing.staticRoute.path}`;
  if (routing.entry) return `type ${routing.entry.sys?.contentTypeId ?? ''}`;
  return `status ${routing.statusCode}`;
}

/**
 * The page's HTML. Everything a page shows is loaded before it renders, so its React tree
 * normally renders completely in one synchronous pass: then it is rendered to a string, which
 * costs about half of a streamed render (React encodes and measures every fragment of a
 * stream). A tree that suspends (a lazy component still loading, a `use` of a pending
 * promise) or fails on the way is streamed instead, exactly as before, and pages of its kind
 * are streamed from then on. The HTML is the same either way: React's own document with the
 * inline state and the entry module after `#root`.
 */
async function renderHtml(
  element: React.ReactElement,
  kind: string,
  options: StreamOptions,
): Promise<{ body: Readable | string } | { error: unknown }> {
  if (!streamedKinds.has(kind)) {
    const html = renderInOnePass(element, options);
    if (html !== null) return { body: html };
    if (streamedKinds.size >= STREAMED_KINDS_LIMIT) streamedKinds.clear();
    streamedKinds.add(kind);
  }
  return streamHtml(element, options);
}

/** Marks a Suspense boundary that the server could not render (left to the browser). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

/**
 * The document rendered in one pass, with what a stream adds around it (doctype, inline
 * state script, entry module script), or `null` when something suspended or failed.
 */
function renderInOnePass(element: React.ReactElement, options: StreamOptions): string | null {
  let html: string;
  try {
    html = renderToString(element);
  } catch {
    return null;
  }
  const end = html.lastIndexOf('</body>');
  if (end === -1 || html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  const nonce = options.nonce ? ` nonce="${escapeAttribute(options.nonce)}"` : '';
  let scripts = '';
  if (options.bootstrapScriptContent) {
    scripts += `<script${nonce} id="_R_">${escapeScriptContent(options.bootstrapScriptContent)}</script>`;
  }
  for (const src of options.bootstrapModules) {
    scripts += `<script type="module" src="${escapeAttribute(src)}"${nonce} async=""></script>`;
  }
  const doctype = html.startsWith('<html') ? '<!DOCTYPE html>' : '';
  return `${doctype}${html.slice(0, end)}${scripts}${html.slice(end)}`;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/** As React escapes an inline script: no `<script` or `</script` can appear in it. */
function escapeScriptContent(code: string): string {
  return code.replace(/(<\/|<)(s)(cript)/gi, (_match, prefix: string, s: string, rest: string) => {
    return `${prefix}${s === 's' ? '\\u0073' : '\\u0053'}${rest}`;
  });
}

interface StreamOptions {
  nonce: string;
  bootstrapScriptContent: string | undefined;
  bootstrapModules: string[];
  logger: RenderRequest['logger'];
  signal: AbortSignal | undefined;
}

/**
 * Starts the render and resolves once the shell is ready (the status can no longer change),
 * or with the error when even the shell failed. Errors inside Suspense boundaries after that
 * are logged; React then finishes those parts in the browser.
 */
function streamHtml(
  element: React.ReactElement,
  options: StreamOptions,
): Promise<{ body: Readable } | { error: unknown }> {
  return new Promise((resolve) => {
    const body = new PassThrough();
    const stream = renderToPipeableStream(element, {
      nonce: options.nonce,
      ...(options.bootstrapScriptContent ? { bootstrapScriptContent: options.bootstrapScriptContent } : {}),
      bootstrapModules: options.bootstrapModules,
      onShellReady() {
        stream.pipe(body);
        resolve({ body });
      },
      onShellError(error) {
        resolve({ error });
      },
      onError(error) {
        options.logger.error('Rendering error', { error: describeError(error) });
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('Render timed out')), RENDER_TIMEOUT_MS);
    timer.unref?.();
    body.on('close', () => clearTimeout(timer));
    options.signal?.addEventListener('abort', () => stream.abort(new Error('Client went away')), {
      once: true,
    });
  });
}
