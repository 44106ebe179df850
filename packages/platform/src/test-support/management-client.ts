import { ApiError, ManagementClient } from '@canopy/client';
import { expect } from 'vitest';
import type { RunningPlatform } from './platform-fixture.js';
import { issueTestToken, type TestTokenOptions } from './tokens.js';

/**
 * A management client for the platform that sends a fixed bearer token (tests issue tokens
 * with `issueTestToken`, so no sign-in happens here), for the demo project in its default
 * language unless `config` names others.
 *
 * @example
 * const admin = clientWithToken(platform, issueTestToken(platform.db, 'admin'));
 * const welsh = clientWithToken(platform, token, { language: 'cy' });
 */
export function clientWithToken(
  platform: RunningPlatform,
  token: string | null,
  config: { projectId?: string; language?: string } = {},
): ManagementClient {
  return ManagementClient.create(
    { rootUrl: platform.origin, projectId: platform.projectId, ...config },
    {
      authorizationHeaders: async (): Promise<Record<string, string>> =>
        token === null ? {} : { Authorization: `Bearer ${token}` },
    },
  );
}

/**
 * A management client holding a fresh token of a seeded user (by username) or API client.
 *
 * @example
 * const member = clientFor(platform, 'member');
 * const site = clientFor(platform, { clientId: 'canopy-website' }, { scopes: ['Entry_Read'] });
 */
export function clientFor(
  platform: RunningPlatform,
  subject: string | { clientId: string },
  options: TestTokenOptions = {},
): ManagementClient {
  return clientWithToken(platform, issueTestToken(platform.db, subject, options));
}

/** The status of a call that the client rejected (non-2xx answers), or 0 when it succeeded. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 0;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

/** The ApiError a call must reject with (anything else fails the test). */
export async function rejection(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

/** Awaits a call that must fail with `status`; returns the error body's message. */
export async function expectStatus(call: Promise<unknown>, status: number): Promise<string> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.status, JSON.stringify(apiError.data)).toBe(status);
  const message = (apiError.data as { message?: unknown } | null)?.message;
  expect(typeof message).toBe('string');
  return message as string;
}

/** Sends a raw request to a project-scoped management path (for bodies the client never sends). */
export function rawRequest(
  platform: RunningPlatform,
  token: string,
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<{ status: number; body: { message?: string; [key: string]: unknown } }> {
  return fetch(`${platform.origin}/api/management/projects/${platform.projectId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, Accept: 'application/json' },
    ...(body === undefined ? {} : { body }),
  }).then(async (response) => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  });
}

/**
 * Sends a raw request to a security API path (for what the client cannot send: malformed
 * bodies, POST searches), with a JSON content type and an admin token unless `token` is given.
 */
export function rawSecurityRequest(
  platform: RunningPlatform,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Response> {
  const { token = issueTestToken(platform.db, 'admin'), headers, ...rest } = init;
  return fetch(`${platform.origin}/api/security${path}`, {
    ...rest,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
  });
}
