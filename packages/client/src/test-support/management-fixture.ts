import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ManagementClient } from '../management/client.js';
import type { ManagementClientConfig } from '../management/config.js';
import { type RecordedRequest, type RecordingServer, startRecordingServer } from './recording-server.js';

/** Path prefix of the test project's management API (`P` in the contract). */
export const P = '/api/management/projects/website';

/** The bearer token the test clients are seeded with. */
export const BEARER = 'seeded-bearer-token';

/** Credentials whose bearer token stays valid for the whole test run, so no token call is made. */
export const SEEDED_CREDENTIALS = {
  bearerToken: BEARER,
  bearerTokenExpiryDate: '2999-01-01T00:00:00.000Z',
} as const;

/**
 * Registers hooks that start a recording server for the file's tests and returns accessors for
 * it and for a management client seeded with a valid bearer token.
 */
export function useManagementServer(): {
  server: () => RecordingServer;
  client: (config?: ManagementClientConfig) => ManagementClient;
} {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  return {
    server: () => server,
    client: (config = {}) =>
      ManagementClient.create({
        rootUrl: server.url,
        projectId: 'website',
        credentials: SEEDED_CREDENTIALS,
        ...config,
      }),
  };
}

/** The parsed JSON body of a recorded request. */
export function jsonBody(request: RecordedRequest): unknown {
  return JSON.parse(request.body);
}

/** The parts of a recorded request most assertions compare, with the body parsed when present. */
export function summary(request: RecordedRequest): {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
} {
  return {
    method: request.method,
    path: request.path,
    query: request.query,
    body: request.body === '' ? undefined : JSON.parse(request.body),
  };
}
