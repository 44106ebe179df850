import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLiveToken, revokeSession } from '../db/auth-tokens.js';
import { HttpError } from '../delivery/errors.js';
import { type RunningPlatform, startDemoPlatform } from '../test-support/platform-fixture.js';
import { issueTestToken } from '../test-support/tokens.js';
import { AUTHORIZATION_DENIED, callerFromAuthorization, requireScope } from './caller.js';
import { isAuthorized, permittedActions } from './permissions.js';

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

function denial(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a denial');
}

describe('bearer callers', () => {
  it('turns a live token into the seeded user with inherited groups', () => {
    const token = issueTestToken(platform.db, 'editor');
    const caller = callerFromAuthorization(platform.db, `bearer ${token}`);
    expect(caller).toMatchObject({ kind: 'user', name: 'editor', systemAdministrator: false });
    expect(caller.groups.map((group) => group.name)).toEqual(['Editors', 'Staff']);
  });

  it('answers 401 with the contract message for missing, unknown, expired and revoked tokens', () => {
    const expired = issueTestToken(platform.db, 'admin', { ttlSeconds: -1 });
    const revoked = issueTestToken(platform.db, 'admin');
    revokeSession(platform.db, findLiveToken(platform.db, revoked, ['access'])!.sessionId);
    for (const header of [undefined, 'Bearer nope', `Bearer ${expired}`, `Bearer ${revoked}`, 'Basic abc']) {
      expect(denial(() => callerFromAuthorization(platform.db, header))).toEqual({
        status: 401,
        message: AUTHORIZATION_DENIED,
      });
    }
  });

  it('answers 403 when the token lacks a scope', () => {
    const token = issueTestToken(platform.db, 'admin', { scopes: ['Entry_Read'] });
    const caller = callerFromAuthorization(platform.db, `Bearer ${token}`);
    expect(() => requireScope(caller, 'Entry_Read')).not.toThrow();
    expect(denial(() => requireScope(caller, 'Entry_Write')).status).toBe(403);
  });
});

describe('permissions from roles and groups', () => {
  const entries = { resourceType: 'entries', id: 'newsArticle', language: 'en-GB' };

  it('gives administrators everything, editors content rights and members nothing', () => {
    const as = (name: string) =>
      callerFromAuthorization(platform.db, `Bearer ${issueTestToken(platform.db, name)}`);
    expect(permittedActions(platform.db, as('admin'), 'website', entries)).toEqual(['*']);
    expect(isAuthorized(platform.db, as('editor'), 'website', entries, 'create')).toBe(true);
    expect(
      isAuthorized(platform.db, as('editor'), 'website', { resourceType: 'contentTypes' }, 'update'),
    ).toBe(false);
    expect(permittedActions(platform.db, as('member'), 'website', entries)).toEqual([]);
  });

  it('grants the site API client read access through its role', () => {
    const client = callerFromAuthorization(
      platform.db,
      `Bearer ${issueTestToken(platform.db, { clientId: 'canopy-website' })}`,
    );
    expect(client.kind).toBe('client');
    expect(isAuthorized(platform.db, client, 'website', entries, 'view')).toBe(true);
    expect(isAuthorized(platform.db, client, 'website', entries, 'update')).toBe(false);
    expect(isAuthorized(platform.db, client, 'website', { resourceType: 'eventstreams' }, 'connect')).toBe(
      true,
    );
  });
});
