import { type ReactNode, useState } from 'react';
import { Provider } from 'react-redux';
import { ConsentOverlays } from '../consent/lazy-overlays.js';
import { RouteListener } from '../routing/RouteListener.js';
import { RouteLoader } from '../routing/RouteLoader.js';
import { shownPageStore } from '../routing/shown-page.js';
import { SiteContext } from '../site/site-context.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SiteStore } from '../state/store.js';
import { CsrfContext } from '../user/csrf.js';
import { NoticeSlot } from './NoticeSlot.js';
import { PageHead } from './PageHead.js';

/** Props of {@link SiteFrame}. */
export interface SiteFrameProps {
  site: SiteDefinition;
  store: SiteStore;
  /** In the browser the page renders from the shown page's store (see `shownPageStore`). */
  browser: boolean;
  /** Puts the page under a router with the given basename (the language's prefix, if any). */
  router: (page: ReactNode, basename: string | undefined) => ReactNode;
  /** The visitor's CSRF token for forms (see `useCsrfToken`); none on cacheable pages. */
  csrfToken: string | null;
}

/**
 * What `SiteApp` renders, with the router left to its caller: the browser's entry names only
 * `BrowserRouter`, so the server's `MemoryRouter` (and its history) stay out of the first-load
 * script. See `SiteApp` for the whole site as React renders it.
 */
export function SiteFrame({ site, store, browser, router, csrfToken }: SiteFrameProps) {
  const [shown] = useState(() => (browser ? shownPageStore(store, Object.keys(site.reducers ?? {})) : store));
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
      {/* After the popup, so the notice that follows it is the next stop for the keyboard. */}
      {(site.languages?.length ?? 0) > 1 ? <NoticeSlot /> : null}
      <Layout>
        <RouteLoader />
      </Layout>
    </>
  );
  return (
    <Provider store={shown}>
      <CsrfContext.Provider value={csrfToken}>
        <SiteContext.Provider value={site}>{router(page, basename)}</SiteContext.Provider>
      </CsrfContext.Provider>
    </Provider>
  );
}

function Fragment({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
