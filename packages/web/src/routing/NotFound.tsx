import type { NotFoundProps } from '../site/site-definition.js';
import { notFoundHeading } from './not-found.js';

/**
 * The default not-found (and error) component: the status code or 404, 'Page Not Found', and
 * the optional status text (website spec §2). Sites replace it with `notFound`.
 */
export function NotFound({ statusCode, statusText }: NotFoundProps) {
  return (
    <header className="canopy-not-found">
      <h1>{notFoundHeading(statusCode)}</h1>
      {statusText ? <h2>{statusText}</h2> : null}
    </header>
  );
}
