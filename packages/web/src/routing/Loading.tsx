/**
 * The default loading component, shown in the browser while a page loads and there is no page
 * to keep on screen meanwhile (see `shownPageStore`).
 */
export function Loading() {
  return (
    <div className="canopy-loading" role="status" aria-live="polite">
      Loading…
    </div>
  );
}
