import { ACCOUNT_PATHS, CsrfField, clearOidcKeys, useHref } from '@canopy/web';
import { useText } from '../../messages/words.js';

/**
 * A sign-out button: a POST form with the visitor's CSRF token (works without JavaScript).
 * With JavaScript it first removes the `oidc.*` keys a federated sign-in library may have kept
 * in this browser's storage.
 */
export function SignOutButton({ className }: { className?: string }) {
  const text = useText();
  // Under the page's language prefix, so the page after it is in the same language.
  const action = useHref(ACCOUNT_PATHS.logout);
  return (
    <form method="post" action={action} className={className} onSubmit={() => clearOidcKeys()}>
      <CsrfField />
      <button type="submit">{text('Sign out')}</button>
    </form>
  );
}
