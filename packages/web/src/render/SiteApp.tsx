import { type ReactNode, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { ConsentOverlays } from '../consent/lazy-overlays.js';
import { RouteListener } from '../routing/RouteListener.js';
import { RouteLoader } from '../routing/RouteLoader.js';
import { shownPageStore } from '../routing/shown-page.js';
import { SiteContext } from '../site/site-context.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SiteStore } from '../state/store.js';
import { CsrfContext } from '../user/csrf.js';
import { PageHead } from './PageHead.js';

/** Props of {@link SiteApp}. */
export interface SiteAppProps {
  site: SiteDefinition;
  store: SiteStore;
  /**
   * `memory` on the server (memory history at the requested URL), `browser` in the browser
   * (the address bar's history).
   */
  history: { kind: 'memory'; url: string } | { kind: 'browser' };
  /** The visitor's CSRF token for forms (see `useCsrfToken`); none on cacheable pages. */
  csrfToken?: string | null;
}

/**
 * The whole site as React renders it: store, site, router, layout and the current page. In the
 * browser the page renders from {@link shownPageStore}: the page being left stays on screen,
 * whole, until the next one has loaded.
 */
export function SiteApp({ site, store, history, csrfToken = null }: SiteAppProps) {
  const [shown] = useState(() =>
    history.kind === 'browser' ? shownPageStore(store, Object.keys(site.reducers ?? {})) : store,
  );
  const Layout = site.layout ?? Fragment;
  // A page in a language with a prefix routes in that language's tree under it (`/cy`): the
  // state's paths and the app's links are the tree's own, and every link stays in the language.
  const basename = store.getState().routing.basePath || undefined;
  const page = (
    <>
      <PageHead />
      {/* Effects never run on the server, so the listener only acts in the browser. It follows
          the store itself, not what is shown. */}
      <RouteListener store={store} />
      {/* First in the page, so a keyboard reaches the consent popup before anything else. */}
      {site.consent ? <ConsentOverlays config={site.consent} /> : null}
      <Layout>
        <RouteLoader />
      </Layout>
    </>
  );
  return (
    <Provider store={shown}>
      <CsrfContext.Provider value={csrfToken}>
        <SiteContext.Provider value={site}>
          {history.kind === 'memory' ? (
            <MemoryRouter basename={basename} initialEntries={[history.url]}>
              {page}
            </MemoryRouter>
          ) : (
            <BrowserRouter basename={basename}>{page}</BrowserRouter>
          )}
        </SiteContext.Provider>
      </CsrfContext.Provider>
    </Provider>
  );
}

function Fragment({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
