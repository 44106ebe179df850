import { Link, type RouteComponentProps, useSearchParams } from '@canopy/web';
import { localPath } from '../content/local-path.js';
import { PageHeader } from './PageHeader.js';

/**
 * `/account/login`, where pages for members and staff send visitors who are not signed in.
 * Signing in arrives with accounts; until then the page says so, and which page asked.
 */
export function SignInPage(_props: RouteComponentProps) {
  const [searchParams] = useSearchParams();
  const requested = localPath(searchParams.get('redirect_uri'));
  return (
    <div className="account-page">
      <PageHeader title="Sign in" lead="Some pages are only for members of the university and its alumni." />
      {requested ? (
        <p>
          You need to sign in to see <code>{requested}</code>.
        </p>
      ) : null}
      <p className="notice" role="status">
        Signing in is not available on this website yet.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
