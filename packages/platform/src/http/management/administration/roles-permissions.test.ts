import type { ManagementClient, Role } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChildGroupRecord, findUserByLogin, insertGroupRecord } from '../../../db/accounts.js';
import type { PlatformEvent } from '../../../events/bus.js';
import { row } from '../../../test-support/expectations.js';
import {
  clientFor,
  clientWithToken,
  expectStatus,
  rawRequest,
} from '../../../test-support/management-client.js';
import { startManagementTestbed } from '../../../test-support/management-testbed.js';
import type { RunningPlatform } from '../../../test-support/platform-fixture.js';

let platform: RunningPlatform;
let adminToken: string;
let admin: ManagementClient;
let editor: ManagementClient;
let member: ManagementClient;
let site: ManagementClient;
const events: PlatformEvent[] = [];
let newsEntryId: string;
let courseEntryId: string;

beforeAll(async () => {
  ({ platform, adminToken, admin, editor, member, site } = await startManagementTestbed(events));
  const entryOf = (type: string) =>
    row<{ entry_id: string }>(
      platform.db,
      "SELECT entry_id FROM entry_versions WHERE project_id = 'website' AND content_type_id = ? AND is_latest = 1 LIMIT 1",
      type,
    ).entry_id;
  newsEntryId = entryOf('newsArticle');
  courseEntryId = entryOf('course');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const storedRoles = () => platform.db.prepare('SELECT id, name, data FROM roles ORDER BY id').all();

describe('roles', () => {
  it('lists the seeded roles for administrators, page by page', async () => {
    const all = await admin.roles.list();
    expect(all).toMatchObject({ pageIndex: 0, pageSize: 25, totalCount: 2, pageCount: 1 });
    expect(all.items.map((role) => role.name)).toEqual(['Content editors', 'Website']);
    const second = await admin.roles.list({ pageIndex: 1, pageSize: 1 });
    expect(second).toMatchObject({ pageIndex: 1, pageSize: 1, totalCount: 2, pageCount: 2 });
    expect(second.items.map((role) => role.name)).toEqual(['Website']);
  });

  it('refuses callers without a token (401), without the group or the scope (403)', async () => {
    expect(await expectStatus(clientWithToken(platform, null).roles.list(), 401)).toBe(
      'Authorization has been denied for this request.',
    );
    expect(await expectStatus(editor.roles.list(), 403)).toMatch(/System Administrators/);
    await expectStatus(site.roles.get('anything'), 403);
    const noScope = clientFor(platform, 'admin', { scopes: ['Entry_Read'] });
    expect(await expectStatus(noScope.roles.list(), 403)).toMatch(/Security_Administrator/);
  });

  it('creates, reads, updates and deletes a role, announcing each change', async () => {
    events.length = 0;
    const created = await admin.roles.create({
      name: 'News editors',
      description: 'Create and update articles',
      enabled: true,
      permissions: {
        entries: [{ id: 'newsArticle', languages: ['en-GB'], actions: ['view', 'create'] }],
        contentTypes: [{ id: 'newsArticle', actions: ['view'] }],
        webhookSubscriptions: { actions: ['view'] },
      },
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'News editors',
      assignments: { users: [], groups: [], apiKeys: [] },
    });
    expect(await admin.roles.get(created.id!)).toEqual(created);

    const updated = await admin.roles.update({
      ...created,
      name: 'Newsroom',
      assignments: { users: ['editor'] },
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Newsroom',
      assignments: { users: ['editor'], groups: [] },
    });
    expect((await admin.roles.list()).items.map((role) => role.name)).toContain('Newsroom');

    await admin.roles.delete(created.id!);
    await expectStatus(admin.roles.get(created.id!), 404);
    expect(events.map((event) => [event.resourceType, event.event, event.actor])).toEqual([
      ['role', 'created', 'admin'],
      ['role', 'updated', 'admin'],
      ['role', 'deleted', 'admin'],
    ]);
  });

  it('keeps a chosen id and refuses taken ids and names (409)', async () => {
    const role = await admin.roles.create({ id: 'reviewers', name: 'Reviewers' });
    expect(role.id).toBe('reviewers');
    expect(await expectStatus(admin.roles.create({ id: 'reviewers', name: 'Other' }), 409)).toMatch(/id/);
    expect(await expectStatus(admin.roles.create({ name: 'content EDITORS' }), 409)).toMatch(
      /already exists/,
    );
    const website = (await admin.roles.list()).items.find((item) => item.name === 'Website')!;
    await expectStatus(admin.roles.update({ ...website, name: 'Reviewers' }), 409);
    await admin.roles.delete('reviewers');
  });

  it('refuses bad input with a 4xx and a message, changing nothing', async () => {
    const before = storedRoles();
    const website = (await admin.roles.list()).items.find((item) => item.name === 'Website')!;
    const bad: [unknown, number, RegExp][] = [
      [{ name: '' }, 422, /name/],
      [{ name: 'x'.repeat(257) }, 422, /at most 256/],
      [{ name: 'A', enabled: 'yes' }, 422, /enabled/],
      [{ name: 'A', permissions: { entries: { actions: ['view'] } } }, 422, /array of permissions/],
      [{ name: 'A', permissions: { redirects: [{ actions: ['view'] }] } }, 422, /actions/],
      [{ name: 'A', permissions: { everything: { actions: ['*'] } } }, 422, /not a permission/],
      [{ name: 'A', permissions: { entries: [{ actions: 'view' }] } }, 422, /array of strings/],
      [{ name: 'A', assignments: { users: [42] } }, 422, /users\[0\]/],
      [
        { name: 'A', assignments: { users: Array.from({ length: 1001 }, (_, i) => `u${i}`) } },
        422,
        /at most 1000/,
      ],
      [{ name: 'A', id: 'has space' }, 422, /id/],
    ];
    for (const [body, status, message] of bad) {
      expect(await expectStatus(admin.roles.create(body as Role), status)).toMatch(message);
    }
    await expectStatus(
      admin.roles.update({ ...website, permissions: { nodes: [{ actions: [1] }] } } as unknown as Role),
      422,
    );
    await expectStatus(admin.roles.update({ ...website, id: 'missing' }), 404);
    await expectStatus(admin.roles.delete('missing'), 404);
    const malformed = await rawRequest(platform, adminToken, 'POST', '/security/roles', '{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/not valid JSON/);
    expect((await rawRequest(platform, adminToken, 'POST', '/security/roles', '["a"]')).status).toBe(400);
    expect(
      (
        await rawRequest(
          platform,
          adminToken,
          'PUT',
          `/security/roles/${website.id}`,
          JSON.stringify({ id: 'other', name: 'W' }),
        )
      ).status,
    ).toBe(422);
    expect(storedRoles()).toEqual(before);
  });
});

describe('permissions', () => {
  const userId = (name: string) => findUserByLogin(platform.db, name)!.id;

  it('answers each caller about themselves from roles and groups', async () => {
    const all = ['view', 'create', 'update', 'delete', 'publish', 'connect'];
    expect(await admin.permissions.getPermissions({ resourceType: 'entries', userId: 'admin' })).toEqual({
      actions: all,
    });
    expect(
      await editor.permissions.getPermissions({ resourceType: 'entries', userId: userId('editor') }),
    ).toEqual({
      actions: all,
    });
    expect(
      await editor.permissions.getPermissions({ resourceType: 'contentTypes', userId: 'editor' }),
    ).toEqual({
      actions: ['view'],
    });
    expect(await editor.permissions.getPermissions({ resourceType: 'redirects', userId: 'editor' })).toEqual({
      actions: all,
    });
    expect(await member.permissions.getPermissions({ resourceType: 'entries', userId: 'member' })).toEqual({
      actions: [],
    });
    expect(
      await site.permissions.getPermissions({ resourceType: 'entries', userId: 'canopy-website' }),
    ).toEqual({
      // view every entry; create bookings (and nothing else: least-privilege.test.ts)
      actions: ['view', 'create'],
    });
    expect(
      await site.permissions.getPermissions({ resourceType: 'eventStreams', userId: 'Canopy website' }),
    ).toEqual({
      actions: ['connect'],
    });
  });

  it('answers single actions with authorized:true or 404', async () => {
    const options = { resourceType: 'entries', resourceId: newsEntryId, userId: 'editor' };
    expect(
      await editor.permissions.getAuthorizationForAction({ ...options, actionName: 'sys.create' }),
    ).toEqual({
      authorized: true,
    });
    expect(
      await site.permissions.getAuthorizationForAction({
        ...options,
        userId: 'canopy-website',
        actionName: 'view',
      }),
    ).toEqual({ authorized: true });
    await expectStatus(
      site.permissions.getAuthorizationForAction({
        ...options,
        userId: 'canopy-website',
        actionName: 'sys.create',
      }),
      404,
    );
    await expectStatus(
      member.permissions.getAuthorizationForAction({ ...options, userId: 'member', actionName: 'view' }),
      404,
    );
    expect(
      await editor.permissions.getAuthorizationForAction({
        resourceType: 'redirects',
        userId: 'editor',
        actionName: 'delete',
      }),
    ).toEqual({ authorized: true });
    expect(
      await expectStatus(
        member.permissions.getAuthorizationForAction({
          resourceType: 'redirects',
          userId: 'member',
          actionName: 'delete',
        }),
        404,
      ),
    ).toMatch(/not authorized/);
  });

  it('lets administrators ask about others, and nobody else', async () => {
    expect(await admin.permissions.getPermissions({ resourceType: 'entries', userId: 'member' })).toEqual({
      actions: [],
    });
    expect(
      await admin.permissions.getPermissions({ resourceType: 'contenttypes', userId: userId('editor') }),
    ).toEqual({
      actions: ['view'],
    });
    expect(
      await admin.permissions.getPermissions({ resourceType: 'entries', userId: 'canopy-website' }),
    ).toEqual({
      actions: ['view', 'create'],
    });
    expect(
      await expectStatus(
        editor.permissions.getPermissions({ resourceType: 'entries', userId: 'admin' }),
        403,
      ),
    ).toMatch(/System Administrators/);
    await expectStatus(site.permissions.getPermissions({ resourceType: 'entries', userId: 'member' }), 403);
    await expectStatus(admin.permissions.getPermissions({ resourceType: 'entries', userId: 'nobody' }), 404);
    await expectStatus(
      clientWithToken(platform, null).permissions.getPermissions({ resourceType: 'entries', userId: 'x' }),
      401,
    );
  });

  it('follows roles given to a group the user inherits, per content type and language', async () => {
    // Members is made a child of a new Readers group, so members inherit Readers' roles.
    const readersId = '6f0d2f1e-0000-4000-8000-000000000001';
    const membersId = row<{ id: string }>(platform.db, "SELECT id FROM groups WHERE name = 'Members'").id;
    platform.db.transaction(() => {
      insertGroupRecord(platform.db, { id: readersId, name: 'Readers', data: { type: 'contensis' } });
      addChildGroupRecord(platform.db, readersId, membersId);
    })();
    const role = await admin.roles.create({
      name: 'Welsh news readers',
      permissions: { entries: [{ id: 'newsArticle', languages: ['cy'], actions: ['view'] }] },
      assignments: { groups: ['Readers'] },
    });
    const ask = (resourceId: string, language: string) =>
      member.permissions.getPermissions({ resourceType: 'entries', resourceId, userId: 'member', language });
    expect(await ask(newsEntryId, 'cy')).toEqual({ actions: ['view'] });
    expect(await ask(newsEntryId, 'en-GB')).toEqual({ actions: [] });
    expect(await ask(courseEntryId, 'cy')).toEqual({ actions: [] });
    expect(await ask('newsArticle', 'cy')).toEqual({ actions: ['view'] });
    await expectStatus(ask('no-such-entry', 'cy'), 404);
    await expectStatus(ask(newsEntryId, 'fr'), 404);

    await admin.roles.update({ ...role, enabled: false });
    expect(await ask(newsEntryId, 'cy')).toEqual({ actions: [] });
    await admin.roles.delete(role.id!);
  });

  it('refuses unknown resource types', async () => {
    expect(
      await expectStatus(
        admin.permissions.getPermissions({ resourceType: 'spaceships', userId: 'admin' }),
        404,
      ),
    ).toMatch(/resource type/);
  });
});
