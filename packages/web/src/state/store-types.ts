// The store's types in one place. SiteState is a plain shape (site-state.ts); the dispatch and
// thunk types live with the site definition because they are mutually recursive with it: a
// thunk gets the services, the services hold the site, and the site's loaders get the dispatch.

export type { SiteDispatch, SiteThunk } from '../site/site-definition.js';
export type { SiteState } from './site-state.js';
