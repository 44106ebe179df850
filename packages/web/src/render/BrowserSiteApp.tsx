import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SiteStore } from '../state/store.js';
import { SiteFrame } from './SiteFrame.js';

/** Props of {@link BrowserSiteApp}. */
export interface BrowserSiteAppProps {
  site: SiteDefinition;
  store: SiteStore;
  /** The visitor's CSRF token for forms, from the page's meta tag. */
  csrfToken: string | null;
}

/**
 * `<SiteApp history={{ kind: 'browser' }}>` for the browser's entry, without the server's
 * memory router in its code (the same tree, so hydration matches the server's render).
 */
export function BrowserSiteApp({ site, store, csrfToken }: BrowserSiteAppProps) {
  return <SiteFrame site={site} store={store} browser router={browserRouter} csrfToken={csrfToken} />;
}

function browserRouter(page: ReactNode, basename: string | undefined) {
  return <BrowserRouter basename={basename}>{page}</BrowserRouter>;
}
