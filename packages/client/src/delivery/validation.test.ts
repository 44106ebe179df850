import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';
import { Client } from './client.js';

const { server, client } = useDeliveryServer();

afterEach(() => {
  // Every validation failure must happen before anything reaches the server.
  expect(server().requests).toHaveLength(0);
});

describe('delivery validation messages (contract §5.1), thrown before any request', () => {
  const nodeIdOrPath = 'A valid node id or path needs to be specified.';
  const nodeId = 'A valid node id needs to be specified.';
  const entryId = 'A valid entry id needs to be specified.';

  it.each([[''], [null], [{}], [{ depth: 1 }], [{ id: '', path: '' }]])(
    'nodes.get(%j) rejects',
    async (input) => {
      await expect(client().nodes.get(input as never)).rejects.toThrow(nodeIdOrPath);
    },
  );

  it.each([[''], [null], [{}], [{ entry: {} }], [{ sys: {} }]])(
    'nodes.getByEntry(%j) rejects',
    async (input) => {
      await expect(client().nodes.getByEntry(input as never)).rejects.toThrow(entryId);
    },
  );

  it.each(['getChildren', 'getParent', 'getAncestors', 'getSiblings', 'getAncestorAtLevel'] as const)(
    'nodes.%s without a node id rejects',
    async (method) => {
      for (const input of ['', null, {}, { node: {} }]) {
        const error = await (client().nodes[method] as (arg: unknown) => Promise<unknown>)(input).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toBe(nodeId);
        expect((error as Error).name).toBe('Error');
      }
    },
  );

  it('entries.search throws synchronously for something that is not a query', () => {
    const c = client();
    for (const input of [{}, { pageSize: 5 }, { where: null }, 42, true]) {
      expect(() => c.entries.search(input as never)).toThrow('A valid query needs to be specified.');
    }
  });

  it('entries.get without an id rejects', async () => {
    await expect(client().entries.get('')).rejects.toThrow(entryId);
    await expect(client().entries.get({ id: '' })).rejects.toThrow(entryId);
  });

  it('the client refuses a relative root URL outside a browser', async () => {
    const relative = Client.create({ rootUrl: '/', projectId: 'website', accessToken: 't' });
    await expect(relative.project.get()).rejects.toThrow(
      'You cannot specify a relative root url if not in a browser context.',
    );
  });

  it('clientType "none" needs an access token', async () => {
    const c = client({ accessToken: null, clientType: 'none' });
    await expect(c.entries.get('1')).rejects.toThrow(
      'If the property clientType is set to "none" then the property accessToken must be provided.',
    );
  });

  it('clientType "client_credentials" needs client details', async () => {
    const c = client({ accessToken: null, clientType: 'client_credentials' });
    await expect(c.nodes.getRoot()).rejects.toThrow(
      'If the property client type is set to "client_credentials" then the property clientDetails must be set to a ClientCredentialsGrant value.',
    );
  });
});

describe('configuration merging', () => {
  afterEach(() => Client.resetConfiguration());

  it('takes instance values when truthy, then static defaults, then built-in defaults', async () => {
    Client.configure({ language: 'cy', pageSize: 50, projectId: 'website' });
    const c = Client.create({ rootUrl: server().url, accessToken: 't', pageSize: 0 });
    expect(c.config).toMatchObject({
      language: 'cy',
      pageSize: 50,
      versionStatus: 'published',
      projectId: 'website',
    });
    await c.entries.list('course');
    expect(server().last()).toMatchObject({
      path: `${ROOT}/contentTypes/course/entries`,
      query: { language: 'cy', pageIndex: '0', pageSize: '50' },
    });
    server().reset();
  });
});
