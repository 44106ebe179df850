import { describe, expect, it } from 'vitest';
import { siteServerOptionsFromEnv } from './options.js';

describe('siteServerOptionsFromEnv', () => {
  it('defaults to the local platform and its demo tokens', () => {
    const options = siteServerOptionsFromEnv({});
    expect(options).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      platformUrl: 'http://127.0.0.1:3001',
      projectId: 'website',
      deliveryToken: 'canopy-demo-delivery-token',
      previewToken: 'canopy-demo-preview-token',
      proxyDeliveryApi: true,
      inlineState: true,
      versionStatus: null,
      environment: 'development',
    });
  });

  it('reads the environment and lets overrides win', () => {
    const options = siteServerOptionsFromEnv(
      {
        PORT: '8080',
        CANOPY_PLATFORM_URL: 'https://cms.example.com',
        CANOPY_DELIVERY_TOKEN: ' t ',
        CANOPY_PROXY_DELIVERY_API: 'false',
        CANOPY_DISABLE_INLINE_STATE: 'true',
        CANOPY_VERSION_STATUS: 'latest',
        GIT_COMMIT: 'abc',
        BUILD_NUMBER: '7',
        NODE_ENV: 'production',
      },
      { siteRoot: '/srv/site', port: 0 },
    );
    expect(options).toMatchObject({
      port: 0,
      siteRoot: '/srv/site',
      platformUrl: 'https://cms.example.com',
      deliveryToken: 't',
      proxyDeliveryApi: false,
      inlineState: false,
      versionStatus: 'latest',
      build: { commitRef: 'abc', buildNo: '7', pipelineUrl: null },
      environment: 'production',
    });
  });

  it('reads the host names, the preview hosts, anonymous preview and the trusted proxies', () => {
    expect(siteServerOptionsFromEnv({}).hosts).toBeUndefined();
    const options = siteServerOptionsFromEnv({
      CANOPY_HOSTS: 'https://www.aberwen.ac.uk, https://drafts.aberwen.ac.uk ,localhost',
      CANOPY_PREVIEW_HOSTS: 'DRAFTS.aberwen.ac.uk',
      CANOPY_ANONYMOUS_PREVIEW: 'true',
      CANOPY_TRUST_PROXY: '10.0.0.1, 10.0.0.2',
    });
    expect(options.hosts).toEqual([
      { name: 'www.aberwen.ac.uk', publicUri: 'https://www.aberwen.ac.uk', preview: false },
      { name: 'drafts.aberwen.ac.uk', publicUri: 'https://drafts.aberwen.ac.uk', preview: true },
      { name: 'localhost', preview: false },
    ]);
    expect(options.anonymousPreview).toBe(true);
    expect(options.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(siteServerOptionsFromEnv({ CANOPY_HOSTS: 'https://www.example.com,localhost' }).hosts).toEqual([
      'https://www.example.com',
      'localhost',
    ]);
    expect(() =>
      siteServerOptionsFromEnv({
        CANOPY_HOSTS: 'https://www.example.com',
        CANOPY_PREVIEW_HOSTS: 'other.example',
      }),
    ).toThrow('CANOPY_PREVIEW_HOSTS names hosts that are not in CANOPY_HOSTS: other.example');
  });

  it('reads the hosts that offer federated sign-in, refusing names outside CANOPY_HOSTS', () => {
    const options = siteServerOptionsFromEnv({
      CANOPY_HOSTS: 'https://www.aberwen.ac.uk,https://staff.aberwen.ac.uk',
      CANOPY_FEDERATED_SIGN_IN_HOSTS: 'STAFF.aberwen.ac.uk',
    });
    expect(options.hosts).toEqual([
      { name: 'www.aberwen.ac.uk', publicUri: 'https://www.aberwen.ac.uk', federatedSignIn: false },
      { name: 'staff.aberwen.ac.uk', publicUri: 'https://staff.aberwen.ac.uk', federatedSignIn: true },
    ]);
    expect(() =>
      siteServerOptionsFromEnv({
        CANOPY_HOSTS: 'https://www.example.com',
        CANOPY_FEDERATED_SIGN_IN_HOSTS: 'other.example',
      }),
    ).toThrow('CANOPY_FEDERATED_SIGN_IN_HOSTS names hosts that are not in CANOPY_HOSTS: other.example');
  });

  it('reads the page limits, refusing values that are not whole numbers', () => {
    expect(siteServerOptionsFromEnv({}).overload).toBeUndefined();
    expect(
      siteServerOptionsFromEnv({
        CANOPY_MAX_CONCURRENT_PAGES: '16',
        CANOPY_MAX_QUEUE_WAIT_MS: '250',
        CANOPY_MAX_PAGE_MS: '3000',
      }).overload,
    ).toEqual({ maxConcurrentPages: 16, maxQueueWaitMs: 250, maxPageMs: 3000 });
    expect(() => siteServerOptionsFromEnv({ CANOPY_MAX_QUEUED_PAGES: 'lots' })).toThrow(
      /CANOPY_MAX_QUEUED_PAGES must be a whole number/,
    );
  });

  it('reads the HTTP caches to purge, refusing what is not an http(s) URL', () => {
    expect(siteServerOptionsFromEnv({}).purgeUrls).toBeUndefined();
    expect(
      siteServerOptionsFromEnv({ CANOPY_PURGE_URL: 'http://127.0.0.1:6081, https://cache.example/purge' })
        .purgeUrls,
    ).toEqual(['http://127.0.0.1:6081/', 'https://cache.example/purge']);
    expect(() => siteServerOptionsFromEnv({ CANOPY_PURGE_URL: 'varnish:6081' })).toThrow(
      "CANOPY_PURGE_URL must list http(s) URLs, not 'varnish:6081'",
    );
  });

  it('reads the API client for the cache purge, with no default secret', () => {
    expect(siteServerOptionsFromEnv({})).toMatchObject({ clientId: null, clientSecret: null });
    expect(
      siteServerOptionsFromEnv({ CANOPY_CLIENT_ID: ' canopy-website ', CANOPY_CLIENT_SECRET: 's3cret' }),
    ).toMatchObject({ clientId: 'canopy-website', clientSecret: 's3cret' });
  });

  it('reads the stale-page age and the source-map setting', () => {
    expect(siteServerOptionsFromEnv({}).stalePages).toBeUndefined();
    expect(siteServerOptionsFromEnv({}).sourceMaps).toBe(false);
    expect(siteServerOptionsFromEnv({ CANOPY_STALE_IF_ERROR_SECONDS: '3600' }).stalePages).toEqual({
      maxAgeSeconds: 3600,
    });
    expect(siteServerOptionsFromEnv({ CANOPY_STALE_IF_ERROR_SECONDS: '0' }).stalePages).toBe(false);
    expect(siteServerOptionsFromEnv({ CANOPY_SOURCE_MAPS: 'true' }).sourceMaps).toBe(true);
    for (const bad of ['a day', '-5', '1.5', '1e3']) {
      expect(() => siteServerOptionsFromEnv({ CANOPY_STALE_IF_ERROR_SECONDS: bad })).toThrow(
        'CANOPY_STALE_IF_ERROR_SECONDS must be a whole number of seconds',
      );
    }
  });

  it('reads how long idle platform connections are kept, refusing what is not milliseconds above 0', () => {
    expect(siteServerOptionsFromEnv({}).platformKeepAliveMs).toBeUndefined();
    expect(siteServerOptionsFromEnv({ CANOPY_PLATFORM_KEEP_ALIVE_MS: ' 2500 ' }).platformKeepAliveMs).toBe(
      2500,
    );
    for (const bad of ['0', '4s', '-1', '1.5']) {
      expect(() => siteServerOptionsFromEnv({ CANOPY_PLATFORM_KEEP_ALIVE_MS: bad })).toThrow(
        'CANOPY_PLATFORM_KEEP_ALIVE_MS must be a whole number of milliseconds above 0',
      );
    }
  });

  it('reads the servers and projects of the version page, refusing what is not an address', () => {
    expect(siteServerOptionsFromEnv({}).servers).toBeUndefined();
    expect(siteServerOptionsFromEnv({}).projects).toBeUndefined();
    const options = siteServerOptionsFromEnv({
      CANOPY_SERVER_WEB: 'https://www.aberwen.example/',
      CANOPY_SERVER_PREVIEW: 'https://preview-aberwen.example.com',
      CANOPY_SERVER_API: 'https://api-aberwen.example.com',
      CANOPY_SERVER_CMS: 'https://cms-aberwen.example.com',
      CANOPY_SERVER_IIS: 'http://iis.internal:8080',
      CANOPY_SERVER_IIS_PREVIEW: ' http://iis-preview.internal:8080 ',
      CANOPY_PROJECTS: 'intranet=https://intranet.aberwen.example, archive ,',
    });
    expect(options.servers).toEqual({
      web: 'https://www.aberwen.example',
      preview: 'https://preview-aberwen.example.com',
      api: 'https://api-aberwen.example.com',
      cms: 'https://cms-aberwen.example.com',
      iis: 'http://iis.internal:8080',
      iisPreview: 'http://iis-preview.internal:8080',
    });
    expect(options.projects).toEqual([
      { id: 'intranet', publicUri: 'https://intranet.aberwen.example' },
      { id: 'archive', publicUri: null },
    ]);
    expect(siteServerOptionsFromEnv({ CANOPY_SERVER_CMS: 'https://cms.example.com' }).servers).toEqual({
      cms: 'https://cms.example.com',
    });
    expect(() => siteServerOptionsFromEnv({ CANOPY_SERVER_API: 'api-aberwen' })).toThrow(
      "CANOPY_SERVER_API must be an http or https address such as https://www.example.com, not 'api-aberwen'",
    );
    expect(() => siteServerOptionsFromEnv({ CANOPY_SERVER_WEB: 'javascript:alert(1)' })).toThrow(
      /CANOPY_SERVER_WEB/,
    );
    expect(() => siteServerOptionsFromEnv({ CANOPY_SERVER_CMS: 'https://user:pw@cms.example.com' })).toThrow(
      /CANOPY_SERVER_CMS/,
    );
    expect(() => siteServerOptionsFromEnv({ CANOPY_PROJECTS: 'intranet=ftp://x' })).toThrow(
      /CANOPY_PROJECTS \(intranet\) must be an http or https address/,
    );
    expect(() => siteServerOptionsFromEnv({ CANOPY_PROJECTS: 'a b=https://x.example' })).toThrow(
      /'a b' is not a project id/,
    );
    expect(() => siteServerOptionsFromEnv({ CANOPY_PROJECTS: 'x,x' })).toThrow(/names the project 'x' twice/);
  });
});
