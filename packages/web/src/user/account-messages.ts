// Apart from account-paths.ts, whose paths every page's first load carries (links to sign in
// and out): only the account pages and the server need the messages.

/** Messages of the account flows; the quoted ones are the website spec's exact strings (§5, §8). */
export const ACCOUNT_MESSAGES = {
  invalidObject: 'Invalid object',
  invalidChangePassword: 'Invalid action object sent to changePassword saga',
  noResponse: 'No response from server',
  unparsableUser: 'Unable to parse the created user from the register service response',
  /** `Registration service: {status text}` */
  registrationService: (statusText: string) => `Registration service: ${statusText}`,
  loginNeedsCredentials: 'A password login needs username and password',
  csrf: 'The form was sent without this browser’s security token (it may have expired). Go back, reload the page and try again.',
  signInRequired: 'Sign in to change your password.',
  /** The platform's message for a reset link that is used, expired or unknown. */
  resetLinkInvalid: 'The password reset link is invalid or has expired',
  verifyLinkInvalid: 'This confirmation link is invalid or has expired. Ask for a new one below.',
  verifyNeedsUser: 'Enter the email address or username of your account.',
} as const;
