import { describe, expect, it } from 'vitest';
import { deliveryProxyPath } from './proxy.js';

describe('deliveryProxyPath', () => {
  it('passes calls for the site project, without any token parameter', () => {
    expect(
      deliveryProxyPath('/api/delivery/projects/website/nodes/root?accessToken=x&depth=2', 'website'),
    ).toBe('/api/delivery/projects/website/nodes/root?depth=2');
    expect(deliveryProxyPath('/api/delivery/projects/website', 'website')).toBe(
      '/api/delivery/projects/website',
    );
    expect(deliveryProxyPath('/api/delivery/projects/website/entries?ACCESSTOKEN=y', 'website')).toBe(
      '/api/delivery/projects/website/entries',
    );
  });

  it('refuses other projects and look-alike prefixes', () => {
    expect(deliveryProxyPath('/api/delivery/projects/other/nodes/root', 'website')).toBeNull();
    expect(deliveryProxyPath('/api/delivery/projects/websiteX/nodes', 'website')).toBeNull();
    expect(deliveryProxyPath('/api/delivery/projects', 'website')).toBeNull();
  });
});
