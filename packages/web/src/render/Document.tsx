import { type ReactNode, useContext } from 'react';
import { type PreloadModuleOptions, preloadModule } from 'react-dom';
import { DeferredModulesContext, LazyModulesContext } from '../routing/lazy-component.js';
import { CSRF_META_NAME } from '../user/csrf.js';
import type { PageAssets } from './render-types.js';

/** Props of {@link Document}. */
export interface DocumentProps {
  lang: string;
  assets: PageAssets;
  nonce: string;
  /**
   * Preload the entry module from the head, as React does for a streamed page's bootstrap
   * modules; a page rendered in one pass asks for it here (a streamed one gets it once).
   */
  preloadEntry?: boolean;
  /** The visitor's CSRF token, published for the browser's forms (see `useCsrfToken`). */
  csrfToken?: string | null;
  /**
   * The page's language versions as `<link rel="alternate" hreflang>` (see `LanguageVersions`).
   * Written here, in the server's HTML that search engines read, so the browser's first load
   * carries no code for them; client navigation does not rewrite them.
   */
  alternates?: readonly { hreflang: string; href: string }[] | null;
  children: ReactNode;
}

/**
 * The HTML document around the app, rendered on the server only: the browser hydrates just
 * `#root`, so what browser extensions add to `<head>` or `<body>` cannot upset hydration.
 */
export function Document({
  lang,
  assets,
  nonce,
  preloadEntry,
  csrfToken,
  alternates,
  children,
}: DocumentProps) {
  // A render that loads the page's code after the first paint lists the modules instead.
  const deferred = useContext(DeferredModulesContext);
  for (const href of deferred ? assets.preloadModules : []) deferred?.add(href);
  if (preloadEntry && assets.entryModule && !deferred) {
    // React takes `fetchPriority` here too (it is missing from @types/react-dom).
    const options = { as: 'script', fetchPriority: 'low', ...(nonce ? { nonce } : {}) };
    preloadModule(assets.entryModule, options as PreloadModuleOptions);
  }
  return (
    // A page without scripts (error pages) says so, for styles that assume script (a menu button).
    <html lang={lang} data-scripts={assets.entryModule ? undefined : 'none'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {csrfToken ? <meta name={CSRF_META_NAME} content={csrfToken} /> : null}
        {alternates?.map((alternate) => (
          <link
            key={alternate.hreflang}
            rel="alternate"
            hrefLang={alternate.hreflang}
            href={alternate.href}
          />
        ))}
        {/* Vite reads the nonce from here for the style elements it adds in development. */}
        {assets.cspNonceMeta ? <meta property="csp-nonce" nonce={nonce} /> : null}
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {deferred
          ? null
          : assets.preloadModules.map((href) => <link key={href} rel="modulepreload" href={href} />)}
        {assets.inlineModules.map((code) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: framework-owned code (the dev refresh preamble), allowed by the nonce
          <script key={code} type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />
        ))}
        {assets.headModules.map((src) => (
          <script key={src} type="module" src={src} nonce={nonce} />
        ))}
      </head>
      <body>
        <div id="root">
          <LazyModulesContext.Provider value={assets.lazyModules ?? null}>
            {children}
          </LazyModulesContext.Provider>
        </div>
      </body>
    </html>
  );
}
