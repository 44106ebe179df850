import { afterEach, describe, expect, it, vi } from 'vitest';
import { Op } from '../query/op.js';
import { OrderBy } from '../query/order-by.js';
import { Query } from '../query/query.js';
import { BEARER, jsonBody, summary, useManagementServer } from '../test-support/management-fixture.js';

const { server, client } = useManagementServer();
const U = '/api/security/users';

describe('users: reads', () => {
  it('gets the current user, by id (optionally classic), by username and by email', async () => {
    const users = client({ language: 'cy' }).security.users;
    await users.getCurrent();
    expect(server().last().rawPath).toBe(`${U}/@current`);
    expect(server().last().headers.authorization).toBe(`Bearer ${BEARER}`);
    await users.getById('u1');
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${U}/u1`, query: {} });
    await users.getById('1234', true);
    expect(summary(server().last())).toMatchObject({ path: `${U}/1234`, query: { classicUserId: 'true' } });
    await users.getByUsername('a.editor');
    expect(summary(server().last())).toMatchObject({ path: `${U}/a.editor`, query: {} });
    await users.getByEmail('a.editor@acme.example');
    expect(server().last().path).toBe(`${U}/a.editor@acme.example`);
  });

  it('lists with no parameters without options, and paging as soon as options are given (§7.3 #10)', async () => {
    const users = client().security.users;
    await users.list();
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: U, query: {} });
    expect(server().last().rawQuery).toBe('');
    await users.list({});
    expect(server().last().rawQuery).toBe('pageIndex=0&pageSize=25');
    await users.list({
      q: 'ed',
      order: ['-created', 'username'],
      zenQL: 'created > now(-7)',
      pageOptions: { pageIndex: 2, pageSize: 10 },
    });
    expect(server().last().query).toEqual({
      order: '-created,username',
      pageIndex: '2',
      pageSize: '10',
      q: 'ed',
      zenQL: 'created > now(-7)',
    });
  });

  it('lists a user’s groups, always with paging and includeInherited also when false', async () => {
    const users = client().security.users;
    await users.getUserGroups('u1');
    expect(summary(server().last())).toMatchObject({
      path: `${U}/u1/groups`,
      query: { pageIndex: '0', pageSize: '25' },
    });
    await users.getUserGroups({ userId: 'u1', includeInherited: true, pageOptions: { pageSize: 100 } });
    expect(server().last().rawQuery).toBe('includeInherited=true&pageIndex=0&pageSize=100');
    await users.getUserGroups({
      userId: 'u1',
      includeInherited: false,
      excludedGroups: ['a', 'b c'],
      order: 'name',
    });
    expect(server().last().query).toEqual({
      excludedGroups: 'a,b c',
      includeInherited: 'false',
      order: 'name',
      pageIndex: '0',
      pageSize: '25',
    });
  });

  it('searches with GET: orderBy, pageIndex, pageSize and where only', async () => {
    const query = new Query(Op.contains('username', 'editor'));
    query.orderBy = OrderBy.asc('username');
    query.includeArchived = true;
    query.aggregations = { a: { field: 'x' } };
    await client().security.users.search(query);
    const request = server().last();
    expect(request).toMatchObject({ method: 'GET', path: `${U}/search` });
    expect(Object.keys(request.query)).toEqual(['orderBy', 'pageIndex', 'pageSize', 'where']);
    expect(JSON.parse(request.query.where!)).toEqual([{ field: 'username', contains: 'editor' }]);
    await expect(client().security.users.search(null)).resolves.toBeNull();
    expect(server().requests).toHaveLength(1);
  });

  describe('search in Internet Explorer 11', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('POSTs the query body when the absolute URL is too long', async () => {
      vi.stubGlobal('document', { documentMode: 10 });
      vi.stubGlobal('window', globalThis);
      const query = new Query(Op.in('username', ...Array.from({ length: 200 }, (_, i) => `user-${i}`)));
      await client().security.users.search(query);
      expect(server().last()).toMatchObject({ method: 'POST', path: `${U}/search`, rawQuery: '' });
      expect(server().last().body).toBe(JSON.stringify(query.toManagementJSON()));
    });
  });
});

describe('users: writes and actions', () => {
  it('creates, optionally suspended', async () => {
    const user = { username: 'new', email: 'new@acme.example', credentials: { password: 'S3cret!' } };
    await client().security.users.create(user);
    expect(summary(server().last())).toEqual({ method: 'POST', path: U, query: {}, body: user });
    await client().security.users.create(user, true);
    expect(server().last().query).toEqual({ suspended: 'true' });
  });

  it('updates with PATCH and the merge-patch content type', async () => {
    await client().security.users.update({ id: 'u1', firstName: 'Alex', expiry: null });
    expect(summary(server().last())).toEqual({
      method: 'PATCH',
      path: `${U}/u1`,
      query: {},
      body: { id: 'u1', firstName: 'Alex', expiry: null },
    });
    expect(server().last().headers['content-type']).toBe('application/merge-patch+json; charset=utf-8');
  });

  it('changes a password, with or without the existing one', async () => {
    await client().security.users.updatePassword({ userId: 'u1', existing: 'old', new: 'n3w' });
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${U}/u1/credentials/password`,
      query: {},
      body: { existing: 'old', new: 'n3w' },
    });
    await client().security.users.updatePassword({ userId: 'u1', new: 'n3w' });
    expect(jsonBody(server().last())).toEqual({ new: 'n3w' });
  });

  it('deletes', async () => {
    await client().security.users.delete('u1');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${U}/u1` });
  });

  it.each([
    ['suspendUser', 'suspend'],
    ['unsuspendUser', 'unsuspend'],
    ['unlockUser', 'unlock'],
    ['setPasswordToExpirable', 'setPasswordToExpirable'],
  ] as const)('%s posts the %s action', async (method, type) => {
    await client().security.users[method]('u1');
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${U}/u1/actions`,
      query: {},
      body: { type },
    });
  });
});

describe('users.userIsMemberOf', () => {
  it('sends HEAD with the groups as a comma list and maps 204 to true', async () => {
    server().respond({ status: 204 });
    await expect(client().security.users.userIsMemberOf('u1', 'g1', 'News team')).resolves.toBe(true);
    expect(server().last()).toMatchObject({ method: 'HEAD', rawPath: `${U}/u1/groups/g1,News%20team` });
    expect(server().last().headers).toMatchObject({
      authorization: `Bearer ${BEARER}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it('maps 404 and other failures to false, even when a response handler would resolve them', async () => {
    server().respond({ status: 404 });
    const users = client({ responseHandler: { 404: () => null, '*': () => null } }).security.users;
    await expect(users.userIsMemberOf('u1', 'g1')).resolves.toBe(false);
    server().respond({ status: 500 });
    await expect(users.userIsMemberOf('u1', 'g1')).resolves.toBe(false);
  });
});
