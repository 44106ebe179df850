import { afterEach, describe, expect, it } from 'vitest';
import { AuthTokenProvider } from '../auth/token-provider.js';
import { P, SEEDED_CREDENTIALS, useManagementServer } from '../test-support/management-fixture.js';
import { ManagementClient } from './client.js';

const { server } = useManagementServer();

describe('ManagementClient configuration', () => {
  afterEach(() => ManagementClient.resetConfiguration());

  it('merges instance values, then static defaults, then built-in defaults (versionStatus latest)', async () => {
    ManagementClient.configure({ projectId: 'website', language: 'cy', pageSize: 40 });
    const c = ManagementClient.create({
      rootUrl: server().url,
      pageSize: 0,
      credentials: SEEDED_CREDENTIALS,
    });
    expect(c.config).toMatchObject({
      projectId: 'website',
      language: 'cy',
      pageSize: 40,
      versionStatus: 'latest',
    });
    await c.entries.list();
    expect(server().last()).toMatchObject({
      path: `${P}/entries`,
      query: { language: 'cy', pageIndex: '0', pageSize: '40' },
    });
  });

  it('exposes the credentials snapshot for storing between requests', async () => {
    let issued = 0;
    server().respond((request) =>
      request.path === '/authenticate/connect/token'
        ? { body: { access_token: `M${++issued}`, expires_in: 3600, refresh_token: 'R' } }
        : { body: {} },
    );
    const c = ManagementClient.create({
      rootUrl: server().url,
      projectId: 'website',
      clientType: 'contensis_classic',
      clientDetails: { username: 'editor', password: 'pw' },
    });
    expect(c.getCredentials()).toMatchObject({ bearerToken: null });
    await c.projects.get();
    const stored = c.getCredentials();
    expect(stored).toMatchObject({ bearerToken: 'M1', refreshToken: 'R' });

    const next = ManagementClient.create({
      rootUrl: server().url,
      projectId: 'website',
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken: stored?.refreshToken ?? '' },
      credentials: stored,
    });
    await next.projects.get();
    expect(server().requests.filter((r) => r.path === '/authenticate/connect/token')).toHaveLength(1);
    expect(server().last().headers.authorization).toBe('Bearer M1');
  });

  it('takes an injected token provider', async () => {
    const provider = { authorizationHeaders: async () => ({ Authorization: 'Bearer custom' }) };
    const c = ManagementClient.create({ rootUrl: server().url, projectId: 'website' }, provider);
    await c.projects.list();
    expect(server().last().headers.authorization).toBe('Bearer custom');
    expect(c.getCredentials()).toBeNull();
    expect(c.authentication).toBe(provider);
    expect(ManagementClient.create({ rootUrl: server().url }).authentication).toBeInstanceOf(
      AuthTokenProvider,
    );
  });
});
