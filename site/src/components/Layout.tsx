import type { LayoutProps } from '@canopy/web';
import { Breadcrumbs } from './Breadcrumbs.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';

/**
 * The frame of every page: skip link, header with navigation, breadcrumbs, the page in
 * `main`, footer.
 */
export function Layout({ children }: LayoutProps) {
  return (
    <>
      <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Header />
      <Breadcrumbs />
      {/* Focusable from script only, so the skip link moves keyboard focus into the page too. */}
      <main id="content" className="page" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
