/**
 * Where code ported from the official delivery SDK relies on its behaviour, Canopy matches it;
 * where Canopy differs on purpose, these tests pin what it does. docs/client.md ("Porting from
 * the official SDKs") links each row of its table to a test here or in the management twin.
 */
import { describe, expect, it } from 'vitest';
import { AuthMessages } from '../auth/messages.js';
import { RequestError } from '../http/request-error.js';
import { Op } from '../query/op.js';
import { Query } from '../query/query.js';
import { ZenqlQuery } from '../query/zenql-query.js';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';
import { startRecordingServer } from '../test-support/recording-server.js';
import { wire } from '../test-support/wire.js';
import { DeliveryMessages } from './messages.js';

const { server, client } = useDeliveryServer();

/** The headers every delivery read carries. */
const READ_HEADERS = {
  accept: 'application/json',
  accesstoken: 'delivery-token',
  'content-type': 'application/json',
};

/** The headers of a delivery search: the search content type of contract §1.1. */
const SEARCH_HEADERS = { ...READ_HEADERS, 'content-type': 'application/json; charset=utf-8' };

const TITLE_WHERE = JSON.stringify([{ field: 'entryTitle', equalTo: 'Marine Biology' }]);

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

describe('nodes.get with both id and path (SDK parity)', () => {
  it('uses the path, as the SDK does', async () => {
    await client({ language: 'cy' }).nodes.get({ id: 'n1', path: '/courses/marine-biology', depth: 1 });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/nodes/courses/marine-biology`,
      query: { depth: '1', language: 'cy' },
      headers: READ_HEADERS,
      body: undefined,
    });
  });

  it('uses the id when the path is empty', async () => {
    await client().nodes.get({ id: 'n1', path: '' });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/nodes/n1`,
      query: {},
      headers: READ_HEADERS,
      body: undefined,
    });
  });
});

