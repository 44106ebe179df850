import { Fragment, type ReactNode } from 'react';

/**
 * Puts the app where `Document` puts it, as far as `useId` can tell. React derives an id from
 * the component's position among its siblings on the way down from the root; on the server
 * the app sits under `<html>`, whose two children (`<head>`, `<body>`) are a fork the browser's
 * root at `#root` never sees, so without this every id differed after hydration (labels and
 * `aria-*` references made in the browser pointed at ids the server had written differently).
 * The browser hydrates `#root` with the app as the second of two siblings, which is the same
 * position; a test renders both and compares the ids.
 *
 * @example
 * hydrateRoot(container, <DocumentPosition><SiteApp … /></DocumentPosition>);
 */
export function DocumentPosition({ children }: { children: ReactNode }) {
  // `<head>` stands first; `null` keeps its place without rendering anything.
  return [null, <Fragment key="body">{children}</Fragment>];
}
