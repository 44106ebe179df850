/** Longest wait for the analytics callback before an outbound link is followed (website spec §9). */
export const OUTBOUND_LINK_TIMEOUT_MS = 250;

/**
 * The address an anchor's `href` leads to when it leaves the site (http or https on another
 * origin), else `null` (same site, `mailto:`, `tel:`, fragments, unparsable).
 *
 * @example
 * outboundHref('https://www.openstreetmap.org/', 'https://www.aberwen.ac.uk'); // 'https://www.openstreetmap.org/'
 * outboundHref('/courses', 'https://www.aberwen.ac.uk'); // null
 */
export function outboundHref(href: string | null | undefined, origin: string): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === origin ? null : url.href;
}

/** Timers of {@link trackThenNavigate} (the global ones by default; tests pass their own). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `track(href)` and then `navigate(href)` once: when `track` returns (or its promise
 * settles, or it throws), or after `timeoutMs`, whichever comes first. A slow or broken
 * analytics service never holds a visitor back for longer than that.
 *
 * @example
 * trackThenNavigate(href, (url) => analytics.outbound(url), (url) => window.location.assign(url));
 */
export function trackThenNavigate(
  href: string,
  track: (href: string) => void | Promise<void>,
  navigate: (href: string) => void,
  timeoutMs: number = OUTBOUND_LINK_TIMEOUT_MS,
  timers: Timers = globalTimers,
): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    timers.clearTimeout(handle);
    navigate(href);
  };
  const handle = timers.setTimeout(go, timeoutMs);
  let result: void | Promise<void>;
  try {
    result = track(href);
  } catch {
    go();
    return;
  }
  if (result && typeof (result as Promise<void>).then === 'function') {
    (result as Promise<void>).then(go, go);
  } else {
    go();
  }
}
