import {
  AuthTokenProvider,
  Client,
  type CredentialsSnapshot,
  exchangeSecurityToken,
  logout,
  SecurityTokenError,
} from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_DENIED, callerFromAuthorization } from '../../auth/caller.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { HttpError } from '../../delivery/errors.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { accountState, postToken, setSuspended } from '../../test-support/token-requests.js';

let platform: RunningPlatform;
const editor = DEMO_ACCOUNTS[1]!;
const member = DEMO_ACCOUNTS[2]!;

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

async function signIn(username = 'editor', password = editor.password): Promise<CredentialsSnapshot> {
  return new AuthTokenProvider({
    rootUrl: platform.origin,
    clientType: 'contensis_classic',
    clientDetails: { username, password },
  }).authenticate();
}

function isAuthenticated(body: string, contentType = 'application/json') {
  return fetch(`${platform.origin}/REST/Contensis/Security/IsAuthenticated`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': contentType },
    body,
  });
}

function status401(token: string): number {
  try {
    callerFromAuthorization(platform.db, `Bearer ${token}`);
    return 200;
  } catch (error) {
    if (error instanceof HttpError && error.message === AUTHORIZATION_DENIED) return error.status;
    throw error;
  }
}

const refresh = (refreshToken: string) =>
  postToken(platform.origin, { grant_type: 'contensis_classic_refresh_token', refresh_token: refreshToken });

