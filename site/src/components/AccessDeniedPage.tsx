import { Link, type RouteComponentProps, useSearchParams } from '@canopy/web';
import { localPath } from '../content/local-path.js';
import { PageHeader } from './PageHeader.js';

/** `/account/access-denied`: a signed-in visitor asked for a page their groups may not see. */
export function AccessDeniedPage(_props: RouteComponentProps) {
  const [searchParams] = useSearchParams();
  const requested = localPath(searchParams.get('original_uri'));
  return (
    <div className="account-page">
      <PageHeader title="Access denied" />
      <p>
        {requested ? (
          <>
            Your account does not give you access to <code>{requested}</code>.
          </>
        ) : (
          'Your account does not give you access to that page.'
        )}{' '}
        If you think it should, contact the person who manages your account.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
