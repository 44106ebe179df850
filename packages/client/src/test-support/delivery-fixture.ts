import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ClientConfig } from '../config.js';
import { Client } from '../delivery/client.js';
import { type RecordingServer, startRecordingServer } from './recording-server.js';

/** Path prefix of the test project's delivery API. */
export const ROOT = '/api/delivery/projects/website';

/**
 * Registers hooks that start a recording server for the file's tests and returns accessors for
 * it and for a client configured against it.
 */
export function useDeliveryServer(): {
  server: () => RecordingServer;
  client: (config?: ClientConfig) => Client;
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
      Client.create({ rootUrl: server.url, projectId: 'website', accessToken: 'delivery-token', ...config }),
  };
}
