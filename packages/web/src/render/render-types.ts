import type { Readable } from 'node:stream';
import type { ConsentServerSettings } from '../consent/consent-config.js';
import type { DeliveryAccessOptions } from '../delivery/delivery-access.js';
import type { TrailingSlashRedirectStatus } from '../routing/trailing-slash.js';
import type { VersionStatus } from '../routing/version-status.js';
import type { SeoFileRequest, SeoFileResult } from '../seo/seo-files.js';
import type { CspDirective } from '../server/security-headers.js';
import type { SiteLogger } from '../state/services.js';
import type { SiteState } from '../state/store-types.js';
import type { AccountFeedback, Session } from '../user/session.js';
import type { VersionInfo } from '../version/version-info.js';

/** The scripts and styles a page loads. */
export interface PageAssets {
  /** The client entry module that hydrates the page; none renders a page without scripts. */
  entryModule: string | null;
  /** Modules the entry imports, preloaded so they download in parallel. */
  preloadModules: string[];
  stylesheets: string[];
  /** Module scripts that must run first (in development, the Vite client). */
  headModules: string[];
  /** Inline module scripts that must run first (in development, the React refresh preamble). */
  inlineModules: string[];
  /** Publish the nonce in `<meta property="csp-nonce">` for Vite's injected styles (development). */
  cspNonceMeta?: boolean;
  /**
   * The chunks of each lazily loaded module (`lazyComponent`), by module id: a page whose
   * route renders one preloads them (`<link rel="modulepreload">`).
   */
  lazyModules?: Readonly<Record<string, readonly string[]>>;
}

/** A page without scripts or styles. */
export const NO_ASSETS: PageAssets = {
  entryModule: null,
  preloadModules: [],
  stylesheets: [],
  headModules: [],
  inlineModules: [],
};

/** One page request, as the site server hands it to the renderer. */
export interface RenderRequest {
  /** Path and query, e.g. `/news?page=2` (already without a trailing slash). */
  url: string;
  /** Host name of the request, without port. */
  hostname: string;
  /**
   * The site's public origin, e.g. `https://www.example.com`: the canonical link and Open
   * Graph URLs are written with it (default: none, and pages carry no canonical link).
   */
  origin?: string | null;
  /**
   * The configured public origin of each public host name the site answers (neither this
   * machine's names nor preview hosts), in the order configured (`www.aberwen.cymru` →
   * `https://www.aberwen.cymru`): a language with a host of its own is linked on its origin.
   */
  hostOrigins?: Readonly<Record<string, string>>;
  /** `json` answers the initial state (`?redux=true`) instead of HTML. */
  format: 'html' | 'json';
  /** This response's CSP nonce. */
  nonce: string;
  session: Session | null;
  /** The request's `Cookie` header (the consent cookie is read from it). */
  cookies?: string | null;
  /**
   * The visitor's CSRF token for the page's forms (account pages, and every page of a
   * signed-in visitor), and the outcome of the account action that led here. The token is
   * written into the page's forms and a `<meta name="csrf-token">`, never into the state.
   */
  account?: { csrfToken: string | null; feedback: AccountFeedback | null };
  /** The content version this request reads (policy already applied). */
  versionStatus: VersionStatus;
  /** Whether this visitor may preview drafts. */
  canPreview: boolean;
  build: { commitRef: string | null; buildNo: string | null };
  /** Platform access for this request; the tokens never leave the server. */
  delivery: DeliveryAccessOptions;
  /** The version information page's data for this request. */
  versionInfo: () => VersionInfo;
  assets: PageAssets;
  /** Write the state into the page (default); when false the browser fetches `?redux=true`. */
  inlineState: boolean;
  logger: SiteLogger;
  /** Aborted when the visitor goes away. */
  signal?: AbortSignal;
  /**
   * Render the site's error page for this status instead of loading the route: the layout
   * and navigation with the not-found component, e.g. for a wrong method, a malformed
   * address (4xx) or a page whose own render failed (500). Nothing of the route is loaded.
   */
  errorStatus?: number;
}

/**
 * A page to render from a state already in memory (see {@link SiteRenderer.renderStateToString}).
 *
 * @example
 * const state = await (await fetch(`${siteUrl}/courses/bsc-marine-biology?redux=true`)).json();
 * const html = await renderer.renderStateToString({ url: '/courses/bsc-marine-biology', state });
 */
