import { type LayoutProps, Link } from '@canopy/web';

/** Wraps every page: a header with the site's name and navigation, the page, a footer. */
export function Layout({ children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link className="site-name" to="/">
          My Canopy site
        </Link>
        <nav aria-label="Main">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about-this-site">About this site</Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>Built with Canopy.</p>
      </footer>
    </>
  );
}
