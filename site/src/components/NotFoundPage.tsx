import { Link, type NotFoundProps, notFoundHeading } from '@canopy/web';
import { SearchForm } from './SearchForm.js';

/**
 * The site's page for 404s and errors: the framework's heading (status code, "Page Not
 * Found"), then help to carry on. The platform's error message is not shown to visitors.
 */
export function NotFoundPage({ statusCode }: NotFoundProps) {
  const serverError = statusCode >= 500;
  return (
    <div className="not-found">
      <header className="page-header">
        <h1>{notFoundHeading(statusCode)}</h1>
        <p className="lead">
          {serverError
            ? 'Something went wrong on our side. Please try again in a moment.'
            : 'The page may have moved, or the address may be mistyped.'}
        </p>
      </header>
      <SearchForm />
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
