import { renderToString } from 'react-dom/server';
import { consentContentLoaded } from '../consent/consent-slice.js';
import { consentForSite, consentStateFor } from '../consent/consent-state.js';
import { type ConsentWording, consentWordings } from '../consent/consent-wording.js';
import { preloadConsentOverlays } from '../consent/lazy-overlays.js';
import { loadConsentContent } from '../consent/load-consent-content.js';
import { ApiCallLog, pageSurrogateKeys } from '../delivery/api-call-log.js';
import { createDeliveryAccess } from '../delivery/delivery-access.js';
import { withBasePath } from '../i18n/base-path.js';
import { languageOriginsOf } from '../i18n/language-origins.js';
import type { CatalogueLoaders } from '../i18n/messages/message-types.js';
import { languagesOfSite, pageLanguageOf } from '../i18n/page-language.js';
import { type PageWords, pageWordsOf } from '../i18n/page-words.js';
import { inlineWordsFile, type WordsFile, wordsFileOf } from '../i18n/words-file.js';
import { injectedReducersFor, preloadPageOf } from '../routing/injected-reducers.js';
import { loadNavigation } from '../routing/load-navigation.js';
import { loadRoute, type RouteOutcome } from '../routing/load-route.js';
import { statusText } from '../routing/not-found.js';
import { describeError } from '../routing/route-data.js';
import { DEFAULT_TRAILING_SLASH_STATUS, splitUrl } from '../routing/trailing-slash.js';
import { trimInlineSearch } from '../search/inline-search-trim.js';
import { createSeoFiles } from '../seo/seo-files.js';
import type { SiteDefinition } from '../site/site-definition.js';
import { leanState } from '../state/hydration-state.js';
import { trimInlineContent } from '../state/inline-trim.js';
import { PageOutages } from '../state/page-outages.js';
import {
  initialRoutingState,
  type RoutingLocation,
  routeFailed,
  routeRequested,
} from '../state/routing-slice.js';
import { stateScript } from '../state/serialize.js';
import { consoleLogger } from '../state/services.js';
import { createSiteStore, type SiteStore } from '../state/store.js';
import type { SiteState } from '../state/store-types.js';
import { initialVersionState } from '../state/version-slice.js';
import { userStateFromSession } from '../user/session.js';
import { Document } from './Document.js';
import { renderHtml } from './render-html.js';
import {
  NO_ASSETS,
  type PageAssets,
  type RenderRequest,
  type RenderResult,
  type SiteRenderer,
  type StateRenderRequest,
} from './render-types.js';
import { SiteApp } from './SiteApp.js';

export { RENDER_TIMEOUT_MS } from './render-html.js';

/** What only the server side of a site has: given to {@link createSiteRenderer} in `entry-server.tsx`. */
export interface SiteRendererOptions {
  /**
   * The site's message catalogues (one dynamic import per language, see `CatalogueLoaders`): a
   * page in a language other than the default carries its words and the framework's in its
   * state (see `pageWordsOf`), so the browser loads no catalogue for them. Given here rather
   * than in the site definition, so the catalogues stay out of the browser bundle.
   */
  messages?: CatalogueLoaders;
  /**
   * The cookie consent popup's message and categories' wording in languages other than the
   * default (`{ cy: { message, categories } }`, see `ConsentWording`): a page in that language
   * shows it, unless the platform has wording in that language (`consent.contentTypeId`),
   * which wins. Server only, like `messages`.
   */
  consentWording?: Readonly<Record<string, ConsentWording>>;
}

/**
 * The page pipeline of a site (ARCHITECTURE.md, "How a page request flows"): a store per
 * request, the route and navigation loaded to completion, then either the state as JSON
 * (`?redux=true`), a redirect, the unavailable answer, or ONE render with the state inlined
 * under the response's nonce (in one pass to a string, or streamed when the tree suspends;
 * see `renderHtml`).
 *
 * @example
 * // src/entry-server.tsx of a site
 * import { createSiteRenderer } from '@canopy/web';
 * import { site } from './site.js';
 * export const renderer = createSiteRenderer(site, { messages: SITE_CATALOGUES });
 */
