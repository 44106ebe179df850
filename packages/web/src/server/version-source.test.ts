import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectVersionInfo, installedVersion } from './version-source.js';

describe('collectVersionInfo', () => {
  it('reads the site package and build record and never includes a token', () => {
    const root = mkdtempSync(join(tmpdir(), 'canopy-version-'));
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({
        name: '@acme/site',
        version: '2.1.0',
        repository: { url: 'https://git.example.com/site' },
      }),
    );
    mkdirSync(join(root, 'dist'));
    writeFileSync(
      join(root, 'dist', 'build.json'),
      JSON.stringify({ commitRef: 'c0ffee', buildNo: '12', builtAt: '' }),
    );
    const info = collectVersionInfo(
      {
        siteRoot: root,
        platformUrl: 'http://127.0.0.1:3001',
        projectId: 'website',
        deliveryToken: 'secret-delivery',
        previewToken: 'secret-preview',
        environment: 'production',
      },
      { listenUrl: 'http://127.0.0.1:3000', cacheEntries: 100, cacheSeconds: 60 },
      { name: 'Acme', language: 'cy' },
    );
    expect(info).toMatchObject({
      packageName: '@acme/site',
      packageVersion: '2.1.0',
      repository: 'https://git.example.com/site',
      commitRef: 'c0ffee',
      buildNo: '12',
      project: 'website',
      proxyDeliveryApi: true,
      disableInlineState: false,
      environment: 'production',
      servers: { web: 'http://127.0.0.1:3000', api: 'http://127.0.0.1:3001', cms: 'http://127.0.0.1:3001' },
      // The site's language, not a fixed one.
      deliveryApi: {
        language: 'cy',
        accessToken: 'configured',
        previewToken: 'configured',
        cacheEntries: 100,
      },
    });
    expect(info.reverseProxyPaths).toEqual([
      '/image-library/*',
      '/video-library/*',
      '/asset-library/*',
      '/api/delivery/*',
    ]);
    expect(info.packageVersions.react).toMatch(/^19\./);
    expect(JSON.stringify(info)).not.toContain('secret');
  });
});

describe('installedVersion', () => {
  it('finds installed packages and reports unknown ones', () => {
    expect(installedVersion('fastify', process.cwd())).toMatch(/^5\./);
    expect(installedVersion('no-such-package-here', process.cwd())).toBe('unknown');
  });
});
