import { describe, expect, it } from 'vitest';
import { ManagementClient } from '../management/client.js';
import { SEEDED_CREDENTIALS, summary, useManagementServer } from '../test-support/management-fixture.js';
import { startRecordingServer } from '../test-support/recording-server.js';

const { server, client } = useManagementServer();
const G = '/api/security/groups';

describe('groups: reads', () => {
  it('gets by id or by name', async () => {
    await client().security.groups.getById('g1');
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${G}/g1`, query: {} });
    await client().security.groups.getByName('News team');
    expect(server().last().rawPath).toBe(`${G}/News%20team`);
  });

  it('lists with no parameters without options, else paging, order, q and zenQL', async () => {
    await client().security.groups.list();
    expect(server().last().rawQuery).toBe('');
    await client().security.groups.list({ q: 'news', zenQL: 'name ~ news', order: '-name' });
    expect(server().last().rawQuery).toBe('order=-name&pageIndex=0&pageSize=25&q=news&zenQL=name%20~%20news');
  });

  it('lists members: includeInherited only when true', async () => {
    const groups = client().security.groups;
    await groups.getUsersByGroupId('g1');
    expect(summary(server().last())).toMatchObject({ path: `${G}/g1/users`, query: {} });
    await groups.getUsersByGroupName('News team', {
      includeInherited: true,
      excludedGroups: ['Old', 'Gone'],
      q: 'al',
      zenQL: 'username = a',
      order: ['username'],
      pageOptions: { pageIndex: 1, pageSize: 5 },
    });
    expect(server().last().path).toBe(`${G}/News team/users`);
    expect(server().last().query).toEqual({
      excludedGroups: 'Old,Gone',
      includeInherited: 'true',
      order: 'username',
      pageIndex: '1',
      pageSize: '5',
      q: 'al',
      zenQL: 'username = a',
    });
    await groups.getUsersByGroupId('g1', { includeInherited: false });
    expect(server().last().query).toEqual({ pageIndex: '0', pageSize: '25' });
  });

  it('lists child groups: includeInherited also when false, includeSelf only when true', async () => {
    const groups = client().security.groups;
    await groups.getChildGroupsByGroupId('g1');
    expect(summary(server().last())).toMatchObject({ path: `${G}/g1/groups`, query: {} });
    await groups.getChildGroupsByGroupName('News team', { includeInherited: false, includeSelf: false });
    expect(server().last().query).toEqual({ includeInherited: 'false', pageIndex: '0', pageSize: '25' });
    await groups.getChildGroupsByGroupId('g1', {
      includeInherited: true,
      includeSelf: true,
      excludedGroups: ['x'],
    });
    expect(server().last().rawQuery).toBe(
      'excludedGroups=x&includeInherited=true&includeSelf=true&pageIndex=0&pageSize=25',
    );
  });
});

describe('groups: writes and membership', () => {
  it('creates, updates and deletes', async () => {
    const group = { name: 'News team', description: 'Editors', type: 'contensis' };
    await client().security.groups.create(group);
    expect(summary(server().last())).toEqual({ method: 'POST', path: G, query: {}, body: group });
    await client().security.groups.update({ ...group, id: 'g1' });
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${G}/g1`,
      query: {},
      body: { ...group, id: 'g1' },
    });
    await client().security.groups.delete('g1');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${G}/g1` });
  });

  it.each([
    ['addUser', ['g1', 'u1'], { method: 'PUT', path: `${G}/g1/users/u1`, body: undefined }],
    ['addUsers', ['g1', ['u1', 'u2']], { method: 'POST', path: `${G}/g1/users`, body: ['u1', 'u2'] }],
    ['removeUser', ['g1', 'u1'], { method: 'DELETE', path: `${G}/g1/users/u1`, body: undefined }],
    ['addChildGroup', ['g1', 'g2'], { method: 'PUT', path: `${G}/g1/groups/g2`, body: undefined }],
    ['addChildGroups', ['g1', ['g2', 'g3']], { method: 'POST', path: `${G}/g1/groups`, body: ['g2', 'g3'] }],
    ['removeChildGroup', ['g1', 'g2'], { method: 'DELETE', path: `${G}/g1/groups/g2`, body: undefined }],
  ] as const)('%s', async (method, args, expected) => {
    server().respond({ status: 204 });
    const call = client().security.groups[method] as (...a: unknown[]) => Promise<unknown>;
    await expect(call.apply(client().security.groups, [...args])).resolves.toEqual({});
    expect(summary(server().last())).toEqual({ query: {}, ...expected });
  });

  it('hasUser: HEAD, 204 → true, 404 → false, no response → false', async () => {
    server().respond({ status: 204 });
    await expect(client().security.groups.hasUser('g1', 'u1')).resolves.toBe(true);
    expect(server().last()).toMatchObject({ method: 'HEAD', path: `${G}/g1/users/u1` });
    server().respond({ status: 404 });
    await expect(client().security.groups.hasUser('g1', 'u1')).resolves.toBe(false);

    const closed = await startRecordingServer();
    const url = closed.url;
    await closed.close();
    const offline = ManagementClient.create({
      rootUrl: url,
      projectId: 'website',
      credentials: SEEDED_CREDENTIALS,
    });
    await expect(offline.security.groups.hasUser('g1', 'u1')).resolves.toBe(false);
  });
});
