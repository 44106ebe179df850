import { ConsentGate, type LayoutProps, selectMissingTranslation, useSiteSelector } from '@canopy/web';
import { ANALYTICS_SCRIPT } from '../consent.js';
import { useText } from '../messages/words.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';

/**
 * The frame of every page: skip link, header with navigation, breadcrumbs, the page in
 * `main`, footer.
 */
export function Layout({ children }: LayoutProps) {
  const text = useText();
  // Arrived from the language bar of a page not translated into this language.
  const untranslated = useSiteSelector(selectMissingTranslation);
  return (
    <>
      <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
      {/* Not in the HTML, and never loaded, until the visitor allows analytics. */}
      <ConsentGate category="analytics" placeholder={null}>
        <script async src={ANALYTICS_SCRIPT} />
      </ConsentGate>
      <a className="skip-link" href="#content">
        {text('Skip to content')}
      </a>
      {/* Above the header (which keeps its two compact rows), first after the skip link. */}
      <LanguageSwitcher />
      <Header />
      <Breadcrumbs />
      {/* Focusable from script only, so the skip link moves keyboard focus into the page too. */}
      <main id="content" className="page" tabIndex={-1}>
        {untranslated ? (
          <p className="translation-notice">
            {text('The page you were reading is not available in English yet.')}
          </p>
        ) : null}
        {children}
      </main>
      <Footer />
    </>
  );
}
