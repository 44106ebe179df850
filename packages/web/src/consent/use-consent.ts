import { useHref, useLocation } from 'react-router';
import { useSite } from '../site/site-context.js';
import { useSiteDispatch, useSiteSelector } from '../state/hooks.js';
import type { SiteState } from '../state/store-types.js';
import type { ConsentCategory, ConsentConfig } from './consent-config.js';
import { CONSENT_QUERY, CONSENT_QUERY_PANEL } from './consent-paths.js';
import type { ConsentCategoryId } from './consent-record.js';
import type { ConsentEvent } from './consent-transitions.js';

/** The site's consent configuration; throws when the site has none (a programming error). */
export function useConsentConfig(): ConsentConfig {
  const config = useSite().consent;
  if (!config) throw new Error('Consent components need `consent` in the site definition');
  return config;
}

/**
 * Whether the visitor allows `category` (required categories always are).
 *
 * @example
 * const mayTrack = useConsentAllows('analytics');
 */
export function useConsentAllows(category: ConsentCategoryId): boolean {
  const config = useSite().consent;
  const stored = useSiteSelector((state: SiteState) => state.consent.stored?.[category] === true);
  return stored || (config?.categories.some((c) => c.id === category && c.required) ?? false);
}

/**
 * A function that applies a consent event (Accept all, Customise, save, …). The consent logic
 * is fetched with the first event, not with every page: the overlays that show a choice load
 * it after hydration anyway, so by the time a visitor clicks it is usually there already.
 */
export function useConsentDispatch(): (event: ConsentEvent) => void {
  const dispatch = useSiteDispatch();
  return (event) => {
    void import('./consent-actions.js').then(({ applyConsent }) => dispatch(applyConsent(event)));
  };
}

/** The category of the configuration with this id. */
export function categoryOf(config: ConsentConfig, id: string): ConsentCategory | undefined {
  return config.categories.find((category) => category.id === id);
}

/** The current address without `?consent=preferences`: where a consent form returns to. */
export function useReturnPath(): string {
  return useAddressWith((params) => params.delete(CONSENT_QUERY));
}

/** The current address with `?consent=preferences` (the panel, without JavaScript). */
export function usePanelHref(): string {
  return useAddressWith((params) => params.set(CONSENT_QUERY, CONSENT_QUERY_PANEL));
}

/** The current address with its query changed, under the page's language prefix if it has one. */
function useAddressWith(change: (params: URLSearchParams) => void): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  change(params);
  const query = params.toString();
  return useHref({ pathname, search: query && `?${query}` });
}
