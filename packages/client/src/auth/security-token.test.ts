import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import { ContensisApplicationError, SecurityTokenError } from './errors.js';
import { logout } from './logout.js';
import { exchangeSecurityToken } from './security-token.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const PATH = '/REST/Contensis/Security/IsAuthenticated';

describe('classic security-token exchange (contract §3.7)', () => {
  it('POSTs the URL-encoded token as JSON and resolves with the refresh token', async () => {
    server.respond({
      body: {
        LogonResult: 0,
        ApplicationData: [
          { Key: 'Other', Value: 'x' },
          { Key: 'ContensisSecurityRefreshToken', Value: 'REFRESH' },
        ],
      },
    });
    await expect(exchangeSecurityToken('a b/c+d=', { rootUrl: `${server.url}/` })).resolves.toBe('REFRESH');
    const request = server.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(PATH);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ securityToken: 'a%20b%2Fc%2Bd%3D' });
  });

  it.each([
    [
      'an invalid token',
      { body: { LogonResult: 1, ApplicationData: [{ Key: 'Reason', Value: 'expired' }] } },
      'Security token is invalid',
      { status: null, data: [{ Key: 'Reason', Value: 'expired' }] },
    ],
    [
      'a missing refresh token',
      { body: { LogonResult: 0, ApplicationData: [] } },
      'Fetch credentials: Unable to find ContensisSecurityRefreshToken',
      { status: null },
    ],
    [
      'a refused call',
      { status: 500, body: { message: 'boom' } },
      'Fetch credentials error: 500 Internal Server Error',
      { status: 500 },
    ],
    [
      'a body that is not JSON',
      { body: '<html>', headers: { 'content-type': 'text/html' } },
      'Failed to fetch credentials',
      {},
    ],
  ])('rejects %s with the framework message', async (_case, response, message, fields) => {
    server.respond(response);
    const error = await exchangeSecurityToken('tok', { rootUrl: server.url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecurityTokenError);
    expect(error).toMatchObject({ name: 'SecurityTokenError', message, ...fields });
  });

  it("rejects a network failure with 'Failed to fetch credentials'", async () => {
    const closed = await startRecordingServer();
    const url = closed.url;
    await closed.close();
    const error = (await exchangeSecurityToken('tok', { rootUrl: url }).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('Failed to fetch credentials');
    expect(error.cause).toBeDefined();
  });
});

describe('logout (contract §3.6)', () => {
  it('GETs the logout endpoint with the browser cookies and ignores the body', async () => {
    const inits: RequestInit[] = [];
    const fetchFn: typeof fetch = (input, init) => {
      inits.push(init ?? {});
      return fetch(input, init);
    };
    server.respond({ body: { anything: true } });
    await expect(logout({ rootUrl: server.url, fetchFn })).resolves.toBe(true);
    expect(server.last()).toMatchObject({
      method: 'GET',
      path: '/authenticate/logout',
      query: { jsonResponseRequired: 'true' },
    });
    expect(inits[0]?.credentials).toBe('include');
    server.respond({ status: 500, body: {} });
    await expect(logout({ rootUrl: server.url })).resolves.toBe(false);
  });

  it('rejects a network failure with ContensisApplicationError', async () => {
    const closed = await startRecordingServer();
    const url = closed.url;
    await closed.close();
    await expect(logout({ rootUrl: url })).rejects.toBeInstanceOf(ContensisApplicationError);
  });
});
