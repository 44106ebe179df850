import { ACCOUNT_PATHS, CsrfField } from '@canopy/web';

/** A sign-out button: a POST form with the visitor's CSRF token (works without JavaScript). */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <form method="post" action={ACCOUNT_PATHS.logout} className={className}>
      <CsrfField />
      <button type="submit">Sign out</button>
    </form>
  );
}
