import {
  ACCOUNT_PATHS,
  Link,
  type RouteComponentProps,
  selectUser,
  useAccountForm,
  useSiteSelector,
} from '@canopy/web';
import { formProblems } from '../../content/account-messages.js';
import { PageHeader } from '../PageHeader.js';
import { AccountForm, ErrorSummary, Field, FormSuccess } from './FormParts.js';

/** `/account/forgot-password`: ask for a reset link by email. */
export function ForgotPasswordPage(_props: RouteComponentProps) {
  const user = useSiteSelector(selectUser);
  const { fieldErrors, values } = useAccountForm('passwordResetRequest');
  const { sent, error } = user.passwordResetRequest;
  const problems = formProblems(error, fieldErrors, ['userEmail']);
  return (
    <div className="account-page">
      <PageHeader title="Forgotten your password?" lead="We will email you a link to choose a new one." />
      {sent ? (
        <FormSuccess>
          <p>
            If an account uses that address, we have sent it a link to reset the password. The link works for
            one hour.
          </p>
        </FormSuccess>
      ) : null}
      <ErrorSummary items={problems.summary} />
      <AccountForm
        action={ACCOUNT_PATHS.resetRequest}
        label="Request a password reset"
        flow="passwordResetRequest"
        submit={sent ? 'Send the link again' : 'Send the link'}
        busyLabel="Sending the link…"
      >
        <Field
          name="userEmail"
          label="Email address"
          type="email"
          autoComplete="email"
          error={problems.fields.userEmail}
          defaultValue={values.userEmail}
        />
      </AccountForm>
      <p>
        <Link to={ACCOUNT_PATHS.login}>Back to sign in</Link>
      </p>
    </div>
  );
}
