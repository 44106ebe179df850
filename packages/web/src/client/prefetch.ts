import type { RoutingLocation } from '../state/routing-slice.js';

/** How long the pointer rests on a link before its page is prefetched (a pass over it is not intent). */
export const HOVER_DELAY_MS = 60;

/** How long a prefetched address is not prefetched again (its answers are cached meanwhile). */
export const PREFETCH_REPEAT_MS = 10_000;

/** The connection as `navigator.connection` describes it, where browsers tell. */
interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether prefetching is worth it on this connection: not when the visitor asked to save data,
 * nor on a 2G-class connection, where a guess at the next page would compete with this one.
 *
 * @example
 * prefetchAllowed({ saveData: true }); // false
 */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * The site address a link leads to, when prefetching it makes sense: a link of this origin,
 * opened in this tab, not a download, not marked `data-prefetch="false"` or `rel="external"`,
 * outside the server's own paths (`/static/`, `/api/`, `/__…`), and not the page already shown
 * (a link to a hash of it only scrolls).
 *
 * @example
 * prefetchTarget(link, new URL('https://www.example.org/')); // { pathname: '/about', search: '', hash: '' }
 */
export function prefetchTarget(link: HTMLAnchorElement, current: URL): RoutingLocation | null {
  const href = link.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  if (link.dataset.prefetch === 'false' || /\bexternal\b/i.test(link.rel)) return null;
  let url: URL;
  try {
    url = new URL(href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  if (/^\/(static|api|__)/.test(url.pathname)) return null;
  // The same page with another query (a search's filters, a listing's next page): that route
  // runs its own search when the visitor acts, so prefetching would search twice.
  if (url.pathname === current.pathname) return null;
  return { pathname: url.pathname, search: url.search, hash: '' };
}

/** Options of {@link watchLinksForPrefetch}. */
export interface PrefetchWatchOptions {
  /** Fills the caches for a location (errors are the caller's). */
  prefetch(location: RoutingLocation): void;
  /** Whether the connection allows it at the moment (checked at each intent). */
  allowed(): boolean;
  /** The clock (tests). */
  now?: () => number;
}

/**
 * Prefetches the page of an internal link as soon as the visitor shows intent: the pointer
 * resting on it for {@link HOVER_DELAY_MS}, keyboard focus, or a touch starting on it, so the
 * click that follows finds the page's data and code loaded. One listener per event on the
 * document covers links rendered later too. Returns a function that stops watching.
 *
 * Links are not prefetched as they scroll into view: a listing of a hundred pages would fetch
 * a hundred pages nobody asked for.
 */
export function watchLinksForPrefetch(document: Document, options: PrefetchWatchOptions): () => void {
  const now = options.now ?? Date.now;
  const recent = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: HTMLAnchorElement | null = null;

  const intent = (event: Event, delay: number) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || (timer && link === pending) || !options.allowed()) return;
    const target = prefetchTarget(link, new URL(document.location.href));
    if (!target) return;
    const key = `${target.pathname}${target.search}`;
    const at = recent.get(key);
    if (at !== undefined && now() - at < PREFETCH_REPEAT_MS) return;
    const start = () => {
      timer = null;
      pending = null;
      recent.set(key, now());
      if (recent.size > 200) recent.delete(recent.keys().next().value as string);
      options.prefetch(target);
    };
    if (timer) clearTimeout(timer);
    timer = null;
    if (delay > 0) {
      pending = link;
      timer = setTimeout(start, delay);
    } else start();
  };
  const onOver = (event: Event) => {
    if ((event as PointerEvent).pointerType === 'mouse' || (event as PointerEvent).pointerType === 'pen')
      intent(event, HOVER_DELAY_MS);
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  // Moving between the parts of a link is not leaving it.
  const onOut = (event: Event) => {
    const to = (event as PointerEvent).relatedTarget as Node | null;
    if (pending && to && pending.contains(to)) return;
    cancel();
  };
  const onFocus = (event: Event) => intent(event, 0);
  const onTouch = (event: Event) => intent(event, 0);
  document.addEventListener('pointerover', onOver);
  document.addEventListener('pointerout', onOut);
  document.addEventListener('focusin', onFocus);
  document.addEventListener('touchstart', onTouch, { passive: true });
  return () => {
    cancel();
    document.removeEventListener('pointerover', onOver);
    document.removeEventListener('pointerout', onOut);
    document.removeEventListener('focusin', onFocus);
    document.removeEventListener('touchstart', onTouch);
  };
}
