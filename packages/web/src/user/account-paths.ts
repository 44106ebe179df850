/**
 * The site's account addresses. Pages are GET routes a site declares (its own components);
 * the endpoints are POST routes of the site server (forms and JSON).
 */
export const ACCOUNT_PATHS = {
  /** Sign-in page (GET) and endpoint (POST). */
  login: '/account/login',
  /** Sign-out endpoint (POST). */
  logout: '/account/logout',
  /** Registration page (GET) and endpoint (POST). */
  register: '/account/register',
  /** Forgotten-password page (GET). */
  forgotPassword: '/account/forgot-password',
  /** Password reset request endpoint (POST, `{ userEmail }`). */
  resetRequest: '/account/reset',
  /** Page of the link in the reset mail (GET, `?token=`). */
  resetPasswordPage: '/account/reset-password',
  /** Password reset endpoint (POST, `{ token, password }`). */
  resetPassword: '/account/reset/password',
  /** The signed-in visitor's account page (GET). */
  account: '/account',
  /** Password change endpoint (POST, `{ userId, currentPassword, newPassword }`). */
  changePassword: '/account/change-password',
  /** Access-denied page (GET, `?original_uri=`). */
  accessDenied: '/account/access-denied',
  /** The link of a verification mail (GET, `?token=`): verifies, then goes to sign-in. */
  verifyEmail: '/account/verify',
  /** Asks for the verification mail again (GET, `?user=`; website spec §7). */
  verifyResend: '/account/verify/resend',
  /** "Confirm your email address" page with the form that asks for the mail again (GET). */
  verifyEmailPage: '/account/verify-email',
  /** Starts a federated sign-in on the identity provider (GET, `?redirect_uri=`). */
  federatedLogin: '/account/login/federated',
} as const;
