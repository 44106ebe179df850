import { describe, expect, it } from 'vitest';
import { isAccountFlowBusy } from './account-flow-busy.js';
import { userStateFromSession } from './session.js';
import { displayName, groupsOf, isStaffEmail, MAX_USER_GROUPS, userProfile } from './user-profile.js';
import {
  accountFlowReset,
  accountFlowStarted,
  initialUserState,
  requestedPageNamed,
  userSignedOut,
  userSlice,
  userStateFor,
} from './user-slice.js';

describe('displayName', () => {
  it('is the first name plus an optional last name, never "undefined" or "null"', () => {
    expect(displayName('Morgan', 'Member')).toBe('Morgan Member');
    expect(displayName('Morgan', undefined)).toBe('Morgan');
    expect(displayName('Morgan', null)).toBe('Morgan');
    expect(displayName(undefined, 'Member')).toBe('Member');
    expect(displayName('  Morgan ', '  ')).toBe('Morgan');
    expect(displayName(undefined, undefined)).toBeNull();
    expect(displayName(42, {})).toBeNull();
  });
});

describe('isStaffEmail', () => {
  it('matches the email domain exactly, whatever the letter case', () => {
    expect(isStaffEmail('ada@aberwen.example', 'aberwen.example')).toBe(true);
    expect(isStaffEmail('Ada@ABERWEN.example', 'aberwen.EXAMPLE')).toBe(true);
    expect(isStaffEmail('ada@aberwen.example', '@aberwen.example')).toBe(true);
  });

  it('refuses look-alikes, subdomains, missing domains and an unset staff domain', () => {
    for (const email of [
      'ada@evil-aberwen.example',
      'ada@mail.aberwen.example',
      'ada@aberwen.example.evil',
      'aberwen.example@evil.example',
      'ada@',
      '@aberwen.example',
      'aberwen.example',
    ]) {
      expect(isStaffEmail(email, 'aberwen.example'), email).toBe(false);
    }
    expect(isStaffEmail('ada@aberwen.example', null)).toBe(false);
    expect(isStaffEmail(null, 'aberwen.example')).toBe(false);
  });
});

describe('groupsOf', () => {
  it('keeps id and name only, without duplicates, at most 100', () => {
    const many = Array.from({ length: 150 }, (_, index) => ({
      id: `g${index}`,
      name: `Group ${index}`,
      userCount: 3,
    }));
    const groups = groupsOf([...many.slice(0, 2), many[0]!, ...many.slice(2)]);
    expect(groups).toHaveLength(MAX_USER_GROUPS);
    expect(groups[0]).toEqual({ id: 'g0', name: 'Group 0' });
    expect(new Set(groups.map((group) => group.id)).size).toBe(MAX_USER_GROUPS);
  });
});

