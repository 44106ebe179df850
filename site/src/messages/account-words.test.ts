import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_MESSAGES, pageWordsOf } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_NOT_VERIFIED,
  passwordChangeThrottledMessage,
  SIGN_IN_UNAVAILABLE,
  throttledMessage,
} from '../../../packages/web/src/user/platform-accounts.js';
import { visitorMessage } from '../content/account-messages.js';
import { SITE_CATALOGUES } from './catalogues.js';
import { messages as enGB } from './en-GB.js';

// The account pages in Welsh: every word the account pages ask `useText` for, and every word
// the visitor reads for a message of the account flows (the spec's exact strings, the
// platform's and the site server's own), is an English message of the catalogue, so a Welsh
// page shows it in Welsh and nothing is left in English unnoticed.

const components = fileURLToPath(new URL('../components/', import.meta.url));
const ACCOUNT_COMPONENTS = [
  ...readdirSync(`${components}account`)
    .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
    .map((name) => `account/${name}`),
  'SignInPage.tsx',
  'AccessDeniedPage.tsx',
];

/** The literal words of the `text('…')` calls in a file (a call may wrap onto its own lines). */
function wordsAskedFor(source: string): string[] {
  return [...source.matchAll(/\btext\(\s*'((?:[^'\\]|\\.)*)'/g)].map((m) =>
    (m[1] as string).replace(/\\'/g, "'"),
  );
}

/** Every message the account flows can leave in the state for a page to show. */
const FLOW_MESSAGES: string[] = [
  // The CSRF refusal is the server's own answer page, never in a page's state.
  ...Object.values(ACCOUNT_MESSAGES).flatMap((message): string[] =>
    typeof message === 'string' && message !== ACCOUNT_MESSAGES.csrf ? [message] : [],
  ),
  ACCOUNT_MESSAGES.registrationService('Bad Gateway'),
  // The site server's own words (packages/web/src/server/accounts/account-routes.ts).
  'Enter your username or email address.',
  'Enter your password.',
  'Enter your first name.',
  'Enter your last name.',
  'Enter your email address.',
  'Enter an email address like name@example.com.',
  'Choose a password.',
  'Choose a new password.',
  'Enter your current password.',
  'A username cannot contain ‘@’. Leave it empty to sign in with your email address.',
  'This username is taken. Choose another, or leave it empty to sign in with your email address.',
  'Enter the email address of your account.',
  'Check the highlighted fields and try again.',
  'We could not register this account. If you have registered before, sign in or reset your password.',
  'This site does not answer to that host name.',
  'The username or password is not right. Check them and try again.',
  SIGN_IN_UNAVAILABLE,
  EMAIL_NOT_VERIFIED,
  throttledMessage(null),
  throttledMessage(60),
  throttledMessage(300),
  passwordChangeThrottledMessage(60),
  passwordChangeThrottledMessage(600),
  // The platform's (validation, reset links, security tokens).
  'There are validation errors creating the user',
  'The existing password is not correct',
  'Give your current password to change it',
  'The password must be at least 8 characters long',
  'The password must not be the username or the email address',
  'Security token is invalid',
  'Failed to fetch credentials',
  'Fetch credentials error: 502 Bad Gateway',
  'Network request failed',
];

describe('the account words', () => {
  const english = new Set<string>(Object.values(enGB));
  // The Welsh words a Welsh page carries, by English message (see pageWordsOf).
  const welsh = pageWordsOf(SITE_CATALOGUES, 'en-GB')('cy');
  const inWelsh = async () => {
    const words = await welsh;
    return (word: string) => words[word] ?? `UNTRANSLATED ${word}`;
  };

  it('that the account pages ask for are English messages of the catalogue', () => {
    const asked = ACCOUNT_COMPONENTS.flatMap((name) =>
      wordsAskedFor(readFileSync(`${components}${name}`, 'utf8')),
    );
    expect(asked.length).toBeGreaterThan(60);
    expect(asked.filter((word) => !english.has(word))).toEqual([]);
    // The password hint is a constant the pages pass to `text`.
    expect(english.has('At least 8 characters, and not the same as your username.')).toBe(true);
  });

  it('that a flow leaves in the state read as catalogue messages, so in Welsh on a Welsh page', async () => {
    const text = await inWelsh();
    for (const message of FLOW_MESSAGES) {
      const words = visitorMessage(message, text) ?? '';
      expect(words, message).not.toContain('UNTRANSLATED');
      expect(words, message).not.toBe(visitorMessage(message));
    }
  });

  it('say the spec’s strings in Welsh, and keep English as it was', async () => {
    const text = await inWelsh();
    expect(visitorMessage(ACCOUNT_MESSAGES.loginNeedsCredentials, text)).toBe(
      'Rhowch eich enw defnyddiwr neu gyfeiriad e-bost a’ch cyfrinair.',
    );
    expect(visitorMessage('Enter your password.', text)).toBe('Rhowch eich cyfrinair.');
    expect(visitorMessage('The password must be at least 8 characters long', text)).toBe(
      'Dewiswch gyfrinair sydd ag o leiaf 8 nod.',
    );
    expect(visitorMessage(throttledMessage(300), text)).toBe(
      'Gormod o ymdrechion i fewngofnodi i’r cyfrif hwn. Arhoswch 5 munud cyn rhoi cynnig arall arni, neu ailosodwch eich cyfrinair.',
    );
    expect(visitorMessage(passwordChangeThrottledMessage(60), text)).toBe(
      'Gormod o gyfrineiriau anghywir. Arhoswch funud, yna rhowch gynnig arall arni.',
    );
    // English pages read exactly what they read before the words went into the catalogue.
    expect(visitorMessage(throttledMessage(300))).toBe(throttledMessage(300));
    expect(visitorMessage(passwordChangeThrottledMessage(600))).toBe(passwordChangeThrottledMessage(600));
  });
});
