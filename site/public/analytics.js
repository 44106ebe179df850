/*
 * Aberwen analytics: the demo's stand-in for a third-party analytics service. It only runs
 * once a visitor allows analytics cookies (the site gates it with <ConsentGate>). It keeps a
 * first-party visitor cookie and records page views and outbound clicks in memory
 * (window.aberwenAnalytics.events); a real service would send them to its collector.
 */
(() => {
  const COOKIE = 'aw_visitor';
  const YEAR = 365 * 24 * 60 * 60;
  const existing = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  const visitor = existing ? existing.slice(COOKIE.length + 1) : Math.random().toString(36).slice(2, 12);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a third-party-style script sets its cookie this way; the Cookie Store API is not everywhere
  document.cookie = `${COOKIE}=${visitor}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;

  const events = [];
  const record = (type, data) => events.push({ type, visitor, at: Date.now(), ...data });
  record('pageview', { path: window.location.pathname });

  window.aberwenAnalytics = {
    events,
    visitor,
    /** Records a click on a link to another site and calls `done` once it is recorded. */
    trackOutbound(href, done) {
      record('outbound', { href });
      // A real service would call back once its beacon was sent; here the record is instant.
      setTimeout(done, 0);
    },
  };
})();
