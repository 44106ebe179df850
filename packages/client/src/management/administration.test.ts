import { describe, expect, it } from 'vitest';
import { P, summary, useManagementServer } from '../test-support/management-fixture.js';
import type { Redirect, Role } from './models.js';

const { server, client } = useManagementServer();

describe('permissions', () => {
  it('gets permissions for a resource type or one resource, with the configured language', async () => {
    await client({ language: 'en-GB' }).permissions.getPermissions({ resourceType: 'entries', userId: 'u1' });
    expect(summary(server().last())).toMatchObject({
      method: 'GET',
      path: `${P}/security/permissions/entries`,
      query: { language: 'en-GB', userId: 'u1' },
    });
    await client().permissions.getPermissions({
      resourceType: 'assets',
      resourceId: 'a1',
      userId: 'u1',
      language: 'cy',
    });
    expect(server().last().rawPath).toBe(`${P}/security/permissions/assets/a1`);
    expect(server().last().rawQuery).toBe('language=cy&userId=u1');
  });

  it('asks about one action', async () => {
    await client().permissions.getAuthorizationForAction({
      resourceType: 'entries',
      resourceId: 'e1',
      userId: 'u1',
      actionName: 'sys.create',
    });
    expect(summary(server().last())).toMatchObject({
      path: `${P}/security/permissions/entries/e1/actions/sys.create`,
      query: { userId: 'u1' },
    });
  });
});

describe('roles', () => {
  const role: Role = {
    id: 'r1',
    name: 'Editors',
    enabled: true,
    permissions: {},
    assignments: { users: ['a'] },
  };

  it('lists with paging always sent, gets and deletes', async () => {
    await client().roles.list();
    expect(summary(server().last())).toMatchObject({
      path: `${P}/security/roles`,
      query: { pageIndex: '0', pageSize: '25' },
    });
    await client().roles.list({ pageIndex: 3, pageSize: 7 });
    expect(server().last().rawQuery).toBe('pageIndex=3&pageSize=7');
    await client().roles.get('r1');
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${P}/security/roles/r1` });
    await client().roles.delete('r1');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/security/roles/r1` });
  });

  it('creates and updates, adding empty assignments when missing without touching the caller’s object', async () => {
    const bare: Role = { name: 'Readers' };
    await client().roles.create(bare);
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/security/roles`,
      query: {},
      body: { name: 'Readers', assignments: {} },
    });
    expect(bare).toEqual({ name: 'Readers' });
    await client().roles.update(role);
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/security/roles/r1`,
      query: {},
      body: role,
    });
    await client().roles.update({ id: 'r2', name: 'X' });
    expect(summary(server().last()).body).toEqual({ id: 'r2', name: 'X', assignments: {} });
  });
});

describe('redirects', () => {
  const redirect: Redirect = {
    sourceDomain: '*',
    destination: '/news',
    statusCode: 301,
    appendSourcePathToDestination: false,
    match: { type: 'beginsWith', value: '/old-news' },
  };

  it('lists and creates on the trailing-slash path', async () => {
    await client().redirects.list({ pageSize: 50 });
    expect(server().last().rawPath).toBe(`${P}/redirects/`);
    expect(server().last().query).toEqual({ pageIndex: '0', pageSize: '50' });
    await client().redirects.create(redirect);
    expect(server().last().rawPath).toBe(`${P}/redirects/`);
    expect(summary(server().last())).toMatchObject({ method: 'POST', body: redirect });
  });

  it('gets, PATCHes with application/json and deletes', async () => {
    await client().redirects.get('d1');
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${P}/redirects/d1` });
    await client().redirects.update({ ...redirect, id: 'd1', statusCode: 307 });
    expect(summary(server().last())).toEqual({
      method: 'PATCH',
      path: `${P}/redirects/d1`,
      query: {},
      body: { ...redirect, id: 'd1', statusCode: 307 },
    });
    expect(server().last().headers['content-type']).toBe('application/json');
    await client().redirects.delete('d1');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/redirects/d1` });
  });
});
