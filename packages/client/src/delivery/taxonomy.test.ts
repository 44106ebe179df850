import { describe, expect, it } from 'vitest';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';

const { server, client } = useDeliveryServer();

describe('taxonomy', () => {
  it('gets a node by key with the slashes kept', async () => {
    await client().taxonomy.getNodeByKey('0/1');
    expect(server().last()).toMatchObject({ rawPath: `${ROOT}/taxonomy/nodes/0/1`, rawQuery: '' });
  });

  it('omits the default alphabetical order and sends defined order and child depth', async () => {
    await client().taxonomy.getNodeByKey({
      key: '0/1',
      order: 'alphabetical',
      childDepth: 10,
      language: 'fr-FR',
    });
    expect(server().last().rawQuery).toBe('childDepth=10&language=fr-FR');
    await client().taxonomy.getNodeByKey({ key: '0/1', order: 'defined', childDepth: 1 });
    expect(server().last().rawQuery).toBe('childDepth=1&order=defined');
  });

  it('gets a node by path with the configured language', async () => {
    await client().taxonomy.getNodeByPath('path/to/a/taxonomy/node');
    expect(server().last()).toMatchObject({
      path: `${ROOT}/taxonomy/nodes`,
      rawQuery: 'path=path%2Fto%2Fa%2Ftaxonomy%2Fnode',
    });
    await client({ language: 'cy' }).taxonomy.getNodeByPath({ path: 'a/b', order: 'defined', childDepth: 2 });
    expect(server().last().query).toEqual({ childDepth: '2', language: 'cy', order: 'defined', path: 'a/b' });
  });

  it('resolves children only when they are missing', async () => {
    const leaf = { key: '0/1', name: 'Leaf', path: 'Root/Leaf', hasChildren: false };
    await expect(client().taxonomy.resolveChildren(leaf)).resolves.toEqual({ ...leaf, children: [] });
    const full = {
      ...leaf,
      hasChildren: true,
      children: [{ key: '0/1/1', name: 'C', path: 'Root/Leaf/C', hasChildren: false }],
    };
    await expect(client().taxonomy.resolveChildren(full)).resolves.toEqual(full);
    expect(server().requests).toHaveLength(0);
    await client().taxonomy.resolveChildren({ ...leaf, hasChildren: true });
    expect(server().last()).toMatchObject({
      rawPath: `${ROOT}/taxonomy/nodes/0/1`,
      rawQuery: 'childDepth=1',
    });
    await client().taxonomy.resolveChildren('0/2');
    expect(server().last()).toMatchObject({
      rawPath: `${ROOT}/taxonomy/nodes/0/2`,
      rawQuery: 'childDepth=1',
    });
  });
});
