import { Client } from '@canopy/client';
import type { RunningPlatform } from './platform-fixture.js';

/** A delivery client of the platform's demo project with its delivery token (published content). */
export function deliveryClient(platform: RunningPlatform): Client {
  return Client.create({
    rootUrl: platform.origin,
    projectId: platform.projectId,
    accessToken: platform.deliveryToken,
  });
}
