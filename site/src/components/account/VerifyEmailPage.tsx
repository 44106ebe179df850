import {
  ACCOUNT_PATHS,
  Link,
  type RouteComponentProps,
  selectUser,
  useAccountForm,
  useHref,
  useSearchParams,
  useSiteSelector,
} from '@canopy/web';
import { formProblems } from '../../content/account-messages.js';
import { useText } from '../../messages/words.js';
import { PageHeader } from '../PageHeader.js';
import { ErrorSummary, Field, FormSuccess } from './FormParts.js';

/**
 * `/account/verify-email`: where a new member learns to confirm their address, and asks for
 * the confirmation mail again. The form is a GET to `/account/verify/resend` (the spec's call),
 * so it works without JavaScript; its answer never says whether the address has an account.
 */
export function VerifyEmailPage(_props: RouteComponentProps) {
  const user = useSiteSelector(selectUser);
  const text = useText();
  const resendAction = useHref(ACCOUNT_PATHS.verifyResend);
  const [searchParams] = useSearchParams();
  const { fieldErrors, values } = useAccountForm('verifyResend');
  const resend = user.verifyResend;
  const prefill = values.user ?? searchParams.get('user') ?? undefined;
  // One summary for the page: a link that did not work, then what the resend form says.
  const resendProblems = formProblems(resend.error, fieldErrors, ['user'], text);
  const summary = [...formProblems(user.verifyEmail.error, {}, [], text).summary, ...resendProblems.summary];
  return (
    <div className="account-page">
      <PageHeader
        title={text('Confirm your email address')}
        lead={text('New accounts can sign in once their email address is confirmed.')}
      />
      <ErrorSummary items={summary} />
      {resend.sent ? (
        <FormSuccess>
          <p>
            {`${text('If')} `}
            <strong>{values.user}</strong>{' '}
            {text(
              'belongs to an account that waits for confirmation, we have sent it a new link. The link works for two days; the mail may take a few minutes.',
            )}
          </p>
        </FormSuccess>
      ) : (
        <p>
          {text(
            'When you registered we sent you a mail with a link. Open it to confirm your address. No mail? Check your spam folder, or ask for a new one here.',
          )}
        </p>
      )}
      <form
        className="account-form"
        method="get"
        action={resendAction}
        aria-label={text('Send the confirmation mail again')}
        noValidate
      >
        <Field
          name="user"
          label={text('Email address or username')}
          autoComplete="username"
          error={resendProblems.fields.user}
          defaultValue={prefill}
        />
        <button type="submit">{text('Send the mail again')}</button>
      </form>
      <p>
        {`${text('Already confirmed?')} `}
        <Link to={ACCOUNT_PATHS.login}>{text('Sign in')}</Link>
      </p>
    </div>
  );
}
