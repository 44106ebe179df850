import { ApiError, ManagementClient } from '@canopy/client';
import { expect } from 'vitest';
import type { RunningPlatform } from './platform-fixture.js';

/**
 * A management client for the platform that sends a fixed bearer token (tests issue tokens
 * with `issueTestToken`, so no sign-in happens here).
 *
 * @example
 * const admin = clientWithToken(platform, issueTestToken(platform.db, 'admin'));
 */
export function clientWithToken(platform: RunningPlatform, token: string | null): ManagementClient {
  return ManagementClient.create(
    { rootUrl: platform.origin, projectId: platform.projectId },
    {
      authorizationHeaders: async (): Promise<Record<string, string>> =>
        token === null ? {} : { Authorization: `Bearer ${token}` },
    },
  );
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
