import { Link, type NotFoundProps, notFoundHeading } from '@canopy/web';
import { useText } from '../messages/words.js';
import { SearchForm } from './SearchForm.js';

/**
 * The site's page for 404s and errors: the framework's heading (status code, "Page Not
 * Found"; on a Welsh page its Welsh words), then help to carry on. The platform's error message is not shown to visitors.
 */
export function NotFoundPage({ statusCode }: NotFoundProps) {
  const text = useText();
  return (
    <div className="not-found">
      <header className="page-header">
        {/* The framework's heading, in the page's words where the catalogue has it (error.title.*). */}
        <h1>{text(notFoundHeading(statusCode))}</h1>
        <p className="lead">{text(explanation(statusCode))}</p>
      </header>
      <SearchForm />
      <p>
        <Link to="/">{text('Go to the home page')}</Link>
      </p>
    </div>
  );
}

/** What went wrong, in the visitor's words (in English: `useText` gives the page's language's). */
function explanation(statusCode: number): string {
  if (statusCode === 503) return 'We cannot load this page right now. Please try again in a minute or two.';
  if (statusCode >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  if (statusCode === 405) return 'This page cannot be used that way. Open it from a link or the address bar.';
  if (statusCode === 400) return 'This address is not valid. It may have been cut short or mistyped.';
  return 'The page may have moved, or the address may be mistyped.';
}
