import { ACCOUNT_MESSAGES } from '@canopy/web';

/**
 * The visitor's words for the account flows' messages. The state keeps the spec's exact
 * strings (website spec §5, §8) and the platform's own texts (logs and tests read them); the
 * pages show these instead, in the page's language: every English word here is a message of
 * the demo's catalogue (messages/account.en-GB.ts), which the page's `text` turns into its
 * language. Unknown messages are already the site server's plain words, looked up the same way.
 */

/** The page's words for an English message (`useText()`); English as it stands by default. */
export type Text = (english: string) => string;

const asItStands: Text = (english) => english;

const TRY_LATER = 'The account service is not answering just now. Try again in a few minutes.';
const CHECK_DETAILS = 'Check your details and try again.';

/** Messages that only say "look at the fields": the field messages say it better. */
const ABOUT_THE_FIELDS: ReadonlySet<string> = new Set([
  ACCOUNT_MESSAGES.loginNeedsCredentials,
  ACCOUNT_MESSAGES.invalidObject,
  ACCOUNT_MESSAGES.invalidChangePassword,
  'There are validation errors creating the user',
  'Check the highlighted fields and try again.',
]);

const EXACT: ReadonlyMap<string, string> = new Map([
  [ACCOUNT_MESSAGES.loginNeedsCredentials, 'Enter your username or email address and your password.'],
  [ACCOUNT_MESSAGES.invalidObject, CHECK_DETAILS],
  [ACCOUNT_MESSAGES.invalidChangePassword, 'Enter your current password and a new password.'],
  ['There are validation errors creating the user', CHECK_DETAILS],
  ['Check the highlighted fields and try again.', CHECK_DETAILS],
  [ACCOUNT_MESSAGES.noResponse, TRY_LATER],
  ['Network request failed', TRY_LATER],
  ['Network request timed out', TRY_LATER],
  ['Aborted', TRY_LATER],
  [
    ACCOUNT_MESSAGES.unparsableUser,
    'We could not confirm that your account was created. Try signing in; if that does not work, try again in a few minutes.',
  ],
  ['The existing password is not correct', 'Your current password is not right. Check it and try again.'],
  ['Give your current password to change it', 'Enter your current password.'],
  [
    'The password must not be the username or the email address',
    'Choose a password that is not your username or email address.',
  ],
  [
    ACCOUNT_MESSAGES.resetLinkInvalid,
    'This link to reset your password has already been used or has expired.',
  ],
  ['Security token is invalid', 'This sign-in link cannot be used any more. Sign in with your password.'],
  ['Failed to fetch credentials', 'This sign-in link cannot be used any more. Sign in with your password.'],
]);

// Messages with a number in them: said in parts, each a message of the catalogue.
const PATTERNS: readonly (readonly [RegExp, (match: RegExpMatchArray, text: Text) => string])[] = [
  [
    /^Registration service: /,
    (_, text) => text('We could not create your account just now. Try again in a few minutes.'),
  ],
  [
    /^Fetch credentials/,
    (_, text) => text('This sign-in link cannot be used any more. Sign in with your password.'),
  ],
  [
    /^The password must be at least (\d+) characters long$/,
    (match, text) => `${text('Choose a password with at least')} ${match[1]} ${text('characters.')}`,
  ],
  [
    /^This username is taken\b/,
    (_, text) =>
      text('This username is taken — choose another, or leave it empty to sign in with your email address.'),
  ],
  [
    // The site server's throttled sign-in (platform-accounts.ts, throttledMessage).
    /^Too many sign-in attempts for this account\. Please wait (?:(\d+) minutes?|a few minutes) before/,
    (match, text) => {
      const wait = match[1]
        ? `${match[1]} ${text(match[1] === '1' ? 'minute' : 'minutes')}`
        : text('a few minutes');
      return `${text('Too many sign-in attempts for this account.')} ${text('Please wait')} ${wait} ${text('before trying again, or reset your password.')}`;
    },
  ],
  [
    // The change-password throttle (platform-accounts.ts, passwordChangeThrottledMessage).
    /^Too many wrong passwords\. Wait (?:a minute|(\d+) minutes), then try again\.$/,
    (match, text) => {
      const wait = match[1] ? `${match[1]} ${text('minutes')}` : text('a minute');
      return `${text('Too many wrong passwords.')} ${text('Wait')} ${wait}, ${text('then try again.')}`;
    },
  ],
];

/**
 * The visitor's words for a message of an account flow (form or field), in the page's language
 * (`text`, default English); `null` stays `null`.
 *
 * @example
 * visitorMessage('A password login needs username and password');
 * // 'Enter your username or email address and your password.'
 * visitorMessage('Enter your password.'); // 'Enter your password.' (already plain)
 * visitorMessage('Enter your password.', text); // 'Rhowch eich cyfrinair.' on a Welsh page
 */
export function visitorMessage(message: string | null | undefined, text: Text = asItStands): string | null {
  if (!message) return null;
  const exact = EXACT.get(message);
  if (exact) return text(exact);
  for (const [pattern, words] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return words(match, text);
  }
  return text(message);
}

/** One line of an error summary: the message and the field it links to (`null`: the whole form). */
export interface SummaryItem {
  text: string;
  /** `#field-…` of the field the message is about. */
  href: string | null;
}

/** What a failed submission shows: the summary at the top and a message beside each field. */
export interface FormProblems {
  summary: SummaryItem[];
  /** The visitor's message per field name. */
  fields: Record<string, string>;
}

/**
 * The error summary and field messages of a form, in the visitor's words: one summary line per
 * field message (in the form's field order, linking to the field), plus the form's own message
 * first when it says something the field messages do not (a wrong password, an outage).
 *
 * @example
 * formProblems('There are validation errors creating the user', { email: 'Enter your email address.' }, ['firstName', 'email'], text);
 * // { summary: [{ text: 'Enter your email address.', href: '#field-email' }], fields: { email: 'Enter your email address.' } }
 */
export function formProblems(
  message: string | null | undefined,
  fieldErrors: Readonly<Record<string, string>>,
  fieldOrder: readonly string[],
  text: Text = asItStands,
): FormProblems {
  const fields: Record<string, string> = {};
  const summary: SummaryItem[] = [];
  for (const name of fieldOrder) {
    const words = visitorMessage(fieldErrors[name], text);
    if (words) {
      fields[name] = words;
      summary.push({ text: words, href: `#field-${name}` });
    }
  }
  const formWords = visitorMessage(message, text);
  const saidByFields =
    summary.length > 0 && message !== null && message !== undefined && ABOUT_THE_FIELDS.has(message);
  if (formWords && !saidByFields && !summary.some((item) => item.text === formWords)) {
    summary.unshift({ text: formWords, href: null });
  }
  return { summary, fields };
}
