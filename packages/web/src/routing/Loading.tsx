/** The default loading component, shown in the browser while a page loads. */
export function Loading() {
  return (
    <div className="canopy-loading" role="status" aria-live="polite">
      Loading…
    </div>
  );
}
