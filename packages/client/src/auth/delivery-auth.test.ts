import { describe, expect, it } from 'vitest';
import { Client } from '../delivery/client.js';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';
import { AuthTokenProvider } from './token-provider.js';

const { server } = useDeliveryServer();
const TOKEN_PATH = '/authenticate/connect/token';

function answerTokens() {
  let issued = 0;
  server().respond((request) =>
    request.path === TOKEN_PATH
      ? { body: { access_token: `D${++issued}`, expires_in: 3600, token_type: 'Bearer' } }
      : { body: { id: 'website' } },
  );
}

describe('delivery client with a grant (contract §7.3 #8)', () => {
  it('obtains a token before the first call and sends it as a bearer token', async () => {
    answerTokens();
    const client = Client.create({
      rootUrl: server().url,
      projectId: 'website',
      clientType: 'client_credentials',
      clientDetails: { clientId: 'CID', clientSecret: 'SEC' },
    });
    await client.project.get();
    await client.entries.get('e1');
    const [token, project, entry] = server().requests;
    expect(token).toMatchObject({ method: 'POST', path: TOKEN_PATH });
    expect(new URLSearchParams(token?.body).get('grant_type')).toBe('client_credentials');
    expect(project).toMatchObject({ method: 'GET', path: ROOT });
    expect(project?.headers.authorization).toBe('Bearer D1');
    expect(project?.headers.accesstoken).toBeUndefined();
    expect(entry?.headers.authorization).toBe('Bearer D1');
    expect(server().requests).toHaveLength(3);
  });

  it('prefers a configured access token and never asks for a token', async () => {
    answerTokens();
    const client = Client.create({
      rootUrl: server().url,
      projectId: 'website',
      accessToken: 'AT',
      clientType: 'client_credentials',
      clientDetails: { clientId: 'CID', clientSecret: 'SEC' },
    });
    await client.project.get();
    expect(server().requests).toHaveLength(1);
    expect(server().last().headers).toMatchObject({ accesstoken: 'AT' });
    expect(server().last().headers.authorization).toBeUndefined();
  });

  it('takes an injected token provider, e.g. one seeded with stored credentials', async () => {
    answerTokens();
    const provider = new AuthTokenProvider({
      rootUrl: server().url,
      clientType: 'contensis_classic_refresh_token',
      clientDetails: { refreshToken: 'RT' },
      credentials: { bearerToken: 'SEEDED', bearerTokenExpiryDate: '2999-01-01T00:00:00Z' },
    });
    const client = Client.create(
      { rootUrl: server().url, projectId: 'website', clientType: 'contensis_classic_refresh_token' },
      provider,
    );
    await client.nodes.getRoot();
    expect(server().requests).toHaveLength(1);
    expect(server().last().headers.authorization).toBe('Bearer SEEDED');
  });
});
