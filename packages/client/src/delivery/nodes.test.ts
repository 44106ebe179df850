import { describe, expect, it } from 'vitest';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';

const { server, client } = useDeliveryServer();
const NODE = '9db1098f-4eb3-409b-a2dc-56256c441c69';

describe('nodes', () => {
  it('getRoot with the configured language', async () => {
    server().respond({ body: { id: 'root', path: '/' } });
    await expect(client({ language: 'en-US' }).nodes.getRoot()).resolves.toEqual({ id: 'root', path: '/' });
    expect(server().last()).toMatchObject({
      method: 'GET',
      path: `${ROOT}/nodes/root`,
      query: { language: 'en-US' },
    });
    expect(server().last().headers.accesstoken).toBe('delivery-token');
  });

  it('getRoot with every option', async () => {
    await client({ language: 'en-US' }).nodes.getRoot({
      depth: 2,
      entryFieldLinkDepths: { linkField: 1 },
      entryFields: ['title'],
      entryLinkDepth: 1,
      language: 'de',
    });
    expect(server().last().query).toEqual({
      depth: '2',
      entryFieldLinkDepths: '{"linkField":1}',
      entryFields: 'title',
      entryLinkDepth: '1',
      language: 'de',
    });
    expect(server().last().rawQuery).toBe(
      'depth=2&entryFieldLinkDepths=%7B%22linkField%22%3A1%7D&entryFields=title&entryLinkDepth=1&language=de',
    );
  });

  it('get by id sends versionStatus=latest only when configured or asked', async () => {
    await client({ language: 'en-US', versionStatus: 'latest' }).nodes.get(NODE);
    expect(server().last()).toMatchObject({
      path: `${ROOT}/nodes/${NODE}`,
      query: { language: 'en-US', versionStatus: 'latest' },
    });
    await client().nodes.get({ id: NODE, versionStatus: 'published' });
    expect(server().last().query).toEqual({});
    await client().nodes.get({ id: NODE, versionStatus: 'latest', depth: 0, entryLinkDepth: 0 });
    expect(server().last().query).toEqual({ versionStatus: 'latest' });
  });

  it('get by path appends the path, encoding each segment', async () => {
    await client({ language: 'de' }).nodes.get({ path: '/node1/node2', allowPartialMatch: true, depth: 2 });
    expect(server().last()).toMatchObject({
      path: `${ROOT}/nodes/node1/node2`,
      query: { allowPartialMatch: 'true', depth: '2', language: 'de' },
    });
    await client().nodes.get('/courses/a b?c');
    expect(server().last().rawPath).toBe(`${ROOT}/nodes/courses/a%20b%3Fc`);
    await client().nodes.get({ path: 'about', allowPartialMatch: false });
    expect(server().last()).toMatchObject({ path: `${ROOT}/nodes/about`, query: {} });
  });

  it('get of the path "/" asks for the root node', async () => {
    await client().nodes.get({ path: '/', depth: 1 });
    expect(server().last()).toMatchObject({ path: `${ROOT}/nodes/root`, query: { depth: '1' } });
  });

  it('getByEntry lists nodes of an entry, or the canonical one', async () => {
    server().respond({ body: [] });
    await expect(client({ language: 'en-US' }).nodes.getByEntry(NODE)).resolves.toEqual([]);
    expect(server().last()).toMatchObject({
      rawPath: `${ROOT}/nodes/`,
      query: { entryId: NODE, language: 'en-US' },
    });
    await client().nodes.getByEntry({
      entry: {
        sys: {
          id: NODE,
          contentTypeId: 'x',
          dataFormat: 'entry',
          language: 'de',
          versionStatus: 'published',
        },
      },
      canonicalOnly: true,
      depth: 1,
      entryFields: ['title'],
      entryLinkDepth: 1,
      language: 'de',
    });
    expect(server().last().query).toEqual({
      canonicalOnly: 'true',
      depth: '1',
      entryFields: 'title',
      entryId: NODE,
      entryLinkDepth: '1',
      language: 'de',
    });
    await client().nodes.getByEntry({ sys: { id: 'e2' } });
    expect(server().last().query).toEqual({ entryId: 'e2' });
  });

  it('getChildren, getParent and getSiblings address the node', async () => {
    const c = client({ language: 'en-US' });
    await c.nodes.getChildren(NODE);
    expect(server().last()).toMatchObject({
      path: `${ROOT}/nodes/${NODE}/children`,
      query: { language: 'en-US' },
    });
    await c.nodes.getChildren({ node: { id: NODE }, entryFields: ['*'], versionStatus: 'latest' });
    expect(server().last().query).toEqual({ entryFields: '*', language: 'en-US', versionStatus: 'latest' });
    await c.nodes.getParent({ id: NODE, depth: 1 });
    expect(server().last()).toMatchObject({
      path: `${ROOT}/nodes/${NODE}/parent`,
      query: { depth: '1', language: 'en-US' },
    });
    await c.nodes.getSiblings({ id: NODE, entryFieldLinkDepths: { a: 2 } });
    expect(server().last()).toMatchObject({
      path: `${ROOT}/nodes/${NODE}/siblings`,
      query: { entryFieldLinkDepths: '{"a":2}', language: 'en-US' },
    });
  });

  it('getAncestors sends startLevel when above 0', async () => {
    const c = client({ language: 'en-US' });
    await c.nodes.getAncestors({ id: NODE, startLevel: 1 });
    expect(server().last()).toMatchObject({
      path: `${ROOT}/nodes/${NODE}/ancestors`,
      query: { language: 'en-US', startLevel: '1' },
    });
    await c.nodes.getAncestors(NODE);
    expect(server().last().query).toEqual({ language: 'en-US' });
  });

  it('getAncestorAtLevel returns the first ancestor from that level, or null', async () => {
    server().respond({ body: [{ id: 'level2' }, { id: 'level3' }] });
    const node = await client().nodes.getAncestorAtLevel({ id: NODE, startLevel: 2, depth: 1 });
    expect(node).toEqual({ id: 'level2' });
    expect(server().last()).toMatchObject({
      path: `${ROOT}/nodes/${NODE}/ancestors`,
      query: { depth: '1', startLevel: '2' },
    });
    server().respond({ body: [] });
    await expect(client().nodes.getAncestorAtLevel({ id: NODE, startLevel: 5 })).resolves.toBeNull();
  });
});
