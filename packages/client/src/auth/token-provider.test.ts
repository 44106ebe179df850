import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManagementClient } from '../management/client.js';
import {
  type RecordedRequest,
  type RecordingServer,
  startRecordingServer,
} from '../test-support/recording-server.js';
import { ContensisApplicationError, ContensisAuthenticationError } from './errors.js';
import { AuthTokenProvider, type AuthTokenProviderOptions } from './token-provider.js';

const TOKEN_PATH = '/authenticate/connect/token';
const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** A test clock that only moves when told to. */
function clock(start = T0) {
  let now = start;
  return { now: () => now, set: (value: number) => (now = value) };
}

let issued = 0;
/** Answers token requests with numbered tokens and everything else with `{}`. */
function tokenServer(
  answer: (request: RecordedRequest) => { body: unknown; headers?: Record<string, string> },
) {
  server.respond((request) =>
    request.path === TOKEN_PATH ? { delay: 20, ...answer(request) } : { body: {} },
  );
}

function provider(options: AuthTokenProviderOptions = {}) {
  return new AuthTokenProvider({
    rootUrl: server.url,
    clientType: 'client_credentials',
    clientDetails: { clientId: 'CID', clientSecret: 'SEC' },
    ...options,
  });
}

const tokenRequests = () => server.requests.filter((request) => request.path === TOKEN_PATH);

describe('token request', () => {
  it('POSTs the form body with the exact content type and no JSON Accept header', async () => {
    tokenServer(() => ({ body: { access_token: 'A1', expires_in: 3600, token_type: 'Bearer' } }));
    await expect(provider().authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer A1' });
    const request = server.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(TOKEN_PATH);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(request.headers.accept).not.toBe('application/json');
    expect(request.body).toMatch(/^scope=Security_Administrator%20.*&grant_type=client_credentials&/);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toMatchObject({
      grant_type: 'client_credentials',
      client_id: 'CID',
      client_secret: 'SEC',
    });
  });

  it('sends each grant as its form body', async () => {
    tokenServer(() => ({ body: { access_token: 'A', expires_in: 3600 } }));
    await provider({
      clientType: 'contensis_classic',
      clientDetails: { username: 'u', password: 'p w' },
    }).authenticate();
    expect(server.last().body).toMatch(
      /^scope=openid%20offline_access%20.*&grant_type=contensis_classic&username=u&password=p%20w$/,
    );
    await provider({
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken: 'RT' },
    }).authenticate();
    expect(server.last().body).toMatch(/&grant_type=contensis_classic_refresh_token&refresh_token=RT$/);
  });
});

