import { Suspense, useEffect, useMemo } from 'react';
import { lazyComponent } from '../routing/lazy-component.js';
import { useSiteDispatch, useSiteSelector, useSiteStore } from '../state/hooks.js';
import type { SiteState } from '../state/store-types.js';
import { ConsentPopup } from './ConsentPopup.js';
import { applyConsent, settingsOf } from './consent-actions.js';
import type { ConsentConfig } from './consent-config.js';
import { withCategoryTexts } from './consent-content.js';
import { cookieValue, decodeConsent, sameConsent } from './consent-record.js';
import { panelChoices, popupVisible } from './consent-transitions.js';
import { CONSENT_POLL_MS, type ConsentOverlaysProps } from './overlay-props.js';

/**
 * The preferences panel: its code loads when it is first opened (or, for a page rendered with
 * it open, before the render and before hydration), since most visits never open it.
 */
export const ConsentPanel = lazyComponent(() =>
  import('./ConsentPanel.js').then((module) => module.ConsentPanel),
);

/**
 * The consent overlays' code (loaded apart from the first load; the framework renders them
 * through `ConsentOverlays` of lazy-overlays.tsx): the popup or the panel as the state says,
 * the watch on the cookie for choices made in another tab, and outbound-link tracking once
 * analytics is allowed.
 */
export function ConsentOverlays({ config }: ConsentOverlaysProps) {
  const consent = useSiteSelector((state: SiteState) => state.consent);
  const { required } = settingsOf(config);
  useCookieWatch(config);
  useOutboundLinks(config, consent.stored?.analytics === true);
  // Wording editors keep on the platform, over the site's own (see `consent.contentTypeId`).
  const texts = consent.categories;
  const shown = useMemo(
    () => (texts ? { ...config, categories: withCategoryTexts(config.categories, texts) } : config),
    [config, texts],
  );
  if (consent.panelOpen) {
    return (
      <Suspense fallback={null}>
        <ConsentPanel config={shown} initial={panelChoices(consent, required)} />
      </Suspense>
    );
  }
  return popupVisible(consent) ? <ConsentPopup message={consent.message} /> : null;
}

/** Polls the consent cookie and takes over changes made elsewhere (another tab, a stale page). */
function useCookieWatch(config: ConsentConfig): void {
  const store = useSiteStore();
  const dispatch = useSiteDispatch();
  useEffect(() => {
    const { cookieName } = settingsOf(config);
    let last: string | null | undefined;
    const check = () => {
      const raw = cookieValue(document.cookie, cookieName);
      if (raw === last) return;
      last = raw;
      const stored = decodeConsent(raw);
      if (!sameConsent(stored, store.getState().consent.stored)) {
        dispatch(applyConsent({ type: 'cookieChanged', stored }));
      }
    };
    check();
    const timer = window.setInterval(check, CONSENT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [config, store, dispatch]);
}

/** With analytics allowed, external links wait for the analytics callback (at most 250 ms). */
function useOutboundLinks(config: ConsentConfig, allowed: boolean): void {
  const track = config.trackOutboundLink;
  useEffect(() => {
    if (!allowed || !track) return;
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    // Its code is needed only once analytics is allowed.
    void import('./outbound-links.js').then(({ outboundHref, trackThenNavigate }) => {
      if (stopped) return;
      const onClick = (event: MouseEvent) => {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const link = (event.target as Element | null)?.closest?.('a');
        if (!link || link.hasAttribute('download')) return;
        const href = outboundHref(link.getAttribute('href'), window.location.origin);
        if (!href) return;
        if (link.target && link.target !== '_self') {
          // A new tab leaves this page running: record the click, nothing to wait for.
          Promise.resolve()
            .then(() => track(href))
            .catch(() => undefined);
          return;
        }
        event.preventDefault();
        trackThenNavigate(href, track, (url) => window.location.assign(url));
      };
      document.addEventListener('click', onClick);
      stop = () => document.removeEventListener('click', onClick);
    });
    return () => stop();
  }, [allowed, track]);
}
