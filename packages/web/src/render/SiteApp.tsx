import type { ReactNode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SiteStore } from '../state/store.js';
import { SiteFrame } from './SiteFrame.js';

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
 * browser the page renders from `shownPageStore`: the page being left stays on screen,
 * whole, until the next one has loaded. (The framework's own browser entry renders
 * `BrowserSiteApp`, the same tree without the memory router's code.)
 */
export function SiteApp({ site, store, history, csrfToken = null }: SiteAppProps) {
  const router = (page: ReactNode, basename: string | undefined) =>
    history.kind === 'memory' ? (
      <MemoryRouter basename={basename} initialEntries={[history.url]}>
        {page}
      </MemoryRouter>
    ) : (
      <BrowserRouter basename={basename}>{page}</BrowserRouter>
    );
  return (
    <SiteFrame
      site={site}
      store={store}
      browser={history.kind === 'browser'}
      router={router}
      csrfToken={csrfToken}
    />
  );
}
