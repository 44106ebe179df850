import { defineSite, Loading, lazyComponent, VERSION_PAGE_PATH } from '@canopy/web';
import { Layout } from './components/Layout.js';
import { consent } from './consent.js';
import { contentTypeMappings } from './mappings.js';
import { routes } from './routes.js';
import { seo } from './seo.js';

/** Aberwen University's website: the demo site of Canopy. */
export const site = defineSite({
  name: 'Aberwen University',
  // English at the root, Welsh under /cy (the platform holds both; see docs/web.md, "Languages").
  language: 'en-GB',
  languages: ['en-GB', 'cy'],
  layout: Layout,
  loading: Loading,
  // Loaded with a not-found or error page only.
  notFound: lazyComponent(() => import('./components/NotFoundPage.js').then((module) => module.NotFoundPage)),
  routes,
  contentTypeMappings,
  // The framework's version information page, linked from the footer.
  versionPage: { path: VERSION_PAGE_PATH },
  // Cookie consent: the popup, the preferences panel and what each category allows (consent.ts).
  consent,
  // The home page's film is played from YouTube's privacy-enhanced domain, once marketing is allowed.
  cspSources: { 'frame-src': ['https://www.youtube-nocookie.com'] },
  // Page metadata, robots.txt and the sitemap (seo.ts).
  seo,
});
