import {
  ACCOUNT_PATHS,
  type RouteComponentProps,
  selectUser,
  useAccountForm,
  useSiteSelector,
} from '@canopy/web';
import { formProblems } from '../../content/account-messages.js';
import { useText } from '../../messages/words.js';
import { PageHeader } from '../PageHeader.js';
import { AccountForm, ErrorSummary, Field, FormSuccess } from './FormParts.js';
import { PASSWORD_HINT } from './RegisterPage.js';
import { SignOutButton } from './SignOutButton.js';

/** `/account`: the signed-in visitor's profile, groups, password change and sign-out. */
export function AccountPage(_props: RouteComponentProps) {
  const user = useSiteSelector(selectUser);
  const text = useText();
  const { fieldErrors } = useAccountForm('changePassword');
  const { sent, error } = user.changePassword;
  const problems = formProblems(error, fieldErrors, ['currentPassword', 'newPassword'], text);
  return (
    <div className="account-page">
      <PageHeader
        title={text('Your account')}
        lead={user.name ? `${text('Signed in as')} ${user.name}.` : null}
      />
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading">{text('Profile')}</h2>
        <dl className="account-facts">
          <div>
            <dt>{text('Name')}</dt>
            <dd>{user.name ?? '—'}</dd>
          </div>
          <div>
            <dt>{text('Username')}</dt>
            <dd>{user.username ?? '—'}</dd>
          </div>
          <div>
            <dt>{text('Email address')}</dt>
            <dd>{user.email ?? '—'}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="groups-heading">
        <h2 id="groups-heading">{text('Groups')}</h2>
        {user.groups.length > 0 ? (
          <ul className="account-groups">
            {user.groups.map((group) => (
              <li key={group.id ?? group.name}>{group.name ?? group.id}</li>
            ))}
          </ul>
        ) : (
          <p>{text('You are not in any group.')}</p>
        )}
      </section>
      {/* Platform environments are staff business: an address on the staff domain that manages
          nothing (most members) sees no such section. */}
      {user.isZengentiStaff && (user.environments === null || user.environments.length > 0) ? (
        <section aria-labelledby="environments-heading">
          <h2 id="environments-heading">{text('Your environments')}</h2>
          {user.environments === null ? (
            <p>{text('Your environments could not be loaded just now.')}</p>
          ) : (
            <ul className="account-environments">
              {user.environments.map((environment) => (
                <li key={environment.alias}>
                  {environment.url ? <a href={environment.url}>{environment.name}</a> : environment.name}{' '}
                  <span className="account-alias">({environment.alias})</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">{text('Change your password')}</h2>
        {sent ? (
          <FormSuccess>
            <p>{text('Your password has been changed.')}</p>
          </FormSuccess>
        ) : null}
        <ErrorSummary items={problems.summary} />
        <AccountForm
          path={ACCOUNT_PATHS.changePassword}
          label={text('Change your password')}
          flow="changePassword"
          submit={text('Change password')}
          busyLabel={text('Changing your password…')}
        >
          {user.id ? <input type="hidden" name="userId" value={user.id} /> : null}
          <Field
            name="currentPassword"
            label={text('Current password')}
            type="password"
            autoComplete="current-password"
            error={problems.fields.currentPassword}
          />
          <Field
            name="newPassword"
            label={text('New password')}
            type="password"
            autoComplete="new-password"
            hint={text(PASSWORD_HINT)}
            error={problems.fields.newPassword}
          />
        </AccountForm>
      </section>
      <section aria-labelledby="signout-heading">
        <h2 id="signout-heading">{text('Sign out')}</h2>
        <p>{text('Signing out ends your session on this website.')}</p>
        <SignOutButton />
      </section>
    </div>
  );
}
