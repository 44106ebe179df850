import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PlatformAccounts, SignedIn } from '../../user/platform-accounts.js';
import { createSessionSealer, type SessionCredentials } from '../../user/session-seal.js';
import type { UserProfile } from '../../user/user-profile.js';
import { PROFILE_TTL_MS, SiteSessions } from './site-sessions.js';

// The profiles a process keeps, and what makes it ask the platform again: their minute running
// out (the bounded check, all there is while the event stream is down), a revocation heard on
// the stream, or a stream that opened again after a gap.

const sealer = createSessionSealer(['site-sessions-unit-test-secret-0123456789']);
const credentials: SessionCredentials = {
  bearerToken: 'bearer',
  bearerTokenExpiryDate: '2999-01-01T00:00:00.000Z',
  refreshToken: 'refresh',
  refreshTokenExpiryDate: '2999-01-01T00:00:00.000Z',
  contensisClassicToken: null,
};
const profile = { id: 'u1', username: 'member', groups: [] } as unknown as UserProfile;

/** A platform whose answer the test decides: the profile, or a 401 once the session is revoked. */
function fakePlatform() {
  const state = { revoked: false, calls: 0, pending: null as Promise<void> | null };
  const accounts = {
    async profile(): Promise<SignedIn> {
      state.calls++;
      const accepted = !state.revoked;
      if (state.pending) await state.pending;
      if (!accepted)
        throw Object.assign(new Error('revoked'), { name: 'ContensisAuthenticationError', status: 401 });
      return { credentials, profile };
    },
  } as unknown as PlatformAccounts;
  return { state, accounts };
}

async function requestWith(cookie: string): Promise<FastifyRequest> {
  // Only what SiteSessions reads of a request.
  return { cookies: { canopy_session: cookie }, log: { warn: () => undefined } } as unknown as FastifyRequest;
}

async function setUp() {
  let now = 1_000_000;
  const platform = fakePlatform();
  const sessions = new SiteSessions({ sealer, accounts: platform.accounts, now: () => now });
  const cookie = await sealer.seal(
    { csrf: 'csrf-secret', sid: 'sid-1', credentials },
    new Date(Date.now() + 86_400_000),
  );
  const read = async () => (await sessions.read(await requestWith(cookie))).session;
  return { sessions, platform, read, advance: (ms: number) => (now += ms) };
}

describe('the profiles a process keeps', () => {
  it('are trusted for their minute when no revocation is heard (the stream is down), then checked again', async () => {
    const { platform, read, advance } = await setUp();
    expect((await read())?.user.id).toBe('u1');
    platform.state.revoked = true;
    advance(PROFILE_TTL_MS - 1);
    expect((await read())?.user.id).toBe('u1');
    expect(platform.state.calls).toBe(1);
    advance(1);
    expect(await read()).toBeNull();
  });

  it('are dropped for a user whose sessions were revoked: the next request asks the platform', async () => {
    const { sessions, platform, read } = await setUp();
    await read();
    platform.state.revoked = true;
    sessions.forgetUser('someone-else');
    expect((await read())?.user.id).toBe('u1');
    sessions.forgetUser('u1');
    expect(await read()).toBeNull();
    expect(platform.state.calls).toBe(2);
  });

  it('are all dropped when the stream opens again after a gap', async () => {
    const { sessions, platform, read } = await setUp();
    await read();
    platform.state.revoked = true;
    sessions.forgetAll();
    expect(await read()).toBeNull();
  });

  it('are not kept when a revocation arrives while the platform is answering', async () => {
    const { sessions, platform, read } = await setUp();
    let answer = () => {};
    platform.state.pending = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The platform accepts the session, then the revocation is heard before its answer lands.
    const reading = read();
    while (platform.state.calls === 0) await new Promise((resolve) => setImmediate(resolve));
    sessions.forgetUser('u1');
    answer();
    expect((await reading)?.user.id).toBe('u1');
    platform.state.pending = null;
    platform.state.revoked = true;
    expect(await read()).toBeNull();
  });
});
