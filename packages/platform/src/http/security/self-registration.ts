import { sameNoCase } from '../../db/users.js';
import type { QueryParams } from '../../delivery/params.js';
import { type MailLanguage, mailLanguage, registrationAttemptMail } from '../../mail/account-mails.js';
import { writeOutboxMail } from '../../mail/outbox.js';
import { ValidationFailure } from '../../security/validation.js';
import { pageUrlValue } from './password-reset-routes.js';

/** The `kind` of the mail to an address someone tried to register again. */
export const REGISTRATION_ATTEMPT_MAIL = 'registration-attempt';

/** The site's pages that the mails of a self-registration link to. */
export interface AccountPageLinks {
  /** The page that completes a verification (`?token=…` is added): the new user's mail. */
  verifyUrl: string | null;
  /** For the owner of an address that already has an account. */
  signInUrl: string | null;
  /** Likewise. */
  forgotPasswordUrl: string | null;
  /** The language of the mails (`?language=cy`: Welsh; the pages above are then Welsh too). */
  language: MailLanguage;
}

/**
 * The site's pages named by a self-registration (`?verifyUrl=…&signInUrl=…&forgotPasswordUrl=…`,
 * each optional here): http or https URLs, else a 400 naming the parameter; and the language of
 * its mails (`&language=cy`, default English).
 */
export function accountPageLinks(query: QueryParams): AccountPageLinks {
  const link = (name: string) => {
    const value = query[name.toLowerCase()];
    return value === undefined || value === '' ? null : pageUrlValue(value, name);
  };
  return {
    verifyUrl: link('verifyUrl'),
    signInUrl: link('signInUrl'),
    forgotPasswordUrl: link('forgotPasswordUrl'),
    language: mailLanguage(query.language),
  };
}

/**
 * Refuses (422) a self-chosen username that contains `@` and is not the address itself.
 * Usernames and addresses share one namespace (either signs in), so such a username could
 * clash with somebody's address, and the "username taken" answer would then say that the
 * address has an account.
 */
export function assertSelfChosenUsername(username: string, email: string): void {
  if (username.includes('@') && !sameNoCase(username, email)) {
    const message = 'A username cannot contain ‘@’: leave it empty to sign in with your email address';
    throw new ValidationFailure('There are validation errors creating the user', [
      { field: 'username', message },
    ]);
  }
}

/**
 * Writes the mail that tells an address's owner that someone tried to register it again, in
 * place of telling the person who tried (who might not own the address).
 */
export function writeRegistrationAttemptMail(
  dataDir: string,
  to: string,
  links: AccountPageLinks,
  now: number,
): void {
  writeOutboxMail(
    dataDir,
    {
      to,
      kind: REGISTRATION_ATTEMPT_MAIL,
      ...(links.signInUrl ? { link: links.signInUrl } : {}),
      ...registrationAttemptMail(links.language, links),
    },
    now,
  );
}