describe('ZenQL searches (SDK parity)', () => {
  it('send the search content type, as JSON searches do', async () => {
    await client().entries.search('sys.contentTypeId = course', 1);
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/entries`,
      query: { linkDepth: '1', pageIndex: '0', pageSize: '20', zenql: 'sys.contentTypeId = course' },
      headers: SEARCH_HEADERS,
      body: undefined,
    });
    const query = new ZenqlQuery('entryTitle = "Marine Biology"');
    query.pageSize = 5;
    await client().entries.search(query);
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/entries`,
      query: { pageIndex: '0', pageSize: '5', zenql: 'entryTitle = "Marine Biology"' },
      headers: SEARCH_HEADERS,
      body: undefined,
    });
  });

  it('share the content type with JSON searches sent as GET and as POST', async () => {
    const query = new Query(Op.equalTo('entryTitle', 'Marine Biology'));
    await client().entries.search(query);
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/entries/search`,
      query: { pageIndex: '0', pageSize: '20', where: TITLE_WHERE },
      headers: SEARCH_HEADERS,
      body: undefined,
    });
    await client({ searchUrlLimit: 10 }).entries.search(query, 2);
    expect(wire(server().last())).toEqual({
      method: 'POST',
      path: `${ROOT}/entries/search`,
      query: { linkDepth: '2' },
      headers: SEARCH_HEADERS,
      body: { pageIndex: 0, pageSize: 20, where: JSON.parse(TITLE_WHERE) },
    });
  });
});

describe('deliberate differences of the delivery client', () => {
  it('percent-encodes ids in paths (the SDK inserts them verbatim)', async () => {
    await client().nodes.getChildren('a/b?c');
    const request = server().last();
    expect(request.rawPath).toBe(`${ROOT}/nodes/a%2Fb%3Fc/children`);
    expect(wire(request)).toEqual({
      method: 'GET',
      path: `${ROOT}/nodes/a/b?c/children`,
      query: {},
      headers: READ_HEADERS,
      body: undefined,
    });
  });

  it('never puts client settings into a search query string (the SDK leaks them)', async () => {
    const c = client({ defaultHeaders: { 'x-site': 'canopy' }, language: 'cy', versionStatus: 'latest' });
    await c.entries.search(new Query(Op.equalTo('entryTitle', 'Marine Biology')));
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/entries/search`,
      query: { pageIndex: '0', pageSize: '20', where: TITLE_WHERE },
      headers: SEARCH_HEADERS,
      body: undefined,
    });
    expect(server().last().headers['x-site']).toBe('canopy');
  });

  it('adds the leading slash a node path lacks, and reads "/" as the root node', async () => {
    await client().nodes.get({ path: 'courses' });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/nodes/courses`,
      query: {},
      headers: READ_HEADERS,
      body: undefined,
    });
    await client().nodes.get('/');
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/nodes/root`,
      query: {},
      headers: READ_HEADERS,
      body: undefined,
    });
  });

  it('answers getAncestorAtLevel with the one node asked for (the SDK passes on the list)', async () => {
    const root = { id: 'root', path: '/' };
    server().respond({ body: [root, { id: 'courses', path: '/courses' }] });
    await expect(client().nodes.getAncestorAtLevel({ id: 'n1', startLevel: 1 })).resolves.toEqual(root);
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/nodes/n1/ancestors`,
      query: { startLevel: '1' },
      headers: READ_HEADERS,
      body: undefined,
    });
  });

  it('sends where=[] for a plain query without where (the SDK sends where=undefined)', async () => {
    await client().entries.search({ orderBy: ['-sys.version.published'] });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: `${ROOT}/entries/search`,
      query: {
        orderBy: JSON.stringify(['-sys.version.published']), // the caller's value, as the SDK sends it
        pageIndex: '0',
        pageSize: '25',
        where: '[]',
      },
      headers: SEARCH_HEADERS,
      body: undefined,
    });
  });

  it('leaves the caller’s query object alone when a search goes as POST (the SDK writes page values into it)', async () => {
    const query = { where: [{ field: 'entryTitle', equalTo: 'Marine Biology' }] };
    await client({ searchUrlLimit: 10 }).entries.search(query);
    expect(wire(server().last())).toEqual({
      method: 'POST',
      path: `${ROOT}/entries/search`,
      query: {},
      headers: SEARCH_HEADERS,
      body: { pageIndex: 0, pageSize: 25, where: JSON.parse(TITLE_WHERE) },
    });
    expect(query).toEqual({ where: [{ field: 'entryTitle', equalTo: 'Marine Biology' }] });
  });

  it('refuses missing ids, keys and grant details before any request (the SDK sends them as null or undefined)', async () => {
    await expect(client().taxonomy.getNodeByKey('')).rejects.toThrow(DeliveryMessages.taxonomyKey);
    await expect(client().contentTypes.get('')).rejects.toThrow(DeliveryMessages.contentTypeId);
    await expect(client({ projectId: '' }).entries.get('e1')).rejects.toThrow(DeliveryMessages.projectId);
    const classic = client({ accessToken: null, clientType: 'contensis_classic' });
    await expect(classic.project.get()).rejects.toThrow(AuthMessages.classicNeedsDetails);
    expect(server().requests).toHaveLength(0);
  });

  it('fails with Error instances: RequestError when no answer comes (the SDK passes on a TypeError or waits)', async () => {
    server().respond({ body: {}, delay: 1000 });
    const slow = await client({ timeout: 50 })
      .project.get()
      .catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(RequestError);
    expect(slow).toMatchObject({ message: 'Network request timed out', code: 'timeout' });
    expect(wire(server().last())).toEqual({
      method: 'GET',
      path: ROOT,
      query: {},
      headers: READ_HEADERS,
      body: undefined,
    });

    const closed = await startRecordingServer();
    await closed.close();
    const down = await client({ rootUrl: closed.url })
      .project.get()
      .catch((e: unknown) => e);
    expect(down).toBeInstanceOf(RequestError);
    expect(down).toMatchObject({ message: 'Network request failed', code: 'network' });
  });
});
