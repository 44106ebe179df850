/**
 * The words of the account mails the platform writes on a site's behalf (password reset, email
 * verification, a second registration of an address), in the language the site asks for: a
 * visitor who asked on a Welsh page reads Welsh, with links to the Welsh pages the site named.
 * Languages without words of their own get English.
 */

/** A language the account mails are written in. */
export type MailLanguage = 'en' | 'cy';

/** A mail's subject and body text. */
export interface MailWords {
  subject: string;
  text: string;
}

/**
 * The mail language for a site's `language` value (`cy`, `cy-GB`: Welsh; anything else,
 * absent or not a string: English). Never refuses a request: the mail goes either way.
 *
 * @example
 * mailLanguage('cy'); // 'cy'
 * mailLanguage('en-GB'); // 'en'
 */
export function mailLanguage(value: unknown): MailLanguage {
  return typeof value === 'string' && /^cy(?:-|$)/i.test(value) ? 'cy' : 'en';
}

/**
 * The password reset mail with its link (`{resetUrl}?token=…`).
 *
 * @example
 * passwordResetMail('cy', 'https://www.aberwen.example/cy/account/reset-password?token=…').subject;
 * // 'Ailosod eich cyfrinair'
 */
export function passwordResetMail(language: MailLanguage, link: string): MailWords {
  if (language === 'cy') {
    return {
      subject: 'Ailosod eich cyfrinair',
      text: [
        'Gofynnodd rhywun am gael ailosod cyfrinair eich cyfrif.',
        `I ddewis cyfrinair newydd, agorwch y ddolen hon o fewn yr awr nesaf:\n\n${link}`,
        'Os nad chi oedd hyn, anwybyddwch yr e-bost hwn: bydd eich cyfrinair yn aros fel y mae.',
      ].join('\n\n'),
    };
  }
  return {
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your account.',
      `To choose a new password, open this link within the next hour:\n\n${link}`,
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n\n'),
  };
}

/** The email verification mail with its link (`{verifyUrl}?token=…`, two days). */
export function verificationMail(language: MailLanguage, link: string): MailWords {
  if (language === 'cy') {
    return {
      subject: 'Cadarnhewch eich cyfeiriad e-bost',
      text: [
        'Diolch am gofrestru.',
        `I gadarnhau mai dyma eich cyfeiriad e-bost, a dechrau mewngofnodi, agorwch y ddolen hon o fewn y ddau ddiwrnod nesaf:\n\n${link}`,
        'Os nad chi a gofrestrodd, anwybyddwch yr e-bost hwn: nid oes modd defnyddio’r cyfrif hebddo.',
      ].join('\n\n'),
    };
  }
  return {
    subject: 'Confirm your email address',
    text: [
      'Thank you for registering.',
      `To confirm that this is your email address and start signing in, open this link within the next two days:\n\n${link}`,
      'If you did not register, ignore this mail: the account cannot be used without it.',
    ].join('\n\n'),
  };
}

/**
 * The mail to the owner of an address someone tried to register again, with the site's
 * sign-in and forgotten-password pages when it named them.
 */
export function registrationAttemptMail(
  language: MailLanguage,
  links: { signInUrl: string | null; forgotPasswordUrl: string | null },
): MailWords {
  if (language === 'cy') {
    const signIn = links.signInUrl ? `I fewngofnodi, agorwch y ddolen hon:\n\n${links.signInUrl}` : null;
    return {
      subject: 'Ceisiodd rhywun gofrestru gyda’ch cyfeiriad e-bost',
      text: [
        'Ceisiodd rhywun greu cyfrif newydd gyda’r cyfeiriad e-bost hwn, sydd â chyfrif yn barod. Ni chafodd cyfrif newydd ei greu, ac nid yw eich cyfrif wedi newid.',
        signIn
          ? `Os mai chi oedd hyn: rydych wedi cofrestru’n barod. ${signIn}`
          : 'Os mai chi oedd hyn: rydych wedi cofrestru’n barod, felly mewngofnodwch.',
        links.forgotPasswordUrl
          ? `Wedi anghofio’ch cyfrinair, neu heb gadarnhau eich cyfeiriad erioed? Dewiswch gyfrinair newydd yma (mae hynny’n cadarnhau’r cyfeiriad hefyd):\n\n${links.forgotPasswordUrl}`
          : 'Wedi anghofio’ch cyfrinair, neu heb gadarnhau eich cyfeiriad erioed? Gofynnwch am gyfrinair newydd ar y wefan: mae hynny’n cadarnhau’r cyfeiriad hefyd.',
        'Os nad chi oedd hyn, anwybyddwch yr e-bost hwn.',
      ].join('\n\n'),
    };
  }
  const signIn = links.signInUrl ? `To sign in, open this link:\n\n${links.signInUrl}` : null;
  return {
    subject: 'Someone tried to register with your email address',
    text: [
      'Someone tried to create a new account with this email address, which already has an account. No new account was created and your account has not changed.',
      signIn
        ? `If it was you: you are already registered. ${signIn}`
        : 'If it was you: you are already registered, so sign in.',
      links.forgotPasswordUrl
        ? `Forgotten your password, or never confirmed your address? Choose a new password here (that confirms the address too):\n\n${links.forgotPasswordUrl}`
        : 'Forgotten your password, or never confirmed your address? Ask for a new password on the website: that confirms the address too.',
      'If it was not you, ignore this mail.',
    ].join('\n\n'),
  };
}