export interface StateRenderRequest {
  /** Path and query the state was loaded for (the memory router starts there). */
  url: string;
  /** The store's state after loading, e.g. the page's `?redux=true` answer. */
  state: SiteState;
  /** Stylesheets and preloads in the document's head (default none). */
  assets?: PageAssets;
  /** The nonce of the document's scripts (default none). */
  nonce?: string;
  /** Where errors of the render go (default the console). */
  logger?: SiteLogger;
}

/** What the renderer decided. */
export type RenderResult =
  | {
      kind: 'html';
      status: number;
      /** The whole document, or a stream of it (a page that suspended while rendering). */
      body: Readable | string;
      surrogateKeys: string[];
      /** Part of the page (the navigation) failed to load: not a copy worth keeping. */
      degraded?: boolean;
      /**
       * The platform failed a part of the page that shows a message instead (a search, a
       * listing, a minilist; see `PageOutages`): 503 when it could not be reached, else its
       * 5xx. The server answers such a page as a failed render: never kept, never cached long.
       */
      outage?: number;
    }
  | {
      kind: 'json';
      status: number;
      body: string;
      surrogateKeys: string[];
      degraded?: boolean;
      /** As for `html`. */
      outage?: number;
    }
  | { kind: 'redirect'; status: number; location: string; surrogateKeys: string[] }
  | {
      kind: 'unavailable';
      status: 503;
      surrogateKeys: string[];
      /**
       * The site's own page for it (layout and not-found component, no scripts); absent when
       * it could not be rendered, and the server sends its plain page instead.
       */
      body?: Readable | string;
    }
  | { kind: 'error'; status: 500 };

/** Settings of a site the server needs before it renders. */
export interface RendererSettings {
  name: string;
  language: string;
  trailingSlashRedirectStatus: TrailingSlashRedirectStatus;
  /** The site's cookie consent (cookie name, required categories), or null when it asks none. */
  consent?: ConsentServerSettings | null;
  /** Content-Security-Policy sources the site's embeds need (its `cspSources`). */
  cspSources?: Partial<Record<CspDirective, readonly string[]>>;
  /**
   * The path prefix of each language served under one (`{ cy: '/cy' }`; the default language
   * has none): the account endpoints answer under each, so a form sent from a Welsh page leads
   * to Welsh pages and its mails link to them.
   */
  languagePaths?: Readonly<Record<string, string>>;
  /**
   * The host name of each language served on a host of its own (`{ cy: 'www.aberwen.cymru' }`,
   * the site's checked `languageHosts`): the plain fallback pages on that host are in it.
   */
  languageHosts?: Readonly<Record<string, string>>;
}

/**
 * Renders pages of one site. It lives in the site's server bundle (built by Vite), so the
 * React tree, the store and the site's components share one module graph; the site server
 * talks to it through plain data only.
 */
export interface SiteRenderer {
  readonly settings: RendererSettings;
  render(request: RenderRequest): Promise<RenderResult>;
  /**
   * Renders a page's React tree (the document and the app, as `render` does) from a state
   * already in memory, with `renderToString`: no platform calls, no loaders, no headers, no
   * streaming and no inline state script. A fresh store is created from `state` on each call.
   * The render floor of `npm run bench` (`bench/site.mjs`) and a hook for tooling; renderers
   * made by `createSiteRenderer` have it, others may leave it out.
   */
  renderStateToString?(request: StateRenderRequest): Promise<string>;
  /**
   * `robots.txt`, `sitemap.xml` and the parts of a sitemap index (`/sitemap-2.xml`), from
   * the site's `seo` settings and the published content tree. Renderers made by
   * `createSiteRenderer` have it; without it the server answers those paths 404.
   */
  renderSeoFile?(request: SeoFileRequest): Promise<SeoFileResult>;
  /**
   * The interface words of one of the site's languages other than the default, as the file a
   * page in that language names in its inline state (`wordsHref`, see `wordsFileOf`); null for
   * the default language or one the site does not have. Renderers made by `createSiteRenderer`
   * have it; without it the server answers those addresses 404.
   */
  renderWordsFile?(language: string): Promise<{ path: string; json: string } | null>;
}