export function createSiteRenderer(site: SiteDefinition, options: SiteRendererOptions = {}): SiteRenderer {
  const language = site.language ?? 'en-GB';
  // The framework's words (search, pager, accounts …) join the site's, which win on a clash.
  const wordsOf = pageWordsOf(options.messages ?? {}, language);
  const consent = consentForSite(site);
  const consentWordingIn = site.consent ? consentWordings(site.consent, options.consentWording) : () => null;
  return {
    settings: {
      name: site.name,
      language,
      trailingSlashRedirectStatus: site.trailingSlashRedirectStatus ?? DEFAULT_TRAILING_SLASH_STATUS,
      consent: consent?.settings ?? null,
      ...(site.cspSources ? { cspSources: site.cspSources } : {}),
      ...languagePathsOf(site),
      ...languageHostsOf(site),
    },
    async render(request: RenderRequest): Promise<RenderResult> {
      // The raw path and query, as the browser will see them in `location` after hydration.
      const { pathname: address, rest } = splitUrl(request.url);
      const search = rest.split('#')[0] ?? '';
      // `/cy/…` is the Welsh tree's `/…`: every delivery call of the page asks for its language.
      // The request's configured host name picks a language with a host of its own.
      const page = pageLanguageOf(site, address, request.hostname);
      const languageOrigins = languageOriginsOf(languagesOfSite(site), request.hostOrigins, {
        host: request.hostname,
        origin: request.origin,
      });
      const pathname = page.pathname;
      // Worked out once per language and process; the default language's words are the components' own.
      const words = page.isDefault ? null : await pageWords(wordsOf, page.language, request.logger);
      const requestLog = new ApiCallLog();
      const outages = new PageOutages();
      const delivery = createDeliveryAccess({
        ...request.delivery,
        language: page.language,
        requestSurrogateKeys: true,
      });
      const store = createSiteStore({
        services: {
          site,
          isServer: true,
          delivery,
          logger: request.logger,
          requestLog,
          outages,
          versionInfo: async () => request.versionInfo(),
        },
        preloadedState: {
          routing: {
            ...initialRoutingState,
            currentHostname: request.hostname,
            currentProject: delivery.projectId,
            publicOrigin: request.origin ?? null,
            ...(page.isDefault ? {} : { language: page.language, basePath: page.basePath }),
            ...(languageOrigins ? { languageOrigins } : {}),
            ...(words ? { words } : {}),
          },
          version: {
            ...initialVersionState,
            commitRef: request.build.commitRef,
            buildNo: request.build.buildNo,
            versionStatus: request.versionStatus,
            canPreview: request.canPreview,
          },
          user: userStateFromSession(request.session, request.account?.feedback ?? null),
          ...(consent ? { consent: consentStateFor(consent, request.cookies, search) } : {}),
        },
      });

      // The site's consent wording in the page's language; the platform's in it, loaded next, wins.
      const wording = consent && !page.isDefault ? consentWordingIn(page.language) : null;
      if (wording) store.dispatch(consentContentLoaded(wording));

      const location = { pathname, search, hash: '' };
      const [outcome] = await Promise.all([
        request.errorStatus
          ? Promise.resolve(showError(store, location, request.errorStatus))
          : store.dispatch(loadRoute(location)),
        store.dispatch(loadNavigation()),
        store.dispatch(loadConsentContent()),
      ]);
      const state = store.getState();
      const surrogateKeys = pageSurrogateKeys(requestLog);
      const status = state.routing.statusCode;
      const degraded = state.navigation.error.isError;
      // A search, listing or minilist the platform failed: the server answers a failed render.
      const outage = outages.status ?? undefined;

      if (request.format === 'json') {
        return { kind: 'json', status, body: JSON.stringify(state), surrogateKeys, degraded, outage };
      }
      if (outcome.kind === 'redirect') {
        return {
          kind: 'redirect',
          // A static route's address in the page's language is for good; sign-in redirects are not.
          status: outcome.status === 301 ? 301 : 302,
          location: withBasePath(page.basePath, outcome.location),
          surrogateKeys,
        };
      }
      // Code the page renders lazily (the route's component, the consent overlays, an open
      // consent panel), loaded now so the page renders in one pass.
      await preloadForRender(site, state);
      // The platform is down: the site's own page (its layout, without the navigation it could
      // not load, and its not-found component) with nothing to hydrate, as for 4xx error pages.
      const unavailable = status === 503;
      const assets = unavailable ? withoutScripts(request.assets) : request.assets;

      const csrfToken = request.account?.csrfToken ?? null;
      const app = (
        <Document
          lang={page.language}
          assets={assets}
          nonce={request.nonce}
          csrfToken={csrfToken}
          alternates={state.routing.languageVersions?.alternates}
          preloadEntry
        >
          <SiteApp
            site={site}
            store={store}
            history={{ kind: 'memory', url: request.url }}
            csrfToken={csrfToken}
          />
        </Document>
      );
      const rendered = await renderHtml(app, routeKind(state), {
        nonce: request.nonce,
        // Only what hydration needs: the parts that differ from the initial state, no server-only parts.
        bootstrapScriptContent:
          request.inlineState && !unavailable
            ? stateScript(
                trimInlineContent(
                  // The page's words go as a file of their own, cached by the browser for every page.
                  inlineWordsFile(
                    trimInlineSearch(
                      leanState(state, store.initialState(), store.wholeMemberSlices()),
                      state,
                    ),
                    words ? wordsFileOf(page.language, { words, consent: wording }) : null,
                    state,
                  ),
                  site.inlineContent,
                  { language: page.language, versionStatus: state.version.versionStatus },
                ),
              )
            : undefined,
        bootstrapModules: assets.entryModule ? [assets.entryModule] : [],
        logger: request.logger,
        signal: request.signal,
      });
      if ('error' in rendered) {
        request.logger.error(`Rendering ${pathname} failed`, { error: describeError(rendered.error) });
        return unavailable
          ? { kind: 'unavailable', status: 503, surrogateKeys }
          : { kind: 'error', status: 500 };
      }
      if (unavailable) return { kind: 'unavailable', status: 503, surrogateKeys, body: rendered.body };
      return { kind: 'html', status, body: rendered.body, surrogateKeys, degraded, outage };
    },
    renderSeoFile: createSeoFiles(site, language),
    async renderWordsFile(wordsLanguage: string): Promise<WordsFile | null> {
      const languages = languagesOfSite(site)?.languages ?? [];
      if (wordsLanguage === language || !languages.includes(wordsLanguage)) return null;
      const wording = consent ? consentWordingIn(wordsLanguage) : null;
      return wordsFileOf(wordsLanguage, { words: await wordsOf(wordsLanguage), consent: wording });
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
            language: state.routing.language ?? language,
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
        injected: (await Promise.all([injectedReducersFor(site, state), preloadForRender(site, state)]))[0],
      });
      return renderToString(
        <Document
          lang={state.routing.language ?? language}
          assets={request.assets ?? NO_ASSETS}
          nonce={request.nonce ?? ''}
        >
          <SiteApp site={site} store={store} history={{ kind: 'memory', url: request.url }} />
        </Document>,
      );
    },
  };
}

