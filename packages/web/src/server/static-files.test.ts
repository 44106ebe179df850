import { describe, expect, it } from 'vitest';
import { mimeType, resolveStaticPath, staticCacheControl } from './static-files.js';

describe('resolveStaticPath', () => {
  it('resolves files inside the folder', () => {
    expect(resolveStaticPath('/srv/client', 'assets/app-1.js')).toBe('/srv/client/assets/app-1.js');
    expect(resolveStaticPath('/srv/client/', 'favicon.svg')).toBe('/srv/client/favicon.svg');
  });

  it('refuses traversal, hidden files and malformed paths', () => {
    expect(resolveStaticPath('/srv/client', '../server/entry.js')).toBeNull();
    expect(resolveStaticPath('/srv/client', '%2e%2e/secret')).toBeNull();
    expect(resolveStaticPath('/srv/client', '.vite/manifest.json')).toBeNull();
    expect(resolveStaticPath('/srv/client', 'a\\..\\b')).toBeNull();
    expect(resolveStaticPath('/srv/client', '%E0%A4%A')).toBeNull();
    expect(resolveStaticPath('/srv/client', '')).toBeNull();
  });
});

describe('static file headers', () => {
  it('caches hashed assets for a year and others for an hour', () => {
    expect(staticCacheControl('assets/app-1.js')).toBe('public, max-age=31536000, immutable');
    expect(staticCacheControl('favicon.svg')).toBe('public, max-age=3600');
  });

  it('knows the common content types', () => {
    expect(mimeType('a/b.JS')).toBe('text/javascript; charset=utf-8');
    expect(mimeType('x.woff2')).toBe('font/woff2');
    expect(mimeType('x.unknown')).toBe('application/octet-stream');
  });
});
