import {
  ACCOUNT_PATHS,
  afterSignInTarget,
  Link,
  type RouteComponentProps,
  selectUser,
  useAccountForm,
  useSearchParams,
  useSiteSelector,
} from '@canopy/web';
import { formProblems } from '../content/account-messages.js';
import { inLanguageTree } from '../content/language-tree.js';
import { useText } from '../messages/words.js';
import { AccountForm, ErrorSummary, Field, FormSuccess } from './account/FormParts.js';
import { PageHeader } from './PageHeader.js';

/**
 * `/account/login`, where pages for members and staff send visitors who are not signed in.
 * The form posts to the site server, which signs the visitor in against the platform and
 * returns them to the page that asked (a path of this site only).
 */
export function SignInPage(_props: RouteComponentProps) {
  const [searchParams] = useSearchParams();
  const user = useSiteSelector(selectUser);
  const text = useText();
  const basePath = useSiteSelector((state) => state.routing.basePath ?? '');
  const { fieldErrors, values } = useAccountForm('login');
  const problems = formProblems(
    user.authenticationState.errorMessage,
    fieldErrors,
    ['username', 'password'],
    text,
  );
  const target = afterSignInTarget({
    ReturnURL: searchParams.get('ReturnURL') ?? undefined,
    redirect_uri: searchParams.get('redirect_uri') ?? undefined,
    redirect: searchParams.get('redirect') ?? undefined,
  });
  const requested = target === '/' ? null : target;
  // The server's name for the page (never text from the address); a static route's title is the
  // site's English one, which the page's words turn into its language (content titles already are).
  const named = requested ? (user.requestedPage?.title ?? null) : null;
  const pageTitle = named ? text(named) : null;
  const registerLink = requested
    ? `${ACCOUNT_PATHS.register}?redirect_uri=${encodeURIComponent(requested)}`
    : ACCOUNT_PATHS.register;
  const federatedLink = `${basePath}${ACCOUNT_PATHS.federatedLogin}${
    requested ? `?redirect_uri=${encodeURIComponent(requested)}` : ''
  }`;

  if (user.authenticationState.isAuthenticated) {
    return (
      <div className="account-page">
        <PageHeader title={text('Sign in')} />
        <p>
          {text('You are signed in as')} {user.name ?? user.username}.
        </p>
        <p>
          {/* The return address is the whole path (`/cy/…` on a Welsh page); links add the prefix. */}
          <Link to={requested ? inLanguageTree(requested, basePath) : '/'}>
            {!requested
              ? text('Go to the home page')
              : pageTitle
                ? `${text('Continue to')} ${pageTitle}`
                : text('Continue to the page you asked for')}
          </Link>
          {' · '}
          <Link to={ACCOUNT_PATHS.account}>{text('Your account')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="account-page">
      <PageHeader
        title={text('Sign in')}
        lead={text('Some pages are only for members of the university and its alumni.')}
      />
      <ErrorSummary items={problems.summary} />
      {requested ? (
        <p>
          {/* Neutral words: the header links here from public pages too. A whole sentence without
              a title, as Welsh joins "to" and "the" (i’r dudalen). */}
          {pageTitle ? (
            <>
              {`${text('Sign in to continue to')} `}
              <strong>{pageTitle}</strong>.
            </>
          ) : (
            text('Sign in to continue to the page you asked for.')
          )}
        </p>
      ) : null}
      {user.verifyEmail.sent ? (
        <FormSuccess>
          <p>{text('Your email address is confirmed. Sign in to continue.')}</p>
        </FormSuccess>
      ) : null}
      {user.registration.success ? (
        <FormSuccess>
          <p>
            {text(
              'Your account is ready. Open the link in the mail we sent you to confirm your email address, then sign in.',
            )}
          </p>
        </FormSuccess>
      ) : null}
      <AccountForm
        path={ACCOUNT_PATHS.login}
        label={text('Sign in')}
        flow="login"
        submit={text('Sign in')}
        busyLabel={text('Signing in…')}
      >
        {requested ? <input type="hidden" name="redirect_uri" value={requested} /> : null}
        <Field
          name="username"
          label={text('Username or email address')}
          autoComplete="username"
          error={problems.fields.username}
          defaultValue={values.username}
        />
        <Field
          name="password"
          label={text('Password')}
          type="password"
          autoComplete="current-password"
          error={problems.fields.password}
        />
      </AccountForm>
      {/* Only where the platform sends visitors back to this host after signing in. */}
      {user.federatedSignIn ? (
        <p className="account-federated">
          {`${text('Staff and editors can also')} `}
          {/* A plain link: the site server sends the visitor on to the platform's sign-in page. */}
          <a href={federatedLink}>{text('sign in with the Canopy platform')}</a>.
        </p>
      ) : null}
      <ul className="account-links">
        <li>
          <Link to={ACCOUNT_PATHS.forgotPassword}>{text('Forgotten your password?')}</Link>
        </li>
        <li>
          <Link to={registerLink}>{text('Create an account')}</Link>
        </li>
        <li>
          <Link to={ACCOUNT_PATHS.verifyEmailPage}>{text('Registered, but no confirmation mail?')}</Link>
        </li>
      </ul>
    </div>
  );
}
