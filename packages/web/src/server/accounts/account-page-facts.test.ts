import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  type AccountPageFactsOptions,
  createAccountPageFacts,
  feedbackWithFacts,
} from './account-page-facts.js';

const warnings: string[] = [];
// Only `log.warn` is read from the request.
const request = {
  log: { warn: (_details: unknown, message: string) => warnings.push(message) },
} as unknown as FastifyRequest;

function reader(overrides: Partial<AccountPageFactsOptions> = {}) {
  const checked: string[] = [];
  const read = createAccountPageFacts({
    pageNames: { titleOf: async (path) => (path === '/members' ? 'Members area' : null) },
    federatedSignIn: () => true,
    resetLinkIsLive: async (token) => {
      checked.push(token);
      return token === 'live';
    },
    ...overrides,
  });
  return { read, checked };
}

const DEAD = {
  outcome: { flow: 'resetPassword', ok: false, error: 'The password reset link is invalid or has expired' },
  form: null,
};

describe('account page facts', () => {
  it('names the page of a sign-in page and says whether the host offers federated sign-in', async () => {
    const { read } = reader({ federatedSignIn: () => false });
    await expect(read(request, '/account/login?redirect_uri=%2Fmembers', null)).resolves.toEqual({
      federatedSignIn: false,
      requestedPage: { path: '/members', title: 'Members area' },
      feedback: null,
    });
    await expect(read(request, '/courses', null)).resolves.toMatchObject({ requestedPage: null });
  });

  it('turns a dead reset link into the feedback of a failed reset, before the form is shown', async () => {
    const { read, checked } = reader();
    await expect(read(request, '/account/reset-password?token=used', null)).resolves.toMatchObject({
      feedback: DEAD,
    });
    await expect(read(request, '/account/reset-password?token=live', null)).resolves.toMatchObject({
      feedback: null,
    });
    // Not asked: no token, an overlong one (no issued token), or a submission's outcome to show.
    await expect(read(request, '/account/reset-password', null)).resolves.toMatchObject({ feedback: null });
    await expect(
      read(request, `/account/reset-password?token=${'x'.repeat(201)}`, null),
    ).resolves.toMatchObject({ feedback: DEAD });
    const shown = { outcome: { flow: 'resetPassword' as const, ok: true, error: null }, form: null };
    await expect(read(request, '/account/reset-password?token=used', shown)).resolves.toMatchObject({
      feedback: shown,
    });
    expect(checked).toEqual(['used', 'live']);
  });

  it('shows the form when the platform cannot say, and logs it', async () => {
    const { read } = reader({
      resetLinkIsLive: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    await expect(read(request, '/account/reset-password?token=any', null)).resolves.toMatchObject({
      feedback: null,
    });
    expect(warnings).toContain('Checking a password reset link failed');
  });
});

describe('feedbackWithFacts', () => {
  it('carries the facts with the outcome to show, and leaves feedback alone without facts', () => {
    const page = { path: '/members', title: 'Members area' };
    expect(feedbackWithFacts({ federatedSignIn: true, requestedPage: page, feedback: null }, null)).toEqual({
      outcome: null,
      form: null,
      page: { federatedSignIn: true, requestedPage: page },
    });
    expect(
      feedbackWithFacts({ federatedSignIn: false, requestedPage: null, feedback: DEAD as never }, null),
    ).toEqual({
      ...DEAD,
      page: { federatedSignIn: false, requestedPage: null },
    });
    const shown = { outcome: null, form: null };
    expect(feedbackWithFacts(undefined, shown)).toBe(shown);
  });
});
