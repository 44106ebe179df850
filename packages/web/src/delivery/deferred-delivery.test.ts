import { describe, expect, it } from 'vitest';
import { deferredDeliveryAccess } from './deferred-delivery.js';
import { createDeliveryAccess, type DeliveryAccess } from './delivery-access.js';

const settings = { projectId: 'website', language: 'en-GB' };
const real = () => createDeliveryAccess({ rootUrl: 'http://127.0.0.1:9', ...settings });

describe('deferredDeliveryAccess', () => {
  it('loads the client once, on ready(), and serves clients from then on', async () => {
    let loads = 0;
    const access = deferredDeliveryAccess(settings, async () => {
      loads++;
      return real();
    });
    expect(access.projectId).toBe('website');
    expect(access.language).toBe('en-GB');
    expect(loads).toBe(0);
    expect(() => access.client({ versionStatus: 'published' })).toThrow(/await ready\(\)/);
    await Promise.all([access.ready?.(), access.ready?.()]);
    await access.ready?.();
    expect(loads).toBe(1);
    const client = access.client({ versionStatus: 'published' });
    expect(typeof client.nodes.get).toBe('function');
  });

  it('tries again after a failed load (a chunk that did not arrive)', async () => {
    let attempt = 0;
    const access = deferredDeliveryAccess(settings, async (): Promise<DeliveryAccess> => {
      attempt++;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return real();
    });
    await expect(access.ready?.()).rejects.toThrow(/dynamically imported/);
    expect(() => access.client({ versionStatus: 'published' })).toThrow();
    await access.ready?.();
    expect(attempt).toBe(2);
    expect(access.client({ versionStatus: 'latest' })).toBeDefined();
  });
});
