import { Link, type RouteComponentProps, selectUser, useSiteSelector } from '@canopy/web';
import { useText } from '../messages/words.js';
import { PageHeader } from './PageHeader.js';

/**
 * `/account/access-denied`: a signed-in visitor asked for a page their groups may not see. The
 * page is named by its title as the server found it, never by text from the address.
 */
export function AccessDeniedPage(_props: RouteComponentProps) {
  const text = useText();
  // A static route's English title in the page's words; a content page's title as it is.
  const named = useSiteSelector(selectUser).requestedPage?.title ?? null;
  const title = named ? text(named) : null;
  return (
    <div className="account-page">
      <PageHeader title={text('Access denied')} />
      <p>
        {title ? (
          <>
            {`${text('Your account does not give you access to')} `}
            <strong>{title}</strong>.
          </>
        ) : (
          text('Your account does not give you access to that page.')
        )}
        {` ${text('If you think it should, contact the person who manages your account.')}`}
      </p>
      <p>
        <Link to="/">{text('Go to the home page')}</Link>
      </p>
    </div>
  );
}
