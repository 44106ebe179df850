import { describe, expect, it } from 'vitest';
import { hostEnvironment, isLocalHost } from './host-environment.js';
import { resolveVersionStatus } from './version-status.js';

describe('hostEnvironment', () => {
  it('reads the four environment prefixes with their alias', () => {
    expect(hostEnvironment('preview-aberwen.cloud.example.com')).toEqual({
      kind: 'preview',
      alias: 'aberwen',
      isLive: false,
    });
    expect(hostEnvironment('api-aberwen.cloud.example.com')).toEqual({
      kind: 'api',
      alias: 'aberwen',
      isLive: false,
    });
    expect(hostEnvironment('cms-aberwen.cloud.example.com')).toEqual({
      kind: 'cms',
      alias: 'aberwen',
      isLive: false,
    });
    expect(hostEnvironment('live-aberwen.cloud.example.com')).toEqual({
      kind: 'live',
      alias: 'aberwen',
      isLive: true,
    });
  });

  it('takes a prefix alone, in any case, and aliases with inner hyphens and digits', () => {
    expect(hostEnvironment('preview.example.com')).toEqual({ kind: 'preview', alias: null, isLive: false });
    expect(hostEnvironment('CMS.Example.com')).toEqual({ kind: 'cms', alias: null, isLive: false });
    expect(hostEnvironment('API-Uni-2.example.com')).toEqual({ kind: 'api', alias: 'uni-2', isLive: false });
    expect(hostEnvironment('preview-x')).toEqual({ kind: 'preview', alias: 'x', isLive: false });
  });

  it('counts every other host as the live site, without an alias', () => {
    for (const host of [
      'www.aberwen.ac.uk',
      'aberwen.ac.uk',
      'www.preview-aberwen.example.com', // the prefix must be the first label
      'previews.example.com',
      'apiary.example.com',
      'cmsx.example.com',
      'livestock.example.com',
      'preview-.example.com', // an empty alias is no alias
      'api--x.example.com',
      'cms-x-.example.com',
      'preview_x.example.com',
      '10.0.0.1',
      '',
    ]) {
      expect(hostEnvironment(host), host).toEqual({ kind: 'live', alias: null, isLive: true });
    }
  });

  it('counts this machine as local before anything else', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'preview.localhost',
      '127.0.0.1',
      '[::1]',
      '::1',
      'localhost.',
    ]) {
      expect(hostEnvironment(host), host).toEqual({ kind: 'local', alias: null, isLive: false });
    }
    expect(isLocalHost('localhost.example.com')).toBe(false);
  });

  it('gives preview and local hosts drafts, and api, cms and live hosts published content', () => {
    const status = (hostname: string) => resolveVersionStatus({ hostname });
    expect(status('preview-aberwen.example.com')).toBe('latest');
    expect(status('localhost')).toBe('latest');
    expect(status('api-aberwen.example.com')).toBe('published');
    expect(status('cms-aberwen.example.com')).toBe('published');
    expect(status('live-aberwen.example.com')).toBe('published');
  });
});
