import type { ManagementClient } from '@canopy/client';
import type { PlatformEvent } from '../events/bus.js';
import { clientFor, clientWithToken } from './management-client.js';
import { type RunningPlatform, startRecordingPlatform } from './platform-fixture.js';
import { issueTestToken } from './tokens.js';

/** The demo platform of a management API test file, with the seeded accounts signed in. */
export interface ManagementTestbed {
  platform: RunningPlatform;
  /** Bearer tokens of the seeded admin and editor users, for raw requests. */
  adminToken: string;
  editorToken: string;
  /** Clients of the seeded admin, editor and member users. */
  admin: ManagementClient;
  editor: ManagementClient;
  member: ManagementClient;
  /** The demo site's API client. */
  site: ManagementClient;
}

/**
 * Starts the demo platform for a management API test file, pushing every event it publishes
 * onto `events`, and signs in the accounts such tests act as.
 *
 * @example
 * beforeAll(async () => {
 *   ({ platform, admin } = await startManagementTestbed(events));
 * }, 60_000);
 */
export async function startManagementTestbed(events: PlatformEvent[]): Promise<ManagementTestbed> {
  const platform = await startRecordingPlatform(events);
  const adminToken = issueTestToken(platform.db, 'admin');
  const editorToken = issueTestToken(platform.db, 'editor');
  return {
    platform,
    adminToken,
    editorToken,
    admin: clientWithToken(platform, adminToken),
    editor: clientWithToken(platform, editorToken),
    member: clientFor(platform, 'member'),
    site: clientFor(platform, { clientId: 'canopy-website' }),
  };
}
