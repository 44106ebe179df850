/**
 * @canopy/web: the Canopy site framework. A site is configuration (routes, content type
 * mappings) plus React components; this package renders it on the server (Fastify, streamed
 * React), hydrates it in the browser, loads its data from the content platform through
 * @canopy/client, and serves it with caching and security headers.
 *
 * Browser bundles get `browser.ts` (everything but the server API) through the `browser`
 * export condition. The server API below is loaded on first use, so the module graph of a
 * site's server bundle stays free of Fastify and Vite.
 *
 * @example
 * // site/src/site.tsx
 * import { defineSite } from '@canopy/web';
 * export const site = defineSite({ name: 'Aberwen University', layout: Layout, contentTypeMappings });
 *
 * // start script
 * import { buildSite, startSiteServer } from '@canopy/web';
 * await buildSite({ siteRoot: 'site' });
 * const server = await startSiteServer({ siteRoot: 'site', platformUrl, projectId: 'website', deliveryToken, port: 3000 });
 */

import type { BuildSiteOptions, BuildSiteReport } from './build/build-site.js';
import type { SiteServerOptions } from './server/options.js';
import type { RunningSiteServer, SiteServer } from './server/site-server.js';

export * from './browser.js';
export type { BuildSiteOptions, BuildSiteReport } from './build/build-site.js';
export type { PrecompressReport } from './build/precompress.js';
export { SITE_LAYOUT, STATIC_BASE } from './build/site-layout.js';
export { type ContentModel, type GenerateOptions, generateContentTypes } from './codegen/generate-types.js';
export { type ReadContentModelOptions, readContentModel } from './codegen/read-content-model.js';
export type { ConsentWording } from './consent/consent-wording.js';
export { withEntryForms } from './forms/renderer-forms.js';
export {
  type LanguageOfferInput,
  type LanguageRange,
  languageOffer,
  parseAcceptLanguage,
  preferredLanguage,
} from './i18n/accept-language.js';
export {
  canonicalUrl,
  type HreflangAlternate,
  hreflangAlternates,
  type LanguageSitemapUrl,
  sitemapAlternatesXml,
  sitemapLanguageUrls,
  XHTML_NAMESPACE,
} from './i18n/hreflang.js';
export {
  absoluteUrl,
  type LanguageLocation,
  type LanguageOfPath,
  type LanguageOrigins,
  languageOfPath,
  linkTo,
  localisedPath,
  originOf,
} from './i18n/language-paths.js';
export {
  asksForMissingTranslationNotice,
  MISSING_TRANSLATION_PARAM,
  type PageInLanguages,
  pathInLanguage,
  type SwitcherTarget,
  switcherTarget,
  switcherTargets,
} from './i18n/language-switcher.js';
export { FRAMEWORK_CATALOGUES, loadTranslator } from './i18n/messages/catalogue.js';
export { catalogueProblems } from './i18n/messages/catalogue-check.js';
export type { CatalogueLoaders, MessageCatalogue, Translator } from './i18n/messages/message-types.js';
export { createTranslator } from './i18n/messages/translator.js';
export { languagesOfSite, type PageLanguage, pageLanguageOf } from './i18n/page-language.js';
export { type PageWords, pageWordsOf, wordsMessageOf } from './i18n/page-words.js';
export { type SiteLanguages, type SiteLanguagesInput, siteLanguages } from './i18n/site-languages.js';
export {
  NO_ASSETS,
  type PageAssets,
  type RendererSettings,
  type RenderRequest,
  type RenderResult,
  type SiteRenderer,
  type StateRenderRequest,
} from './render/render-types.js';
export { createSiteRenderer, RENDER_TIMEOUT_MS, type SiteRendererOptions } from './render/renderer.js';
export { DISALLOW_ALL, robotsTxt } from './seo/robots.js';
export { ROBOTS_PATH, type SeoFileRequest, type SeoFileResult } from './seo/seo-files.js';
export { isSitemapPage, MAX_SITEMAP_URLS, SITEMAP_PATH, Sitemap, sitemapUrlsOf } from './seo/sitemap.js';
export type { AdmissionStats, OverloadOptions } from './server/admission.js';
export { type CachePolicy, isPrivateResponse } from './server/cache-headers.js';
export type { CompressionOptions } from './server/compression.js';
export type { ContentChangesState } from './server/content-changes.js';
export type { HeartbeatBody } from './server/health.js';
export type { ContentChangesOptions, SiteEnv, SiteServerOptions } from './server/options.js';
export type { CspDirective, SecurityHeaderOptions } from './server/security-headers.js';
export {
  DEMO_HOSTS,
  type SiteHost,
  type SiteHostInput,
  type SiteHostSetting,
  siteHosts,
} from './server/site-hosts.js';
export type { RunningSiteServer, SiteServer } from './server/site-server.js';

// The server modules are named through variables so bundlers leave them out of site bundles.
const SERVER_MODULE = './server/site-server.js';
const BUILD_MODULE = './build/build-site.js';
const OPTIONS_MODULE = './server/options.js';

/**
 * Builds and starts a site server; see `docs/web.md` for every option.
 *
 * @example
 * const site = await startSiteServer({ siteRoot: 'site', platformUrl: 'http://127.0.0.1:3001', projectId: 'website', deliveryToken, port: 3000 });
 * console.log(site.url);
 */
export async function startSiteServer(options: SiteServerOptions): Promise<RunningSiteServer> {
  const server: typeof import('./server/site-server.js') = await import(/* @vite-ignore */ SERVER_MODULE);
  return server.startSiteServer(options);
}

/** Builds a site server without listening (tests use `app.inject`). */
export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const server: typeof import('./server/site-server.js') = await import(/* @vite-ignore */ SERVER_MODULE);
  return server.createSiteServer(options);
}

/**
 * Builds a site for production (client and server bundles, build record).
 *
 * @example
 * await buildSite({ siteRoot: 'site' });
 */
export async function buildSite(options: BuildSiteOptions): Promise<BuildSiteReport> {
  const builder: typeof import('./build/build-site.js') = await import(/* @vite-ignore */ BUILD_MODULE);
  return builder.buildSite(options);
}

/**
 * Site server options from environment variables (defaults: the local platform's demo).
 *
 * @example
 * await startSiteServer(await siteServerOptionsFromEnv(process.env, { siteRoot: 'site' }));
 */
export async function siteServerOptionsFromEnv(
  env: Record<string, string | undefined>,
  overrides: Partial<SiteServerOptions> = {},
): Promise<SiteServerOptions> {
  const module: typeof import('./server/options.js') = await import(/* @vite-ignore */ OPTIONS_MODULE);
  return module.siteServerOptionsFromEnv(env, overrides);
}
