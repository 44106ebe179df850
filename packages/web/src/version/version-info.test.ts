import { describe, expect, it } from 'vitest';
import {
  buildVersionInfo,
  commitLink,
  isGreen,
  publicVersionInfo,
  type VersionInfoInput,
} from './version-info.js';

const input: VersionInfoInput = {
  packageName: '@canopy/site',
  packageVersion: '0.1.0',
  repository: 'git+https://github.com/acme/site.git',
  pipelineUrl: null,
  commitRef: 'abc123',
  buildNo: '42',
  project: 'website',
  environmentAlias: null,
  publicUri: 'https://www.example.com',
  packageVersions: { '@canopy/web': '0.1.0' },
  servers: { web: null, preview: null, api: null, cms: null, iis: null, iisPreview: null },
  reverseProxyPaths: ['/image-library/*'],
  projects: [{ id: 'website', publicUri: 'https://www.example.com' }],
  deliveryApi: {
    rootUrl: 'http://127.0.0.1:3001',
    projectId: 'website',
    language: 'en-GB',
    accessToken: 'configured',
    previewToken: 'missing',
    cacheEntries: 100,
    cacheSeconds: 60,
  },
  proxyDeliveryApi: true,
  disableInlineState: false,
  environment: 'production',
};

describe('buildVersionInfo', () => {
  it('derives the commit link and records the request version status', () => {
    const info = buildVersionInfo(input, 'latest');
    expect(info.commitUrl).toBe('https://github.com/acme/site/commit/abc123');
    expect(info.contentVersionStatus).toBe('latest');
    expect(isGreen('contentVersionStatus', info)).toBe(false);
    expect(isGreen('environment', info)).toBe(true);
  });

  it('takes the environment alias from the host when none is configured', () => {
    expect(buildVersionInfo(input, 'published', 'aberwen').environmentAlias).toBe('aberwen');
    expect(
      buildVersionInfo({ ...input, environmentAlias: 'main' }, 'published', 'aberwen').environmentAlias,
    ).toBe('main');
    expect(buildVersionInfo(input, 'published').environmentAlias).toBeNull();
  });

  it('keeps an explicit commit link', () => {
    expect(buildVersionInfo({ ...input, commitUrl: 'https://ci/x' }, 'published').commitUrl).toBe(
      'https://ci/x',
    );
  });

  it('colours published green and non-production red', () => {
    const info = buildVersionInfo({ ...input, environment: 'development' }, 'published');
    expect(isGreen('contentVersionStatus', info)).toBe(true);
    expect(isGreen('environment', info)).toBe(false);
  });
});

describe('commitLink', () => {
  it('only links web repositories', () => {
    expect(commitLink('https://example.com/repo/', 'a b')).toBe('https://example.com/repo/commit/a%20b');
    expect(commitLink('git@github.com:acme/site.git', 'abc')).toBeNull();
    expect(commitLink(null, 'abc')).toBeNull();
    expect(commitLink('https://x', null)).toBeNull();
  });
});

describe('publicVersionInfo', () => {
  it('leaves out exact versions, the build and internal addresses', () => {
    const full = buildVersionInfo(
      { ...input, servers: { ...input.servers, api: 'http://10.0.0.5:3001', cms: 'http://10.0.0.5:3001' } },
      'published',
    );
    expect(full.detail).toBe('full');
    const shown = publicVersionInfo(full);
    expect(shown).toMatchObject({
      detail: 'public',
      packageName: '@canopy/site',
      packageVersion: null,
      repository: null,
      commitRef: null,
      commitUrl: null,
      buildNo: null,
      packageVersions: {},
      servers: { web: 'https://www.example.com', api: null, cms: null, preview: null },
      deliveryApi: { rootUrl: null, projectId: 'website' },
      publicUri: 'https://www.example.com',
      environment: 'production',
    });
    const text = JSON.stringify(shown);
    for (const internal of ['10.0.0.5', '127.0.0.1', 'abc123', '0.1.0', 'github.com']) {
      expect(text).not.toContain(internal);
    }
  });
});
