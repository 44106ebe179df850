import { useDispatch, useSelector, useStore } from 'react-redux';
import type { SiteStore } from './store.js';
import type { SiteDispatch, SiteState } from './store-types.js';

/** `useSelector` typed for the site state. */
export const useSiteSelector = useSelector.withTypes<SiteState>();
/** `useDispatch` typed for the site store (thunks included). */
export const useSiteDispatch = useDispatch.withTypes<SiteDispatch>();
/** `useStore` typed for the site store. */
export const useSiteStore = useStore.withTypes<SiteStore>();
