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
  const { fieldErrors, values } = useAccountForm('login');
  const problems = formProblems(user.authenticationState.errorMessage, fieldErrors, ['username', 'password']);
  const target = afterSignInTarget({
    ReturnURL: searchParams.get('ReturnURL') ?? undefined,
    redirect_uri: searchParams.get('redirect_uri') ?? undefined,
    redirect: searchParams.get('redirect') ?? undefined,
  });
  const requested = target === '/' ? null : target;
  // The server's name for the page (never text from the address).
  const pageTitle = requested ? (user.requestedPage?.title ?? null) : null;
  const registerLink = requested
    ? `${ACCOUNT_PATHS.register}?redirect_uri=${encodeURIComponent(requested)}`
    : ACCOUNT_PATHS.register;
  const federatedLink = requested
    ? `${ACCOUNT_PATHS.federatedLogin}?redirect_uri=${encodeURIComponent(requested)}`
    : ACCOUNT_PATHS.federatedLogin;

  if (user.authenticationState.isAuthenticated) {
    return (
      <div className="account-page">
        <PageHeader title="Sign in" />
        <p>You are signed in as {user.name ?? user.username}.</p>
        <p>
          <Link to={requested ?? '/'}>
            {requested ? `Continue to ${pageTitle ?? 'the page you asked for'}` : 'Go to the home page'}
          </Link>
          {' · '}
          <Link to={ACCOUNT_PATHS.account}>Your account</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="account-page">
      <PageHeader title="Sign in" lead="Some pages are only for members of the university and its alumni." />
      <ErrorSummary items={problems.summary} />
      {requested ? (
        <p>
          {/* Neutral words: the header links here from public pages too. */}
          Sign in to continue to {pageTitle ? <strong>{pageTitle}</strong> : 'the page you asked for'}.
        </p>
      ) : null}
      {user.verifyEmail.sent ? (
        <FormSuccess>
          <p>Your email address is confirmed. Sign in to continue.</p>
        </FormSuccess>
      ) : null}
      {user.registration.success ? (
        <FormSuccess>
          <p>
            Your account is ready. Open the link in the mail we sent you to confirm your email address, then
            sign in.
          </p>
        </FormSuccess>
      ) : null}
      <AccountForm
        action={ACCOUNT_PATHS.login}
        label="Sign in"
        flow="login"
        submit="Sign in"
        busyLabel="Signing in…"
      >
        {requested ? <input type="hidden" name="redirect_uri" value={requested} /> : null}
        <Field
          name="username"
          label="Username or email address"
          autoComplete="username"
          error={problems.fields.username}
          defaultValue={values.username}
        />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={problems.fields.password}
        />
      </AccountForm>
      {/* Only where the platform sends visitors back to this host after signing in. */}
      {user.federatedSignIn ? (
        <p className="account-federated">
          Staff and editors can also{' '}
          {/* A plain link: the site server sends the visitor on to the platform's sign-in page. */}
          <a href={federatedLink}>sign in with the Canopy platform</a>.
        </p>
      ) : null}
      <ul className="account-links">
        <li>
          <Link to={ACCOUNT_PATHS.forgotPassword}>Forgotten your password?</Link>
        </li>
        <li>
          <Link to={registerLink}>Create an account</Link>
        </li>
        <li>
          <Link to={ACCOUNT_PATHS.verifyEmailPage}>Registered, but no confirmation mail?</Link>
        </li>
      </ul>
    </div>
  );
}
