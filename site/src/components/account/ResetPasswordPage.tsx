import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  Link,
  type RouteComponentProps,
  selectUser,
  useAccountForm,
  useSearchParams,
  useSiteSelector,
} from '@canopy/web';
import { formProblems } from '../../content/account-messages.js';
import { useText } from '../../messages/words.js';
import { PageHeader } from '../PageHeader.js';
import { AccountForm, ErrorSummary, Field, FormSuccess } from './FormParts.js';
import { PASSWORD_HINT } from './RegisterPage.js';

/** `/account/reset-password?token=…`: the page of the link in the reset mail. */
export function ResetPasswordPage(_props: RouteComponentProps) {
  const [searchParams] = useSearchParams();
  const user = useSiteSelector(selectUser);
  const text = useText();
  const { fieldErrors } = useAccountForm('resetPassword');
  const token = searchParams.get('token');
  const { sent, error } = user.resetPassword;
  const problems = formProblems(error, fieldErrors, ['password'], text);
  const title = text('Choose a new password');

  if (sent) {
    return (
      <div className="account-page">
        <PageHeader title={title} />
        <FormSuccess>
          <p>{text('Your password has been changed.')}</p>
        </FormSuccess>
        <p>
          <Link to={ACCOUNT_PATHS.login}>{text('Sign in')}</Link>
          {` ${text('with your new password.')}`}
        </p>
      </div>
    );
  }
  // A used or expired link says so at once (the server checked it before the page), and the
  // form stays away: a new password typed there could not be saved.
  if (token && error === ACCOUNT_MESSAGES.resetLinkInvalid) {
    return (
      <div className="account-page">
        <PageHeader title={title} />
        <ErrorSummary items={problems.summary} />
        <p>{text('Each link in a password reset email works once, for an hour.')}</p>
        <p>
          <Link className="button" to={ACCOUNT_PATHS.forgotPassword}>
            {text('Send me a new link')}
          </Link>
        </p>
      </div>
    );
  }
  if (!token) {
    return (
      <div className="account-page">
        <PageHeader title={title} />
        <ErrorSummary items={problems.summary} />
        <p>
          {`${text('Open this page from the link in your password reset email. No email?')} `}
          <Link to={ACCOUNT_PATHS.forgotPassword}>{text('Ask for a new link')}</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="account-page">
      <PageHeader title={title} />
      <ErrorSummary items={problems.summary} />
      <AccountForm
        path={ACCOUNT_PATHS.resetPassword}
        label={title}
        flow="resetPassword"
        submit={text('Change password')}
        busyLabel={text('Changing your password…')}
      >
        <input type="hidden" name="token" value={token} />
        <Field
          name="password"
          label={text('New password')}
          type="password"
          autoComplete="new-password"
          hint={text(PASSWORD_HINT)}
          error={problems.fields.password}
        />
      </AccountForm>
      <p>
        {`${text('Link expired?')} `}
        <Link to={ACCOUNT_PATHS.forgotPassword}>{text('Ask for a new one')}</Link>.
      </p>
    </div>
  );
}