describe('bearer token lifetime (60-second margin)', () => {
  it('reuses the token until now + 60 s reaches the expiry, then fetches a new one first', async () => {
    issued = 0;
    tokenServer(() => ({ body: { access_token: `T${++issued}`, expires_in: 3600 } }));
    const time = clock();
    const tokens = provider({ now: time.now });
    expect(tokens.isBearerTokenExpired()).toBe(true);
    await expect(tokens.authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer T1' });
    expect(tokens.getCredentials().bearerTokenExpiryDate).toBe(new Date(T0 + 3_600_000).toISOString());

    time.set(T0 + 3_540_000 - 1); // 60 s + 1 ms before expiry: still valid
    expect(tokens.isBearerTokenExpired()).toBe(false);
    await expect(tokens.authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer T1' });
    expect(tokenRequests()).toHaveLength(1);

    time.set(T0 + 3_540_000); // exactly 60 s before expiry: expired
    expect(tokens.isBearerTokenExpired()).toBe(true);
    await expect(tokens.authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer T2' });
    expect(tokenRequests()).toHaveLength(2);
  });

  it('makes concurrent calls share one token request', async () => {
    issued = 0;
    tokenServer(() => ({ body: { access_token: `T${++issued}`, expires_in: 3600 } }));
    const tokens = provider();
    const headers = await Promise.all([1, 2, 3, 4, 5].map(() => tokens.authorizationHeaders()));
    expect(headers).toEqual(Array(5).fill({ Authorization: 'Bearer T1' }));
    expect(tokenRequests()).toHaveLength(1);
  });

  it('fetches the token before the first management call and reuses it after', async () => {
    issued = 0;
    tokenServer(() => ({ body: { access_token: `T${++issued}`, expires_in: 3600 } }));
    const client = ManagementClient.create({
      rootUrl: server.url,
      projectId: 'website',
      clientType: 'client_credentials',
      clientDetails: { clientId: 'CID', clientSecret: 'SEC' },
    });
    await Promise.all([client.projects.get(), client.nodes.getRoot()]);
    await client.roles.list();
    // One token request first; the concurrent API calls then go out in either order.
    expect(server.requests[0]?.path).toBe(TOKEN_PATH);
    expect(tokenRequests()).toHaveLength(1);
    expect(
      server.requests
        .slice(1)
        .map((request) => request.path)
        .sort(),
    ).toEqual([
      '/api/management/projects/website',
      '/api/management/projects/website/nodes/root',
      '/api/management/projects/website/security/roles',
    ]);
    for (const request of server.requests.slice(1)) expect(request.headers.authorization).toBe('Bearer T1');
  });
});

describe('refresh and classic tokens', () => {
  it('keeps a refresh token for 15 days only when the server returned one, and the classic token', async () => {
    const time = clock();
    tokenServer(() => ({
      body: { access_token: 'A', expires_in: 1200, refresh_token: 'R1' },
      headers: { 'x-contensis-classic-token': 'CLASSIC' },
    }));
    const tokens = provider({
      clientType: 'contensis_classic',
      clientDetails: { username: 'u', password: 'p' },
      now: time.now,
    });
    await expect(tokens.authenticate()).resolves.toEqual({
      bearerToken: 'A',
      bearerTokenExpiryDate: new Date(T0 + 1_200_000).toISOString(),
      refreshToken: 'R1',
      refreshTokenExpiryDate: new Date(T0 + 15 * DAY).toISOString(),
      contensisClassicToken: 'CLASSIC',
    });
    expect(tokens.isRefreshTokenExpired()).toBe(false);
    time.set(T0 + 15 * DAY - 60_000);
    expect(tokens.isRefreshTokenExpired()).toBe(true);

    tokenServer(() => ({ body: { access_token: 'B', expires_in: 1200 } }));
    await tokens.authenticate();
    expect(tokens.getCredentials()).toMatchObject({
      bearerToken: 'B',
      refreshToken: null,
      refreshTokenExpiryDate: null,
      contensisClassicToken: null,
    });
  });

  it('re-authenticates with the configured grant, not the refresh token it received', async () => {
    tokenServer(() => ({ body: { access_token: 'A', expires_in: 0, refresh_token: 'NEW' } }));
    const tokens = provider({
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken: 'OLD' },
    });
    await tokens.authorizationHeaders();
    await tokens.authorizationHeaders(); // expires_in 0: expired at once
    expect(tokenRequests().map((request) => new URLSearchParams(request.body).get('refresh_token'))).toEqual([
      'OLD',
      'OLD',
    ]);
  });
});

describe('seeding from a credentials snapshot', () => {
  it('uses a seeded bearer token while it is valid and survives a JSON round trip', async () => {
    issued = 0;
    tokenServer(() => ({ body: { access_token: `T${++issued}`, expires_in: 3600, refresh_token: 'R' } }));
    const time = clock();
    const first = provider({ now: time.now });
    await first.authenticate();
    const stored = JSON.parse(JSON.stringify(first.getCredentials()));

    const second = provider({ now: time.now, credentials: stored });
    expect(second.getCredentials()).toEqual(stored);
    await expect(second.authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer T1' });
    expect(tokenRequests()).toHaveLength(1);

    time.set(T0 + 3_600_000);
    await expect(second.authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer T2' });
    expect(tokenRequests()).toHaveLength(2);
  });

  it('accepts epoch milliseconds and Date objects as seeded expiry dates', () => {
    const time = clock();
    const tokens = provider({
      now: time.now,
      credentials: {
        bearerToken: 'S',
        bearerTokenExpiryDate: T0 + 120_000,
        refreshTokenExpiryDate: new Date(T0),
      },
    });
    expect(tokens.isBearerTokenExpired()).toBe(false);
    expect(tokens.getCredentials()).toMatchObject({
      bearerTokenExpiryDate: new Date(T0 + 120_000).toISOString(),
      refreshToken: null,
      refreshTokenExpiryDate: new Date(T0).toISOString(),
    });
    tokens.setCredentials({});
    expect(tokens.isBearerTokenExpired()).toBe(true);
  });

  it('without a grant sends a valid seeded token, and nothing once it expired', async () => {
    const time = clock();
    const tokens = new AuthTokenProvider({
      rootUrl: server.url,
      now: time.now,
      credentials: { bearerToken: 'S', bearerTokenExpiryDate: T0 + 120_000 },
    });
    await expect(tokens.authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer S' });
    time.set(T0 + 60_000);
    await expect(tokens.authorizationHeaders()).resolves.toEqual({});
    expect(server.requests).toHaveLength(0);
  });
});

describe('client type none and misconfiguration', () => {
  it('sends a fixed access token without any token request', async () => {
    const tokens = new AuthTokenProvider({ rootUrl: server.url, clientType: 'none', accessToken: 'AT' });
    await expect(tokens.authorizationHeaders()).resolves.toEqual({ accessToken: 'AT' });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects none without an access token, and a grant without its details, before any request', async () => {
    const none = new AuthTokenProvider({ rootUrl: server.url, clientType: 'none' });
    await expect(none.authorizationHeaders()).rejects.toThrow(
      'If the property clientType is set to "none" then the property accessToken must be provided.',
    );
    const noDetails = new AuthTokenProvider({ rootUrl: server.url, clientType: 'client_credentials' });
    await expect(noDetails.authorizationHeaders()).rejects.toThrow(
      'If the property client type is set to "client_credentials" then the property clientDetails must be set to a ClientCredentialsGrant value.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a relative root URL outside a browser', async () => {
    await expect(provider({ rootUrl: '' }).authenticate()).rejects.toThrow(
      'You cannot specify a relative root url if not in a browser context.',
    );
  });
});

describe('token errors', () => {
  it("rejects a refused grant with ContensisAuthenticationError whose message is the OAuth 'error'", async () => {
    server.respond({ status: 400, body: { error: 'invalid_client' } });
    const error = await provider()
      .authorizationHeaders()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContensisAuthenticationError);
    expect(error).toMatchObject({
      name: 'ContensisAuthenticationError',
      message: 'invalid_client',
      status: 400,
      data: { error: 'invalid_client' },
    });
  });

  it('uses the whole JSON body as the message when it has no error field', async () => {
    server.respond({ status: 401, body: { message: 'nope', code: 7 } });
    const error = await provider()
      .authenticate()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContensisAuthenticationError);
    expect((error as Error).message).toBe('{"message":"nope","code":7}');
  });

  it('rejects an unparsable response with ContensisApplicationError', async () => {
    server.respond({ status: 200, body: '<html>', headers: { 'content-type': 'text/html' } });
    const error = await provider()
      .authenticate()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContensisApplicationError);
    expect((error as Error).name).toBe('ContensisApplicationError');
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it('rejects a network failure with ContensisApplicationError', async () => {
    const closed = await startRecordingServer();
    const url = closed.url;
    await closed.close();
    const error = await provider({ rootUrl: url })
      .authenticate()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContensisApplicationError);
    expect((error as Error).cause).toBeDefined();
  });

  it('rejects a 2xx answer without access_token, and tries again on the next call', async () => {
    server.respond({ body: { expires_in: 3600 } });
    const tokens = provider();
    await expect(tokens.authorizationHeaders()).rejects.toThrow(
      'The token response did not contain an access_token.',
    );
    server.respond({ body: { access_token: 'OK', expires_in: 3600 } });
    await expect(tokens.authorizationHeaders()).resolves.toEqual({ Authorization: 'Bearer OK' });
    expect(tokenRequests()).toHaveLength(2);
  });

  it('surfaces token errors through the API clients, without calling the API', async () => {
    server.respond({ status: 400, body: { error: 'invalid_grant' } });
    const client = ManagementClient.create({
      rootUrl: server.url,
      projectId: 'website',
      clientType: 'contensis_classic',
      clientDetails: { username: 'u', password: 'wrong' },
    });
    await expect(client.projects.get()).rejects.toMatchObject({
      name: 'ContensisAuthenticationError',
      message: 'invalid_grant',
    });
    expect(server.requests.map((request) => request.path)).toEqual([TOKEN_PATH]);
  });
});
