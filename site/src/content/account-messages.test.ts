import { ACCOUNT_MESSAGES } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { formProblems, visitorMessage } from './account-messages.js';

describe('visitorMessage', () => {
  it.each([
    [ACCOUNT_MESSAGES.loginNeedsCredentials, 'Enter your username or email address and your password.'],
    [ACCOUNT_MESSAGES.invalidObject, 'Check your details and try again.'],
    [ACCOUNT_MESSAGES.invalidChangePassword, 'Enter your current password and a new password.'],
    ['There are validation errors creating the user', 'Check your details and try again.'],
    ['Check the highlighted fields and try again.', 'Check your details and try again.'],
    [
      ACCOUNT_MESSAGES.noResponse,
      'The account service is not answering just now. Try again in a few minutes.',
    ],
    ['Network request failed', 'The account service is not answering just now. Try again in a few minutes.'],
    [
      'Network request timed out',
      'The account service is not answering just now. Try again in a few minutes.',
    ],
    ['Aborted', 'The account service is not answering just now. Try again in a few minutes.'],
    [
      ACCOUNT_MESSAGES.unparsableUser,
      'We could not confirm that your account was created. Try signing in; if that does not work, try again in a few minutes.',
    ],
    [
      ACCOUNT_MESSAGES.registrationService('Bad Gateway'),
      'We could not create your account just now. Try again in a few minutes.',
    ],
    ['The existing password is not correct', 'Your current password is not right. Check it and try again.'],
    ['Give your current password to change it', 'Enter your current password.'],
    ['The password must be at least 8 characters long', 'Choose a password with at least 8 characters.'],
    [
      'The password must not be the username or the email address',
      'Choose a password that is not your username or email address.',
    ],
    [
      'This username is taken. Choose another, or leave it empty to sign in with your email address.',
      'This username is taken — choose another, or leave it empty to sign in with your email address.',
    ],
    [
      'The password reset link is invalid or has expired',
      'This link to reset your password has already been used or has expired.',
    ],
    ['Security token is invalid', 'This sign-in link cannot be used any more. Sign in with your password.'],
    ['Failed to fetch credentials', 'This sign-in link cannot be used any more. Sign in with your password.'],
    [
      'Fetch credentials: Unable to find CanopySecurityRefreshToken',
      'This sign-in link cannot be used any more. Sign in with your password.',
    ],
    [
      'Fetch credentials error: 502 Bad Gateway',
      'This sign-in link cannot be used any more. Sign in with your password.',
    ],
  ])('says %j as %j', (spec, words) => {
    expect(visitorMessage(spec)).toBe(words);
  });

  it('keeps messages that are already the visitor’s, and nothing stays nothing', () => {
    expect(visitorMessage('Enter your password.')).toBe('Enter your password.');
    expect(visitorMessage(null)).toBeNull();
    expect(visitorMessage('')).toBeNull();
  });
});

describe('formProblems', () => {
  const REGISTER = ['firstName', 'lastName', 'email', 'username', 'password'];

  it('lists each field message in the form’s order, linking to its field, without the generic form message', () => {
    const problems = formProblems(
      'Check the highlighted fields and try again.',
      { password: 'Choose a password.', firstName: 'Enter your first name.' },
      REGISTER,
    );
    expect(problems.summary).toEqual([
      { text: 'Enter your first name.', href: '#field-firstName' },
      { text: 'Choose a password.', href: '#field-password' },
    ]);
    expect(problems.fields).toEqual({ firstName: 'Enter your first name.', password: 'Choose a password.' });
  });

  it('puts the visitor’s words beside the fields too', () => {
    const problems = formProblems(
      'There are validation errors creating the user',
      { password: 'The password must be at least 8 characters long' },
      REGISTER,
    );
    expect(problems.fields.password).toBe('Choose a password with at least 8 characters.');
    expect(problems.summary).toEqual([
      { text: 'Choose a password with at least 8 characters.', href: '#field-password' },
    ]);
  });

  it('shows a form message the fields do not say, once, first and without a link', () => {
    expect(
      formProblems('The username or password is not right. Check them and try again.', {}, ['username']),
    ).toEqual({
      summary: [{ text: 'The username or password is not right. Check them and try again.', href: null }],
      fields: {},
    });
    const wrong = formProblems(
      'The existing password is not correct',
      { currentPassword: 'The existing password is not correct' },
      ['currentPassword', 'newPassword'],
    );
    expect(wrong.summary).toEqual([
      { text: 'Your current password is not right. Check it and try again.', href: '#field-currentPassword' },
    ]);
    // A generic message with no field message still says something.
    expect(formProblems(ACCOUNT_MESSAGES.invalidObject, {}, ['password']).summary).toEqual([
      { text: 'Check your details and try again.', href: null },
    ]);
  });

  it('is empty when nothing went wrong', () => {
    expect(formProblems(null, {}, REGISTER)).toEqual({ summary: [], fields: {} });
  });
});
