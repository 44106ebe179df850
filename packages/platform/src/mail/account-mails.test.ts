import { describe, expect, it } from 'vitest';
import {
  mailLanguage,
  passwordResetMail,
  registrationAttemptMail,
  verificationMail,
} from './account-mails.js';

describe('the account mails', () => {
  const link = 'https://www.aberwen.example/cy/account/reset-password?token=abc';

  it('are Welsh for cy and cy-GB, and English for anything else', () => {
    expect(mailLanguage('cy')).toBe('cy');
    expect(mailLanguage('cy-GB')).toBe('cy');
    expect(mailLanguage('en-GB')).toBe('en');
    expect(mailLanguage('cymraeg')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
    expect(mailLanguage(7)).toBe('en');
  });

  it('carry the link the site named, in either language', () => {
    for (const language of ['en', 'cy'] as const) {
      expect(passwordResetMail(language, link).text).toContain(link);
      expect(verificationMail(language, link).text).toContain(link);
      const attempt = registrationAttemptMail(language, { signInUrl: link, forgotPasswordUrl: `${link}2` });
      expect(attempt.text).toContain(link);
      expect(attempt.text).toContain(`${link}2`);
    }
  });

  it('say it in Welsh', () => {
    expect(passwordResetMail('cy', link)).toEqual({
      subject: 'Ailosod eich cyfrinair',
      text: expect.stringContaining('I ddewis cyfrinair newydd, agorwch y ddolen hon o fewn yr awr nesaf'),
    });
    expect(verificationMail('cy', link).subject).toBe('Cadarnhewch eich cyfeiriad e-bost');
    expect(registrationAttemptMail('cy', { signInUrl: null, forgotPasswordUrl: null }).text).toContain(
      'Os mai chi oedd hyn: rydych wedi cofrestru’n barod, felly mewngofnodwch.',
    );
    expect(passwordResetMail('en', link).subject).toBe('Reset your password');
  });
});