/** The words of a page's language; none (the components' own) when its catalogue cannot be loaded. */
async function pageWords(
  wordsOf: (language: string) => Promise<PageWords>,
  language: string,
  logger: RenderRequest['logger'],
): Promise<PageWords | null> {
  try {
    return await wordsOf(language);
  } catch (error) {
    logger.error(`The message catalogue of ${language} could not be loaded`, { error: describeError(error) });
    return null;
  }
}

/**
 * Loads the code a server render of the state needs: the page's (see `preloadPageOf`) and the
 * consent overlays', which the browser loads after the page hydrates.
 */
async function preloadForRender(site: SiteDefinition, state: SiteState): Promise<void> {
  await Promise.all([preloadPageOf(site, state), site.consent ? preloadConsentOverlays() : undefined]);
}

/** Puts the store in the error state of `status` for `location`, as a failed route load would. */
function showError(store: SiteStore, location: RoutingLocation, status: number): RouteOutcome {
  const path = location.pathname || '/';
  store.dispatch(routeRequested({ location, path, isBrowser: false }));
  store.dispatch(routeFailed({ status, message: statusText(status) }));
  return { kind: 'error', status, preventScrollTop: false };
}

/** The page's styles without its scripts: an error page that hydrates nothing. */
export function withoutScripts(assets: PageAssets): PageAssets {
  return { ...assets, entryModule: null, preloadModules: [], inlineModules: [], headModules: [] };
}

/** The fetch of a render from state: there is nothing to fetch. */
async function noPlatformCalls(input: RequestInfo | URL): Promise<Response> {
  throw new Error(`renderStateToString makes no platform calls (asked for ${String(input)})`);
}

/** What decides whether a page is rendered in one pass: its static route or content type. */
function routeKind(state: SiteState): string {
  const { routing } = state;
  if (routing.staticRoute) return `route ${routing.staticRoute.path}`;
  if (routing.entry) return `type ${routing.entry.sys?.contentTypeId ?? ''}`;
  return `status ${routing.statusCode}`;
}

/** `{ languageHosts: { cy: 'www.aberwen.cymru' } }` for a site with languages on hosts of their own, else nothing. */
function languageHostsOf(site: SiteDefinition): { languageHosts?: Record<string, string> } {
  const hosts = languagesOfSite(site)?.hosts ?? {};
  return Object.keys(hosts).length > 0 ? { languageHosts: { ...hosts } } : {};
}

/** `{ languagePaths: { cy: '/cy' } }` for a site with languages under prefixes, else nothing. */
function languagePathsOf(site: SiteDefinition): { languagePaths?: Record<string, string> } {
  const prefixes = languagesOfSite(site)?.prefixes ?? {};
  const entries = Object.entries(prefixes).map(([language, prefix]) => [language, `/${prefix}`]);
  return entries.length > 0 ? { languagePaths: Object.fromEntries(entries) } : {};
}
