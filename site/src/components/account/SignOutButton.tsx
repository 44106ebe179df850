import { ACCOUNT_PATHS, CsrfField, clearOidcKeys } from '@canopy/web';

/**
 * A sign-out button: a POST form with the visitor's CSRF token (works without JavaScript).
 * With JavaScript it first removes the `oidc.*` keys a federated sign-in library may have kept
 * in this browser's storage.
 */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <form method="post" action={ACCOUNT_PATHS.logout} className={className} onSubmit={() => clearOidcKeys()}>
      <CsrfField />
      <button type="submit">Sign out</button>
    </form>
  );
}
