import {
  AuthTokenProvider,
  type AuthTokenProviderOptions,
  Client,
  ContensisAuthenticationError,
  ManagementClient,
  RESOURCE_SCOPES,
} from '@canopy/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callerFromAuthorization, requireScope } from '../../auth/caller.js';
import { MAX_FIELD_LENGTH } from '../../auth/grants.js';
import { TokenMessages } from '../../auth/token-response.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { HttpError } from '../../delivery/errors.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { accountState, postToken, setSuspended, userRecord } from '../../test-support/token-requests.js';

// One platform for the file, on a fake clock that tests move forward instead of sleeping. The
// access token lives 5 minutes, the refresh token 15 days (the client's assumption).
const ACCESS_SECONDS = 300;
const REFRESH_SECONDS = 15 * 24 * 3600;
let clock = Date.now();
let platform: RunningPlatform;

const [admin, editor, member] = DEMO_ACCOUNTS as [
  (typeof DEMO_ACCOUNTS)[number],
  (typeof DEMO_ACCOUNTS)[number],
  (typeof DEMO_ACCOUNTS)[number],
];

beforeAll(async () => {
  platform = await startDemoPlatform({
    now: () => clock,
    tokenLifetimes: { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

// Failed sign-ins count towards the throttle; a new window for every test keeps them apart.
beforeEach(() => {
  clock += 3600_000;
});

function provider(options: AuthTokenProviderOptions): AuthTokenProvider {
  return new AuthTokenProvider({ rootUrl: platform.origin, now: () => clock, ...options });
}

function callerOf(token: string) {
  return callerFromAuthorization(platform.db, `Bearer ${token}`, clock);
}

async function authenticationError(run: () => Promise<unknown>): Promise<ContensisAuthenticationError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ContensisAuthenticationError) return error;
    throw error;
  }
  throw new Error('expected the token request to be refused');
}

describe('client_credentials', () => {
  it('signs the management client in with resource scopes only, no refresh or classic token', async () => {
    const client = ManagementClient.create({
      rootUrl: platform.origin,
      projectId: platform.projectId,
      clientType: 'client_credentials',
      clientDetails: { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET },
    });
    const headers = await client.authorizationHeaders();
    const credentials = client.getCredentials()!;
    expect(headers).toEqual({ Authorization: `Bearer ${credentials.bearerToken}` });
    expect(credentials).toMatchObject({ refreshToken: null, contensisClassicToken: null });
    const caller = callerFromAuthorization(platform.db, headers.Authorization, clock);
    expect(caller).toMatchObject({ kind: 'client', id: DEFAULT_CLIENT_ID, name: 'Canopy website' });
    expect([...caller.scopes]).toEqual([...RESOURCE_SCOPES]);
  });

  it('answers exactly the contract shape, never cached, without the classic header', async () => {
    const answer = await postToken(platform.origin, {
      scope: 'openid offline_access Entry_Read Bogus_Scope',
      grant_type: 'client_credentials',
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: ACCESS_SECONDS,
      token_type: 'Bearer',
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.has('x-contensis-classic-token')).toBe(false);
    // Identity scopes are a person's; unknown scopes are dropped, not refused.
    const caller = callerOf(answer.body.access_token as string);
    expect([...caller.scopes]).toEqual(['Entry_Read']);
    expect(() => requireScope(caller, 'Entry_Read')).not.toThrow();
    expect(() => requireScope(caller, 'Entry_Write')).toThrow(
      expect.objectContaining({ status: 403 }) as unknown as Error,
    );
  });

  it('refuses a wrong secret and an unknown client alike with invalid_client', async () => {
    const before = accountState(platform.db);
    const wrongSecret = await authenticationError(() =>
      provider({
        clientType: 'client_credentials',
        clientDetails: { clientId: DEFAULT_CLIENT_ID, clientSecret: 'not-the-secret' },
      }).authenticate(),
    );
    const unknown = await postToken(platform.origin, {
      grant_type: 'client_credentials',
      client_id: 'no-such-client',
      client_secret: DEFAULT_CLIENT_SECRET,
    });
    expect(wrongSecret).toMatchObject({ message: 'invalid_client', status: 400 });
    expect(wrongSecret.data).toEqual(unknown.body);
    expect(unknown.body).toEqual({ error: 'invalid_client', error_description: TokenMessages.badClient });
    expect(accountState(platform.db)).toEqual(before);
  });

  it('refuses a scope request with nothing a client may hold', async () => {
    const answer = await postToken(platform.origin, {
      scope: 'openid offline_access',
      grant_type: 'client_credentials',
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });
});

describe('contensis_classic', () => {
  it('signs a user in with every requested scope, a refresh token and the classic token', async () => {
    const client = ManagementClient.create(
      { rootUrl: platform.origin, projectId: platform.projectId },
      provider({
        clientType: 'contensis_classic',
        clientDetails: { username: editor.username, password: editor.password },
      }),
    );
    const { Authorization } = await client.authorizationHeaders();
    const credentials = client.getCredentials()!;
    expect(credentials.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(credentials.contensisClassicToken).toMatch(/^[\w-]{43}$/);
    expect(
      new Set([credentials.bearerToken, credentials.refreshToken, credentials.contensisClassicToken]).size,
    ).toBe(3);
    expect(Date.parse(credentials.bearerTokenExpiryDate!)).toBe(clock + ACCESS_SECONDS * 1000);
    const caller = callerFromAuthorization(platform.db, Authorization, clock);
    expect(caller).toMatchObject({ kind: 'user', name: 'editor' });
    expect([...caller.scopes]).toEqual(['openid', 'offline_access', ...RESOURCE_SCOPES]);
  });

  it('accepts the email and any letter case, and records the sign-in on the user', async () => {
    const before = userRecord(platform.db, 'member');
    const answer = await postToken(platform.origin, {
      grant_type: 'contensis_classic',
      username: 'MEMBER@Aberwen.Example',
      password: member.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.refresh_token).toEqual(expect.any(String));
    expect(answer.headers.get('x-contensis-classic-token')).toMatch(/^[\w-]{43}$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(userRecord(platform.db, 'member')).toMatchObject({
      lastLogin: new Date(clock).toISOString(),
      successfulLoginAttempts: (before.successfulLoginAttempts as number) + 1,
      failedLoginAttemptsSinceLastSuccess: 0,
    });
  });

  it('gives the same answer for an unknown user, a wrong password and a suspended account', async () => {
    const attempt = (username: string, password: string) =>
      postToken(platform.origin, { grant_type: 'contensis_classic', username, password });
    const before = userRecord(platform.db, 'admin');
    const unknown = await attempt('nobody-here', 'whatever-1');
    const wrong = await attempt('admin', 'whatever-1');
    setSuspended(platform.db, 'member', true);
    try {
      const suspended = await attempt('member', member.password);
      const expected = {
        status: 400,
        body: { error: 'invalid_grant', error_description: TokenMessages.badSignIn },
      };
      for (const answer of [unknown, wrong, suspended]) {
        expect({ status: answer.status, body: answer.body }).toEqual(expected);
        expect(answer.headers.has('x-contensis-classic-token')).toBe(false);
      }
    } finally {
      setSuspended(platform.db, 'member', false);
    }
    // The failure is on the admin's record; a success later resets the run of failures.
    expect(userRecord(platform.db, 'admin')).toMatchObject({
      lastFailedLogin: new Date(clock).toISOString(),
      failedLoginAttempts: (before.failedLoginAttempts as number) + 1,
      failedLoginAttemptsSinceLastSuccess: (before.failedLoginAttemptsSinceLastSuccess as number) + 1,
    });
    await provider({
      clientType: 'contensis_classic',
      clientDetails: { username: 'admin', password: admin.password },
    }).authenticate();
    expect(userRecord(platform.db, 'admin')).toMatchObject({ failedLoginAttemptsSinceLastSuccess: 0 });
  });

  it('surfaces the OAuth error through the client', async () => {
    const error = await authenticationError(() =>
      ManagementClient.create({
        rootUrl: platform.origin,
        projectId: platform.projectId,
        clientType: 'contensis_classic',
        clientDetails: { username: 'editor', password: 'wrong password' },
      }).authorizationHeaders(),
    );
    expect(error).toMatchObject({
      name: 'ContensisAuthenticationError',
      message: 'invalid_grant',
      status: 400,
    });
  });
});

describe('token lifetimes', () => {
  it('fetches a new access token once the old one is within the client margin, and the old one expires', async () => {
    const tokens = provider({
      clientType: 'client_credentials',
      clientDetails: { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET },
    });
    const first = await tokens.ensureBearerToken();
    clock += (ACCESS_SECONDS - 61) * 1000;
    expect(await tokens.ensureBearerToken()).toBe(first);
    expect(callerOf(first!).kind).toBe('client');
    clock += 1000;
    const second = await tokens.ensureBearerToken();
    expect(second).not.toBe(first);
    clock += 60_000;
    expect(() => callerOf(first!)).toThrow(HttpError);
    expect(callerOf(second!).kind).toBe('client');
  });

  it('serves delivery requests with a bearer token until it expires', async () => {
    const answer = await postToken(platform.origin, {
      grant_type: 'client_credentials',
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
    });
    const headers = { Authorization: `Bearer ${answer.body.access_token}` };
    expect((await platform.get('', { token: null, headers })).status).toBe(200);
    clock += ACCESS_SECONDS * 1000;
    expect((await platform.get('', { token: null, headers })).status).toBe(401);
  });

  it('keeps the original refresh token usable until it expires, then answers invalid_grant', async () => {
    const signIn = await postToken(platform.origin, {
      grant_type: 'contensis_classic',
      username: 'editor',
      password: editor.password,
    });
    const refreshToken = signIn.body.refresh_token as string;
    const signInSession = callerOf(signIn.body.access_token as string).sessionId;
    // The framework refreshes with a new client holding the original refresh token (§3.3).
    const refreshing = () =>
      provider({ clientType: 'contensis_classic_refresh_token', clientDetails: { refreshToken } });
    const first = refreshing();
    const credentials = await first.authenticate();
    expect(credentials.refreshToken).not.toBe(refreshToken);
    expect(credentials.contensisClassicToken).toEqual(expect.any(String));
    expect(callerOf(credentials.bearerToken!)).toMatchObject({ name: 'editor', sessionId: signInSession });
    clock += (REFRESH_SECONDS - 3600) * 1000;
    const again = await refreshing().authenticate();
    expect(callerOf(again.bearerToken!).sessionId).toBe(signInSession);
    clock += 3600_000;
    const error = await authenticationError(() => refreshing().authenticate());
    expect(error.message).toBe('invalid_grant');
    // A refresh token issued later in the session lives on.
    const later = await provider({
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken: again.refreshToken! },
    }).authenticate();
    expect(callerOf(later.bearerToken!).name).toBe('editor');
  });

  it('refuses a refresh for a suspended user and never widens the scopes', async () => {
    const signIn = await postToken(platform.origin, {
      scope: 'openid offline_access Entry_Read',
      grant_type: 'contensis_classic',
      username: 'member',
      password: member.password,
    });
    const refreshToken = signIn.body.refresh_token as string;
    const refreshed = await postToken(platform.origin, {
      scope: 'openid offline_access Entry_Read Entry_Write',
      grant_type: 'contensis_classic_refresh_token',
      refresh_token: refreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('x-contensis-classic-token')).toEqual(expect.any(String));
    expect([...callerOf(refreshed.body.access_token as string).scopes]).toEqual([
      'openid',
      'offline_access',
      'Entry_Read',
    ]);
    setSuspended(platform.db, 'member', true);
    try {
      const refused = await postToken(platform.origin, {
        grant_type: 'contensis_classic_refresh_token',
        refresh_token: refreshToken,
      });
      expect(refused.body).toEqual({
        error: 'invalid_grant',
        error_description: TokenMessages.badRefreshToken,
      });
    } finally {
      setSuspended(platform.db, 'member', false);
    }
  });

  it('does not take an access or classic token as a refresh token', async () => {
    const signIn = await postToken(platform.origin, {
      grant_type: 'contensis_classic',
      username: 'editor',
      password: editor.password,
    });
    for (const value of [
      signIn.body.access_token as string,
      signIn.headers.get('x-contensis-classic-token')!,
    ]) {
      const answer = await postToken(platform.origin, {
        grant_type: 'contensis_classic_refresh_token',
        refresh_token: value,
      });
      expect(answer.body.error).toBe('invalid_grant');
    }
  });
});

describe('delivery with a bearer token', () => {
  it('lets the delivery client sign in with client credentials', async () => {
    const client = Client.create({
      rootUrl: platform.origin,
      projectId: platform.projectId,
      clientType: 'client_credentials',
      clientDetails: { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET },
    });
    expect((await client.project.get()).id).toBe('website');
  });

  it('previews only for callers whose roles let them view entries', async () => {
    const latest = async (username: string, password: string, scope?: string) => {
      const answer = await postToken(platform.origin, {
        ...(scope ? { scope } : {}),
        grant_type: 'contensis_classic',
        username,
        password,
      });
      const headers = { Authorization: `Bearer ${answer.body.access_token}` };
      const read = await platform.get('/entries?versionStatus=latest&pageSize=1', { token: null, headers });
      const publishedRead = await platform.get('/entries?pageSize=1', { token: null, headers });
      return [publishedRead.status, read.status];
    };
    expect(await latest('editor', editor.password)).toEqual([200, 200]);
    expect(await latest('member', member.password)).toEqual([200, 403]);
    // Without the Entry_Read scope the token reads what the public may read, no drafts.
    expect(await latest('editor', editor.password, 'openid offline_access')).toEqual([200, 403]);
  });
});

describe('malformed and hostile requests', () => {
  const oversized = 'x'.repeat(MAX_FIELD_LENGTH + 1);
  const cases: [string, string, string?][] = [
    ['no grant type', 'username=editor&password=x'],
    ['an unknown grant type', 'grant_type=password&username=editor&password=x'],
    ['"null" as the grant type', 'grant_type=null'],
    ['a missing password', 'grant_type=contensis_classic&username=editor'],
    ['a missing username', 'grant_type=contensis_classic&password=x'],
    ['a missing client secret', `grant_type=client_credentials&client_id=${DEFAULT_CLIENT_ID}`],
    ['a missing refresh token', 'grant_type=contensis_classic_refresh_token'],
    ['an oversized password', `grant_type=contensis_classic&username=editor&password=${oversized}`],
    ['an oversized username', `grant_type=contensis_classic&username=${oversized}&password=x`],
    ['an oversized scope', `scope=${oversized}&grant_type=client_credentials&client_id=a&client_secret=b`],
    ['an empty body', ''],
    ['a body over the size limit', `grant_type=client_credentials&junk=${'y'.repeat(64 * 1024)}`],
    ['prototype keys', '__proto__=x&constructor=y&grant_type=__proto__&hasOwnProperty=z'],
    ['broken percent-encoding', 'grant_type=contensis_classic&username=%E0%A4%A&password=%'],
    ['a JSON body', JSON.stringify({ grant_type: 'client_credentials' }), 'application/json'],
    ['a text body', 'grant_type=client_credentials', 'text/plain'],
    ['an invalid JSON body', '{"grant_type":', 'application/json'],
  ];

  it.each(cases)('answers %s with 400 and an OAuth error, changing nothing', async (_name, body, type) => {
    const before = accountState(platform.db);
    const answer = await postToken(platform.origin, body, type);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: expect.stringMatching(/^(invalid_request|unsupported_grant_type|invalid_grant)$/),
      error_description: expect.any(String),
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(accountState(platform.db)).toEqual(before);
  });

  it('names the problem: missing field, oversized field, unsupported grant', async () => {
    const errorOf = async (body: string) => (await postToken(platform.origin, body)).body;
    expect(await errorOf('grant_type=contensis_classic&username=editor')).toEqual({
      error: 'invalid_request',
      error_description: TokenMessages.missing('password'),
    });
    expect(await errorOf(`grant_type=contensis_classic&username=editor&password=${oversized}`)).toEqual({
      error: 'invalid_request',
      error_description: TokenMessages.tooLong('password', MAX_FIELD_LENGTH),
    });
    expect((await errorOf('grant_type=authorization_code')).error).toBe('unsupported_grant_type');
  });

  it('uses the first of repeated fields and ignores unknown ones', async () => {
    const answer = await postToken(
      platform.origin,
      `grant_type=client_credentials&client_id=${DEFAULT_CLIENT_ID}&client_secret=${DEFAULT_CLIENT_SECRET}` +
        '&client_secret=wrong&extra=1&__proto__=polluted',
    );
    expect(answer.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps answering forms with 415 on every other endpoint', async () => {
    const response = await fetch(`${platform.origin}/REST/Contensis/Security/IsAuthenticated`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'securityToken=abc',
    });
    expect(response.status).toBe(415);
  });
});
