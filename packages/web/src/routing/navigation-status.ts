import type { SiteStore } from '../state/store.js';

/** The progress indicator's class: the site styles it (it shows while `data-loading` is set). */
export const PROGRESS_CLASS = 'canopy-progress';

/** The id of the route announcer, the live region that reads out each new page's title. */
export const ANNOUNCER_ID = 'canopy-route-announcer';

/** Hidden from view but read by screen readers (the usual visually-hidden rules). */
const VISUALLY_HIDDEN: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: '0',
};

/**
 * Adds what client navigation tells the visitor to the document, outside the React root (they
 * are not part of any page, and need no code in the page's first load):
 *
 * - a progress indicator, `<div class="canopy-progress" aria-hidden="true">`, that carries
 *   `data-loading` while the store's routing state is loading a page (`isLoading`); the site's
 *   style decides how it looks and that it appears only after a moment (so quick navigations
 *   show nothing);
 * - a route announcer, a visually hidden polite live region that {@link announcePage} fills
 *   with each new page's title. A live region must exist before its text changes for screen
 *   readers to read the change, so it is added now, long before the first navigation.
 *
 * Returns a function that removes both.
 */
export function startNavigationStatus(store: SiteStore, doc: Document = document): () => void {
  const bar = doc.createElement('div');
  bar.className = PROGRESS_CLASS;
  bar.setAttribute('aria-hidden', 'true');
  const announcer = doc.createElement('div');
  announcer.id = ANNOUNCER_ID;
  announcer.setAttribute('aria-live', 'polite');
  announcer.setAttribute('aria-atomic', 'true');
  Object.assign(announcer.style, VISUALLY_HIDDEN);
  doc.body.append(bar, announcer);
  const update = () => {
    const loading = store.getState().routing.isLoading;
    if (bar.hasAttribute('data-loading') !== loading) bar.toggleAttribute('data-loading', loading);
  };
  update();
  const stop = store.subscribe(update);
  return () => {
    stop();
    bar.remove();
    announcer.remove();
  };
}

/** Tells screen readers the title of the page now shown (through the route announcer). */
export function announcePage(doc: Document = document): void {
  const announcer = doc.getElementById(ANNOUNCER_ID);
  if (!announcer) return;
  const heading = doc.querySelector('main h1') ?? doc.querySelector('h1');
  announcer.textContent = doc.title || heading?.textContent?.trim() || '';
}