describe('user state', () => {
  const profile = userProfile(
    {
      id: 'u1',
      username: 'member',
      firstName: 'Morgan',
      lastName: undefined as unknown as string,
      email: 'member@aberwen.example',
      // A platform user carries more; none of it may reach the state.
      credentials: { password: 'secret' },
    } as never,
    [{ id: 'g1', name: 'Members', description: 'secret group notes' } as { id: string; name: string }],
    'aberwen.example',
  );

  it('derives the public profile of a signed-in visitor', () => {
    const state = userStateFor(profile);
    expect(state).toMatchObject({
      id: 'u1',
      username: 'member',
      firstName: 'Morgan',
      lastName: null,
      email: 'member@aberwen.example',
      name: 'Morgan',
      groups: [{ id: 'g1', name: 'Members' }],
      isZengentiStaff: true,
      authenticationState: { isAuthenticated: true, isLoading: false, isError: false, errorMessage: null },
    });
    expect(JSON.stringify(state)).not.toContain('secret');
  });

  it('is the initial state for anonymous visitors, and after signing out', () => {
    expect(userStateFromSession(null)).toEqual(initialUserState);
    expect(userSlice.reducer(userStateFor(profile), userSignedOut())).toEqual(initialUserState);
  });

  it('carries what the server found for the page: federated sign-in and the requested page', () => {
    const page = { path: '/members', title: 'Members area' };
    const state = userStateFromSession(null, null, { federatedSignIn: true, requestedPage: page });
    expect(state).toEqual({ ...initialUserState, federatedSignIn: true, requestedPage: page });
    const renamed = userSlice.reducer(state, requestedPageNamed({ path: '/staff', title: null }));
    expect(renamed.requestedPage).toEqual({ path: '/staff', title: null });
    expect(userSlice.reducer(renamed, requestedPageNamed(null)).requestedPage).toBeNull();
    // As the renderer gets them: carried by the page's feedback.
    expect(
      userStateFromSession(null, {
        outcome: null,
        form: null,
        page: { federatedSignIn: true, requestedPage: page },
      }),
    ).toEqual(state);
  });

  it('carries the outcome of the last account action, and forgets it when the flow starts again', () => {
    const failed = userStateFor(null, {
      outcome: { flow: 'login', ok: false, error: 'Too many sign-in attempts', isAuthenticationError: true },
      form: { form: 'login', fieldErrors: {}, values: { username: 'member' } },
    });
    expect(failed.authenticationState).toMatchObject({
      isAuthenticationError: true,
      isError: false,
      errorMessage: 'Too many sign-in attempts',
    });
    expect(failed.form?.values).toEqual({ username: 'member' });
    const reset = userSlice.reducer(failed, accountFlowReset('login'));
    expect(reset.authenticationState.errorMessage).toBeNull();
    expect(reset.form).toBeNull();

    const changed = userStateFor(profile, {
      outcome: { flow: 'changePassword', ok: true, error: null },
      form: null,
    });
    expect(changed.changePassword).toEqual({ isSending: false, sent: true, error: null });
    expect(userSlice.reducer(changed, accountFlowReset('changePassword')).changePassword.sent).toBe(false);
    const registered = userStateFor(null, {
      outcome: { flow: 'register', ok: false, error: 'Registration service: Bad Gateway' },
      form: null,
    });
    expect(registered.registration).toEqual({
      isLoading: false,
      success: false,
      error: 'Registration service: Bad Gateway',
    });
  });

  it('moves a flow to loading / sending when its form is sent, and back when the outcome arrives', () => {
    const failed = userStateFor(null, {
      outcome: { flow: 'login', ok: false, error: 'wrong', isAuthenticationError: true },
      form: null,
    });
    const signingIn = userSlice.reducer(failed, accountFlowStarted('login'));
    expect(signingIn.authenticationState).toMatchObject({
      isLoading: true,
      isAuthenticationError: false,
      errorMessage: null,
    });
    expect(isAccountFlowBusy(signingIn, 'login')).toBe(true);
    expect(isAccountFlowBusy(signingIn, 'register')).toBe(false);
    expect(userSlice.reducer(signingIn, accountFlowReset('login')).authenticationState.isLoading).toBe(false);

    // registration: idle → loading → success or failed
    const registering = userSlice.reducer(initialUserState, accountFlowStarted('register'));
    expect(registering.registration).toEqual({ isLoading: true, success: false, error: null });
    expect(isAccountFlowBusy(registering, 'register')).toBe(true);

    // reset: idle → sending → sent or error
    for (const form of ['passwordResetRequest', 'resetPassword', 'changePassword'] as const) {
      const sending = userSlice.reducer(initialUserState, accountFlowStarted(form));
      expect(sending[form]).toEqual({ isSending: true, sent: false, error: null });
      expect(isAccountFlowBusy(sending, form)).toBe(true);
      expect(isAccountFlowBusy(initialUserState, form)).toBe(false);
    }
    // The next page's state carries the outcome, not loading any more.
    const answered = userStateFor(null, {
      outcome: { flow: 'login', ok: false, error: 'wrong', isAuthenticationError: true },
      form: null,
    });
    expect(answered.authenticationState.isLoading).toBe(false);
  });
});