describe('classic security-token exchange', () => {
  it('answers a live classic token with LogonResult 0 and a refresh token of the same session', async () => {
    const credentials = await signIn();
    const response = await isAuthenticated(
      JSON.stringify({ securityToken: encodeURIComponent(credentials.contensisClassicToken!) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toEqual({
      LogonResult: 0,
      ApplicationData: [
        { Key: 'ContensisSecurityRefreshToken', Value: expect.stringMatching(/^[\w-]{43}$/) },
      ],
    });
    const refreshed = await refresh(body.ApplicationData[0].Value);
    expect(refreshed.status).toBe(200);
    const session = (token: string) => callerFromAuthorization(platform.db, `Bearer ${token}`).sessionId;
    expect(session(refreshed.body.access_token as string)).toBe(session(credentials.bearerToken!));
  });

  it('works through the client and decodes the URL-encoded token', async () => {
    const credentials = await signIn();
    const refreshToken = await exchangeSecurityToken(credentials.contensisClassicToken!, {
      rootUrl: platform.origin,
    });
    expect((await refresh(refreshToken)).status).toBe(200);
    // Every character percent-encoded, as a stricter encoder might send it.
    const encoded = [...credentials.contensisClassicToken!]
      .map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
      .join('');
    const body = await (await isAuthenticated(JSON.stringify({ securityToken: encoded }))).json();
    expect(body.LogonResult).toBe(0);
  });

  it('answers anything but a live classic token of an active user with LogonResult 1', async () => {
    const credentials = await signIn('member', member.password);
    const suspendedToken = credentials.contensisClassicToken!;
    const cases = [
      'not-a-token',
      '',
      '%E0%A4%A',
      'x'.repeat(5000),
      credentials.bearerToken!,
      credentials.refreshToken!,
    ];
    for (const securityToken of cases) {
      const response = await isAuthenticated(JSON.stringify({ securityToken }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ LogonResult: 1, ApplicationData: [] });
    }
    setSuspended(platform.db, 'member', true);
    try {
      const response = await isAuthenticated(JSON.stringify({ securityToken: suspendedToken }));
      expect(await response.json()).toEqual({ LogonResult: 1, ApplicationData: [] });
      await expect(exchangeSecurityToken(suspendedToken, { rootUrl: platform.origin })).rejects.toMatchObject(
        {
          name: 'SecurityTokenError',
          message: 'Security token is invalid',
          data: [],
        },
      );
    } finally {
      setSuspended(platform.db, 'member', false);
    }
  });

  it.each([
    ['invalid JSON', '{"securityToken":'],
    ['an empty body', ''],
    ['an array', '["abc"]'],
    ['a number token', '{"securityToken":5}'],
    ['no token', '{"token":"abc"}'],
    ['null', 'null'],
  ])('answers %s with 400 and changes nothing', async (_name, body) => {
    const before = accountState(platform.db);
    const response = await isAuthenticated(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', message: expect.any(String) });
    expect(accountState(platform.db)).toEqual(before);
  });

  it('reports a refused request through the client', async () => {
    const error = await exchangeSecurityToken('whatever', { rootUrl: platform.origin }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SecurityTokenError);
    expect((error as SecurityTokenError).message).toBe('Security token is invalid');
  });
});

describe('logout', () => {
  const logoutUrl = () => `${platform.origin}/authenticate/logout?jsonResponseRequired=true`;

  it('revokes the session of the bearer token: every token of the sign-in stops working', async () => {
    const credentials = await signIn();
    const client = Client.create(
      { rootUrl: platform.origin, projectId: platform.projectId },
      { authorizationHeaders: async () => ({ Authorization: `Bearer ${credentials.bearerToken}` }) },
    );
    expect((await client.project.get()).id).toBe('website');

    const response = await fetch(logoutUrl(), {
      headers: { Authorization: `Bearer ${credentials.bearerToken}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ loggedOut: true });

    expect(status401(credentials.bearerToken!)).toBe(401);
    await expect(client.project.get()).rejects.toMatchObject({ status: 401 });
    expect((await refresh(credentials.refreshToken!)).body.error).toBe('invalid_grant');
    const exchange = await isAuthenticated(
      JSON.stringify({ securityToken: credentials.contensisClassicToken }),
    );
    expect((await exchange.json()).LogonResult).toBe(1);
  });

  it("revokes the sessions behind the framework's cookies and leaves other sessions alone", async () => {
    const first = await signIn();
    const second = await signIn();
    const other = await signIn();
    const cookie = [
      `ContensisCMSUserName=${encodeURIComponent(first.contensisClassicToken!)}`,
      'junk',
      '=empty-name',
      `RefreshToken="${second.refreshToken}"`,
      'Bogus=%E0%A4%A',
    ].join('; ');
    const response = await fetch(logoutUrl(), { headers: { Cookie: cookie } });
    expect(await response.json()).toEqual({ loggedOut: true });
    expect(status401(first.bearerToken!)).toBe(401);
    expect(status401(second.bearerToken!)).toBe(401);
    expect(status401(other.bearerToken!)).toBe(200);
  });

  it('is idempotent and answers 200 with nothing, garbage or spent tokens', async () => {
    const credentials = await signIn();
    const headers = { Authorization: `Bearer ${credentials.bearerToken}` };
    for (const init of [
      { headers },
      { headers },
      {},
      { headers: { Authorization: 'Bearer' } },
      { headers: { Authorization: `Bearer ${'x'.repeat(4000)}` } },
      { headers: { Cookie: 'RefreshToken=; ContensisCMSUserName=%%%' } },
    ]) {
      const response = await fetch(logoutUrl(), init);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ loggedOut: true });
    }
    expect(await logout({ rootUrl: platform.origin })).toBe(true);
  });

  it('ends a client-credentials session too', async () => {
    const provider = new AuthTokenProvider({
      rootUrl: platform.origin,
      clientType: 'client_credentials',
      clientDetails: { clientId: DEFAULT_CLIENT_ID, clientSecret: DEFAULT_CLIENT_SECRET },
    });
    const token = (await provider.ensureBearerToken())!;
    const delivery = (value: string) =>
      platform.get('', { token: null, headers: { Authorization: `Bearer ${value}` } });
    expect((await delivery(token)).status).toBe(200);
    await fetch(logoutUrl(), { headers: { Authorization: `Bearer ${token}` } });
    expect((await delivery(token)).status).toBe(401);
    // The provider still believes in its token (no retry on 401, §3.3); a new grant works.
    expect(await provider.ensureBearerToken()).toBe(token);
    await provider.authenticate();
    expect((await delivery((await provider.ensureBearerToken())!)).status).toBe(200);
  });
});
