import {
  ACCOUNT_PATHS,
  Link,
  type RouteComponentProps,
  selectUser,
  useAccountForm,
  useSiteSelector,
} from '@canopy/web';
import { formProblems } from '../../content/account-messages.js';
import { useText } from '../../messages/words.js';
import { PageHeader } from '../PageHeader.js';
import { AccountForm, ErrorSummary, Field, FormSuccess } from './FormParts.js';

/** `/account/forgot-password`: ask for a reset link by email. */
export function ForgotPasswordPage(_props: RouteComponentProps) {
  const user = useSiteSelector(selectUser);
  const text = useText();
  const { fieldErrors, values } = useAccountForm('passwordResetRequest');
  const { sent, error } = user.passwordResetRequest;
  const problems = formProblems(error, fieldErrors, ['userEmail'], text);
  return (
    <div className="account-page">
      <PageHeader
        title={text('Forgotten your password?')}
        lead={text('We will email you a link to choose a new one.')}
      />
      {sent ? (
        <FormSuccess>
          <p>
            {text(
              'If an account uses that address, we have sent it a link to reset the password. The link works for one hour.',
            )}
          </p>
        </FormSuccess>
      ) : null}
      <ErrorSummary items={problems.summary} />
      <AccountForm
        path={ACCOUNT_PATHS.resetRequest}
        label={text('Request a password reset')}
        flow="passwordResetRequest"
        submit={sent ? text('Send the link again') : text('Send the link')}
        busyLabel={text('Sending the link…')}
      >
        <Field
          name="userEmail"
          label={text('Email address')}
          type="email"
          autoComplete="email"
          error={problems.fields.userEmail}
          defaultValue={values.userEmail}
        />
      </AccountForm>
      <p>
        <Link to={ACCOUNT_PATHS.login}>{text('Back to sign in')}</Link>
      </p>
    </div>
  );
}
