import {
  ACCOUNT_PATHS,
  Link,
  type RouteComponentProps,
  safeRedirectTarget,
  selectUser,
  useAccountForm,
  useSearchParams,
  useSiteSelector,
} from '@canopy/web';
import { formProblems } from '../../content/account-messages.js';
import { useText } from '../../messages/words.js';
import { PageHeader } from '../PageHeader.js';
import { AccountForm, ErrorSummary, Field, FormSuccess } from './FormParts.js';

/** The password rules of the platform, said before anyone breaks them (a catalogue message). */
export const PASSWORD_HINT = 'At least 8 characters, and not the same as your username.';

/** The registration form's fields, in the order the error summary lists them. */
const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'username', 'password'];

/** `/account/register`: create an account; members get the Members group. */
export function RegisterPage(_props: RouteComponentProps) {
  const [searchParams] = useSearchParams();
  const user = useSiteSelector(selectUser);
  const text = useText();
  const { fieldErrors, values } = useAccountForm('register');
  const problems = formProblems(user.registration.error, fieldErrors, REGISTER_FIELDS, text);
  const redirect = safeRedirectTarget(searchParams.get('redirect_uri') ?? searchParams.get('redirect'), '');
  const signIn = redirect
    ? `${ACCOUNT_PATHS.login}?redirect_uri=${encodeURIComponent(redirect)}`
    : ACCOUNT_PATHS.login;

  if (user.registration.success) {
    return (
      <div className="account-page">
        <PageHeader title={text('Create an account')} />
        <FormSuccess>
          <p>
            {`${text('Your account is ready. We have sent a mail to')} `}
            <strong>{values.email ?? text('your email address')}</strong>:{' '}
            {text('open its link to confirm your address, then sign in.')}
          </p>
        </FormSuccess>
        <p>
          {`${text('No mail after a few minutes?')} `}
          <Link
            to={`${ACCOUNT_PATHS.verifyEmailPage}${values.email ? `?user=${encodeURIComponent(values.email)}` : ''}`}
          >
            {text('Send it again')}
          </Link>
          {`. ${text('Already confirmed?')} `}
          <Link to={signIn}>{text('Sign in')}</Link> {text('with the email address and password you chose.')}
        </p>
      </div>
    );
  }
  return (
    <div className="account-page">
      <PageHeader
        title={text('Create an account')}
        lead={text('Members can read the members’ pages of the website.')}
      />
      <ErrorSummary items={problems.summary} />
      <AccountForm
        path={ACCOUNT_PATHS.register}
        label={text('Create an account')}
        flow="register"
        submit={text('Create account')}
        busyLabel={text('Creating your account…')}
      >
        {redirect ? <input type="hidden" name="redirect_uri" value={redirect} /> : null}
        <Field
          name="firstName"
          label={text('First name')}
          autoComplete="given-name"
          error={problems.fields.firstName}
          defaultValue={values.firstName}
        />
        <Field
          name="lastName"
          label={text('Last name')}
          autoComplete="family-name"
          error={problems.fields.lastName}
          defaultValue={values.lastName}
        />
        <Field
          name="email"
          label={text('Email address')}
          type="email"
          autoComplete="email"
          error={problems.fields.email}
          defaultValue={values.email}
        />
        <Field
          name="username"
          label={text('Username')}
          autoComplete="username"
          hint={text('Leave it empty to sign in with your email address.')}
          required={false}
          error={problems.fields.username}
          defaultValue={values.username}
        />
        <Field
          name="password"
          label={text('Password')}
          type="password"
          autoComplete="new-password"
          hint={text(PASSWORD_HINT)}
          error={problems.fields.password}
        />
      </AccountForm>
      <p>
        {`${text('Already registered?')} `}
        <Link to={signIn}>{text('Sign in')}</Link>
      </p>
    </div>
  );
}
