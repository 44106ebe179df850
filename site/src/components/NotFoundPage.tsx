import { Link, type NotFoundProps } from '@canopy/web';
import { errorHeading } from '../content/error-page.js';
import { useText } from '../messages/words.js';
import { SearchForm } from './SearchForm.js';

/**
 * The site's page for 404s and errors: a plain heading that says what happened (no status
 * code: `Page not found`, `Sorry, this page is not available right now`; on a Welsh page its
 * Welsh words), what to do next, then help to carry on. The framework's `404 Page Not Found`
 * stays in code and state only; the platform's error message is not shown to visitors.
 */
export function NotFoundPage({ statusCode }: NotFoundProps) {
  const text = useText();
  return (
    <div className="not-found">
      <header className="page-header">
        {/* The page's <title> says the same heading (seo.ts). */}
        <h1>{text(errorHeading(statusCode))}</h1>
        <p className="lead">{text(explanation(statusCode))}</p>
      </header>
      <SearchForm />
      <p>
        <Link to="/">{text('Go to the home page')}</Link>
      </p>
    </div>
  );
}

/** What to do next, in the visitor's words (in English: `useText` gives the page's language's). */
function explanation(statusCode: number): string {
  if (statusCode === 503) return 'Try again in a few minutes.';
  if (statusCode >= 500) return 'Something went wrong on our side. Try again later.';
  if (statusCode === 405) return 'Open it from a link, or type its address into your browser.';
  if (statusCode === 400)
    return 'It may have been cut short or mistyped. Check the address, or search for the page.';
  return 'If you typed the address, check it is correct. The page may also have moved: try searching for it.';
}
