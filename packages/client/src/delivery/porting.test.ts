/**
 * Where code ported from the official delivery SDK relies on its behaviour, Canopy matches it;
 * where Canopy differs on purpose, these tests pin what it does. docs/client.md ("Porting from
 * the official SDKs") links each row of its table to a test here or in the management twin.
 */
import { describe, expect, it } from 'vitest';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';
import { wire } from '../test-support/wire.js';
import { DeliveryMessages } from './messages.js';

const { server, client } = useDeliveryServer();

/** The headers every delivery read carries. */
const READ_HEADERS = {
  accept: 'application/json',
  accesstoken: 'delivery-token',
  'content-type': 'application/json',
};

const subjects = {
  key: '0/1',
  name: 'Subjects',
  path: 'Root/Subjects',
  hasChildren: true,
  children: [
    {
      key: '0/1/1',
      name: 'Sciences',
      path: 'Root/Subjects/Sciences',
      hasChildren: true,
      children: [
        { key: '0/1/1/1', name: 'Biology', path: 'Root/Subjects/Sciences/Biology', hasChildren: false },
      ],
    },
  ],
};

describe('taxonomy.resolveChildren (SDK parity)', () => {
  it('honours childDepth, order and language given with a key', async () => {
    server().respond({ body: subjects });
    const resolved = await client({ language: 'en-GB' }).taxonomy.resolveChildren({
      key: '0/1',
      order: 'defined',
      childDepth: 2,
      language: 'cy',
    });
    expect(resolved).toEqual(subjects);
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/taxonomy/nodes/0/1`,
      query: { childDepth: '2', language: 'cy', order: 'defined' },
      headers: READ_HEADERS,
      body: undefined,
    });
  });

  it('falls back to one level, alphabetical order and the configured language', async () => {
    await client({ language: 'en-GB' }).taxonomy.resolveChildren({ key: '0/1', order: 'alphabetical' });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/taxonomy/nodes/0/1`,
      query: { childDepth: '1', language: 'en-GB' },
      headers: READ_HEADERS,
      body: undefined,
    });
    await client().taxonomy.resolveChildren({ key: '0/1', childDepth: 0 });
    expect(server().last().rawQuery).toBe('childDepth=1');
  });

  it('accepts the { node, …options } form and asks only for a node whose children are missing', async () => {
    const bare = { key: '0/1', name: 'Subjects', path: 'Root/Subjects', hasChildren: true };
    await client().taxonomy.resolveChildren({ node: bare, order: 'defined', childDepth: 2, language: 'cy' });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/taxonomy/nodes/0/1`,
      query: { childDepth: '2', language: 'cy', order: 'defined' },
      headers: READ_HEADERS,
      body: undefined,
    });

    server().reset();
    const leaf = { ...bare, hasChildren: false };
    await expect(client().taxonomy.resolveChildren({ node: leaf, childDepth: 2 })).resolves.toEqual({
      ...leaf,
      children: [],
    });
    const loaded = await client().taxonomy.resolveChildren({ node: subjects, childDepth: 2 });
    expect(loaded).toEqual(subjects);
    expect(loaded).not.toBe(subjects); // a copy, as the SDK returns
    expect(server().requests).toHaveLength(0);
  });

  it('reads { key, path, … } as a taxonomy node, whose children are resolved one level deep', async () => {
    await client().taxonomy.resolveChildren({
      key: '0/1',
      name: 'Subjects',
      path: 'Root/Subjects',
      hasChildren: true,
    });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/taxonomy/nodes/0/1`,
      query: { childDepth: '1' },
      headers: READ_HEADERS,
      body: undefined,
    });
  });

  it('asks the platform when a node does not say whether it has children (the SDK assumes none)', async () => {
    server().respond({ body: subjects });
    const resolved = await client().taxonomy.resolveChildren({
      node: { key: '0/1' } as never,
      order: 'defined',
    });
    expect(resolved).toEqual(subjects);
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/taxonomy/nodes/0/1`,
      query: { childDepth: '1', order: 'defined' },
      headers: READ_HEADERS,
      body: undefined,
    });
  });

  it('refuses a call without a key before sending anything', async () => {
    await expect(client().taxonomy.resolveChildren({ order: 'defined' })).rejects.toThrow(
      DeliveryMessages.taxonomyKey,
    );
    await expect(client().taxonomy.resolveChildren({ node: {} as never })).rejects.toThrow(
      DeliveryMessages.taxonomyKey,
    );
    expect(server().requests).toHaveLength(0);
  });
});
