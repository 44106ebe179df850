import { describe, expect, it } from 'vitest';
import { siteServerOptionsFromEnv } from './options.js';
import { bannerSecret, bannerUrl, MASKED, startBanner } from './start-banner.js';

describe('the start banner', () => {
  it('shows the demo defaults and masks every other secret', () => {
    const demo = startBanner(siteServerOptionsFromEnv({}), 'http://127.0.0.1:3000', 'start').join('\n');
    expect(demo).toContain('canopy-demo-delivery-token (demo)');
    expect(demo).toContain('canopy-demo-preview-token (demo)');
    expect(demo).toContain('API client      none');

    const env = {
      CANOPY_PLATFORM_URL: 'https://site:pl4tform-pass@platform.internal:8443/?key=k3y',
      CANOPY_DELIVERY_TOKEN: 'real-delivery-7f3a',
      CANOPY_PREVIEW_TOKEN: 'real-preview-91bc',
      CANOPY_CLIENT_ID: 'www-site',
      CANOPY_CLIENT_SECRET: 'real-client-secret-55d0',
    };
    const real = startBanner(siteServerOptionsFromEnv(env), 'http://0.0.0.0:3000', 'start').join('\n');
    for (const secret of [
      'pl4tform-pass',
      'k3y',
      'real-delivery-7f3a',
      'real-preview-91bc',
      'real-client-secret-55d0',
    ]) {
      expect(real).not.toContain(secret);
    }
    expect(real).toContain('https://site:***@platform.internal:8443/?key=***');
    expect(real).toContain('www-site, secret');
    expect(real.split(MASKED).length - 1).toBe(3);
  });

  it('prints a demo secret only when it is exactly the demo value', () => {
    expect(bannerSecret('canopy-demo-client-secret')).toBe('canopy-demo-client-secret (demo)');
    expect(bannerSecret('canopy-demo-client-secret2')).toBe(MASKED);
    expect(bannerSecret(null)).toBe('none');
  });

  it('never prints a URL it cannot parse', () => {
    expect(bannerUrl('http://user:pass@')).toBe('(not a valid URL)');
    expect(bannerUrl('http://127.0.0.1:3001')).toBe('http://127.0.0.1:3001/');
  });
});
