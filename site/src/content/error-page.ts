/**
 * The heading of the demo's error page for a status, in plain words and without the status
 * code, as the GOV.UK design system writes error pages: `Page not found`, `Sorry, this page
 * is not available right now`. Each is an English message of the catalogue (`error.title.*`),
 * so a Welsh page shows its Welsh words for it. The page's `<title>` says the same (seo.ts).
 * The framework's own heading (`notFoundHeading`, `404 Page Not Found`) stays what code, state
 * and logs read; visitors never see it on the demo.
 *
 * @example
 * errorHeading(404); // 'Page not found'
 * errorHeading(503); // 'Sorry, this page is not available right now'
 */
export function errorHeading(statusCode: number | null | undefined): string {
  if (statusCode === 503) return 'Sorry, this page is not available right now';
  if (statusCode && statusCode >= 500) return 'Sorry, there is a problem with this page';
  if (statusCode === 405) return 'This page cannot be used that way';
  if (statusCode === 400) return 'The address is not valid';
  // 404, no status at all, and any other client error: the page is not there for this visitor.
  return 'Page not found';
}
