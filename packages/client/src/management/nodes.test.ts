import { describe, expect, it } from 'vitest';
import { P, summary, useManagementServer } from '../test-support/management-fixture.js';

const { server, client } = useManagementServer();

describe('management nodes', () => {
  it('reads the root, a node, an entry’s nodes and children', async () => {
    await client({ language: 'cy' }).nodes.getRoot();
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${P}/nodes/root`, query: {} });
    await client({ language: 'cy' }).nodes.get('n1');
    expect(summary(server().last())).toMatchObject({ path: `${P}/nodes/n1`, query: {} });
    await client().nodes.getByEntryId('e1');
    expect(summary(server().last())).toMatchObject({ path: `${P}/nodes`, query: { entryId: 'e1' } });
    await client({ language: 'cy' }).nodes.getChildren('n1');
    expect(summary(server().last())).toMatchObject({
      path: `${P}/nodes/n1/children`,
      query: { language: 'cy' },
    });
    await client({ language: 'cy' }).nodes.getChildren({ id: 'n1', language: 'en-GB' });
    expect(server().last().query).toEqual({ language: 'en-GB' });
    await client().nodes.getChildren('n1');
    expect(server().last().rawQuery).toBe('');
  });

  it('creates under the parent, updates and deletes', async () => {
    const node = { parentId: 'root', displayName: { 'en-GB': 'News' }, slug: { 'en-GB': 'news' } };
    await client().nodes.create(node);
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/nodes/root/children`,
      query: {},
      body: node,
    });
    const updated = { ...node, id: 'n1', proxy: { id: 'p1', parseContent: true } };
    await client().nodes.update(updated);
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/nodes/n1`,
      query: {},
      body: updated,
    });
    await client().nodes.delete('n1');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/nodes/n1` });
  });

  it('sets and deletes the children order with the configured language only (contract §7.3 #4)', async () => {
    await client({ language: 'cy' }).nodes.setChildrenOrder('n1', ['c2', 'c1'], 'en-GB');
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/nodes/n1/children/order`,
      query: { language: 'cy' },
      body: ['c2', 'c1'],
    });
    await client().nodes.setChildrenOrder('n1', ['c1'], 'en-GB');
    expect(server().last().rawQuery).toBe('');
    await client({ language: 'cy' }).nodes.deleteChildrenOrder('n1', 'en-GB');
    expect(summary(server().last())).toMatchObject({
      method: 'DELETE',
      path: `${P}/nodes/n1/children/order`,
      query: { language: 'cy' },
    });
    await client().nodes.deleteChildrenOrder('n1');
    expect(server().last().rawQuery).toBe('');
  });
});
