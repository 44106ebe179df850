import { describe, expect, it } from 'vitest';
import { assetsFromManifest, type ViteManifest } from './manifest.js';

const manifest: ViteManifest = {
  'src/entry-client.tsx': {
    file: 'assets/entry-client-abc.js',
    src: 'src/entry-client.tsx',
    isEntry: true,
    imports: ['_vendor-1.js', '_shared-2.js'],
    css: ['assets/entry-client-abc.css'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_shared-2.js': { file: 'assets/shared-2.js', imports: ['_vendor-1.js'], css: ['assets/shared-2.css'] },
};

describe('assetsFromManifest', () => {
  it('lists the entry, its imports in dependency order and all their styles', () => {
    expect(assetsFromManifest(manifest, 'src/entry-client.tsx', '/static/')).toEqual({
      entryModule: '/static/assets/entry-client-abc.js',
      preloadModules: ['/static/assets/vendor-1.js', '/static/assets/shared-2.js'],
      stylesheets: ['/static/assets/shared-2.css', '/static/assets/entry-client-abc.css'],
      headModules: [],
      inlineModules: [],
      // No dynamically imported route chunks in this manifest.
      lazyModules: {},
    });
  });

  it('accepts a base without a trailing slash and fails for a missing entry', () => {
    expect(assetsFromManifest(manifest, 'src/entry-client.tsx', '/s').entryModule).toBe(
      '/s/assets/entry-client-abc.js',
    );
    expect(() => assetsFromManifest(manifest, 'src/nope.tsx', '/')).toThrow(/no entry/);
  });
});
