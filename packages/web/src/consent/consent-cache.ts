/**
 * The cache headers of a page of a site that asks for consent. The page's HTML depends on the
 * consent cookie (popup or not, gated scripts or not), so:
 *
 * - `Vary: Cookie` on every such page, for caches that honour it;
 * - a page rendered for a visitor who has chosen is kept by no shared cache
 *   (`Surrogate-Control: no-store`, `Cache-Control: private`), so one visitor's choice (and
 *   the scripts it allows) never reaches another visitor, even through a cache that ignores
 *   `Vary`. Only the rendering without a choice (popup shown, gated scripts left out) is
 *   shared: served to anyone, it shows nothing they did not allow, and the page takes over
 *   the visitor's cookie once it runs.
 * - unless the cache in front keys pages by the consent choice (`keyedByConsent`: it said so
 *   in `Surrogate-Capability`, as deploy/varnish/canopy.vcl does): then a chosen rendering is
 *   kept like any other page, once per choice.
 *
 * @example
 * consentCacheHeaders({ 'Cache-Control': 'private', 'Surrogate-Control': 'max-age=3600' }, true);
 * // { 'Cache-Control': 'private', 'Surrogate-Control': 'no-store', Vary: 'Cookie' }
 */
export function consentCacheHeaders(
  headers: Readonly<Record<string, string>>,
  visitorHasChosen: boolean,
  keyedByConsent = false,
): Record<string, string> {
  const next: Record<string, string> = { ...headers };
  const vary = next.Vary ? next.Vary.split(',').map((part) => part.trim()) : [];
  if (!vary.some((part) => part.toLowerCase() === 'cookie' || part === '*')) vary.push('Cookie');
  next.Vary = vary.join(', ');
  if (!visitorHasChosen || keyedByConsent) return next;
  const cacheControl = next['Cache-Control'] ?? '';
  if (!/\b(no-store|private)\b/.test(cacheControl)) next['Cache-Control'] = 'private';
  next['Surrogate-Control'] = 'no-store';
  delete next['Surrogate-Key'];
  return next;
}
