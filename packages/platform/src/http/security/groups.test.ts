import type { ManagementClient as Client } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFromAuthorization } from '../../auth/caller.js';
import { isAuthorized } from '../../auth/permissions.js';
import { listRoleRecords } from '../../db/roles.js';
import type { PlatformEvent } from '../../events/bus.js';
import { clientFor, rawSecurityRequest, rejection, statusOf } from '../../test-support/management-client.js';
import { type RunningPlatform, startRecordingPlatform } from '../../test-support/platform-fixture.js';
import { issueTestToken } from '../../test-support/tokens.js';

let platform: RunningPlatform;
let admin: Client;
const events: PlatformEvent[] = [];

const names = (list: { items: { name: string }[] }) => list.items.map((group) => group.name);
const usernames = (list: { items: { username: string }[] }) => list.items.map((user) => user.username);

let counter = 0;
async function newUser(prefix: string) {
  counter += 1;
  return admin.security.users.create({
    username: `${prefix}${counter}`,
    email: `${prefix}${counter}@groups.test`,
    firstName: prefix,
    credentials: { password: 'a long enough password' },
  });
}

beforeAll(async () => {
  platform = await startRecordingPlatform(events);
  admin = clientFor(platform, 'admin');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('group records', () => {
  it('lists the seeded groups as a paged list with counts, with and without options', async () => {
    const list = await admin.security.groups.list();
    expect(list).toMatchObject({ pageIndex: 0, pageSize: 25 });
    expect(names(list)).toEqual(
      expect.arrayContaining(['System Administrators', 'Editors', 'Staff', 'Members']),
    );
    const sys = list.items.find((group) => group.name === 'System Administrators')!;
    expect(Object.keys(sys)).toEqual([
      'id',
      'name',
      'description',
      'type',
      'custom',
      'userCount',
      'childGroupCount',
      'created',
      'modified',
    ]);
    expect(sys).toMatchObject({ type: 'sys', userCount: 1, childGroupCount: 0 });
    expect(names(await admin.security.groups.list({ q: 'MEMBERS PAGES' }))).toEqual(['Members']);
    expect(names(await admin.security.groups.list({ zenQL: 'type = sys' }))).toEqual([
      'System Administrators',
    ]);
    const page = await admin.security.groups.list({
      zenQL: 'name in (Editors, Staff, Members)',
      order: '-name',
      pageOptions: { pageIndex: 0, pageSize: 2 },
    });
    expect(page).toMatchObject({ totalCount: 3, pageCount: 2, pageSize: 2 });
    expect(names(page)).toEqual(['Staff', 'Members']);
  });

  it('creates (201), reads by id and by name, updates and deletes a group', async () => {
    const before = events.length;
    const created = await admin.security.groups.create({
      name: 'News team',
      description: 'Editors of the news section',
      custom: { costCentre: 'N01' },
    });
    expect(created).toMatchObject({
      name: 'News team',
      description: 'Editors of the news section',
      type: 'contensis',
      custom: { costCentre: 'N01' },
      userCount: 0,
      childGroupCount: 0,
    });
    expect(await admin.security.groups.getById(created.id)).toEqual(created);
    expect(await admin.security.groups.getByName('news TEAM')).toEqual(created);

    const updated = await admin.security.groups.update({
      id: created.id,
      name: 'News desk',
      description: 'Renamed',
      type: 'external',
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'News desk',
      description: 'Renamed',
      type: 'external',
    });
    expect(updated.custom).toEqual({ costCentre: 'N01' });
    expect(await admin.security.groups.getByName('News desk')).toEqual(updated);
    expect(await statusOf(admin.security.groups.getByName('News team'))).toBe(404);

    await admin.security.groups.delete(created.id);
    expect(await statusOf(admin.security.groups.getById(created.id))).toBe(404);
    expect(events.slice(before).map((event) => [event.resourceType, event.event])).toEqual([
      ['group', 'created'],
      ['group', 'updated'],
      ['group', 'deleted'],
    ]);
  });

  it('answers 409 for a duplicate name and 422 for built-in groups, changing nothing', async () => {
    const group = await admin.security.groups.create({ name: 'Duplicate me' });
    expect(await statusOf(admin.security.groups.create({ name: 'DUPLICATE ME' }))).toBe(409);
    expect(await statusOf(admin.security.groups.update({ id: group.id, name: 'Editors' }))).toBe(409);
    const sys = await admin.security.groups.getByName('System Administrators');
    const deletion = await rejection(admin.security.groups.delete(sys.id));
    expect(deletion.status).toBe(422);
    expect(deletion.data).toMatchObject({ type: 'Validation' });
    expect(await statusOf(admin.security.groups.update({ id: sys.id, name: 'Admins' }))).toBe(422);
    expect(await statusOf(admin.security.groups.update({ id: group.id, type: 'sys' }))).toBe(422);
    expect(await statusOf(admin.security.groups.create({ name: 'Fake sys', type: 'sys' }))).toBe(422);
    expect(await statusOf(admin.security.groups.create({ name: 'Odd type', type: 'martian' }))).toBe(422);
    expect(await admin.security.groups.getById(sys.id)).toEqual(sys);
    expect(await admin.security.groups.getById(group.id)).toEqual(group);
    expect(await statusOf(admin.security.groups.getByName('Fake sys'))).toBe(404);
  });

  it('refuses malformed group input with 400 and stores nothing', async () => {
    const before = (await admin.security.groups.list()).totalCount;
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(257) },
      { name: 12 },
      { name: 'Bad description', description: 5 },
      { name: 'Bad custom', custom: 'x' },
      [],
    ]) {
      const response = await rawSecurityRequest(platform, '/groups', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await rawSecurityRequest(platform, '/groups', { method: 'POST', body: '{"name":' })).status).toBe(
      400,
    );
    const group = await admin.security.groups.create({ name: 'Stable' });
    const mismatch = await rawSecurityRequest(platform, `/groups/${group.id}`, {
      method: 'PUT',
      body: JSON.stringify({ id: 'other', name: 'X' }),
    });
    expect(mismatch.status).toBe(400);
    expect(
      (await rawSecurityRequest(platform, `/groups/${group.id}`, { method: 'PUT', body: '{"name": null}' }))
        .status,
    ).toBe(400);
    expect(await admin.security.groups.getById(group.id)).toEqual(group);
    expect((await admin.security.groups.list()).totalCount).toBe(before + 1);
    expect(await statusOf(admin.security.groups.update({ id: 'no-such-group', name: 'X' }))).toBe(404);
    expect(await statusOf(admin.security.groups.delete('no-such-group'))).toBe(404);
  });
});

describe('members', () => {
  it('adds, checks and removes users, one by one and in bulk, with counts kept', async () => {
    const groups = admin.security.groups;
    const group = await groups.create({ name: 'Choir' });
    const [a, b, c] = [await newUser('alto'), await newUser('bass'), await newUser('cello')];
    await groups.addUser(group.id, a.id);
    await groups.addUser('Choir', b.username);
    await groups.addUser(group.id, a.id); // idempotent
    expect(await groups.hasUser(group.id, a.id)).toBe(true);
    expect(await groups.hasUser('choir', b.email)).toBe(true);
    expect(await groups.hasUser(group.id, c.id)).toBe(false);
    expect((await groups.getById(group.id)).userCount).toBe(2);

    await groups.addUsers(group.id, [c.id, a.id]);
    expect(usernames(await groups.getUsersByGroupId(group.id))).toEqual([a.username, b.username, c.username]);
    await groups.removeUser(group.id, b.id);
    expect(await groups.hasUser(group.id, b.id)).toBe(false);
    expect(await statusOf(groups.removeUser(group.id, b.id))).toBe(404);
    expect((await groups.getById(group.id)).userCount).toBe(2);
    expect(events.at(-1)).toMatchObject({ resourceType: 'group', event: 'updated', resourceId: group.id });
  });

  it('refuses unknown users and groups without changing anything', async () => {
    const groups = admin.security.groups;
    const group = await groups.create({ name: 'Strict' });
    const user = await newUser('strict');
    const unknown = await rejection(groups.addUsers(group.id, [user.id, 'ghost']));
    expect(unknown.status).toBe(422);
    expect(unknown.data).toMatchObject({ type: 'Validation', data: [{ field: '[1]' }] });
    expect(await groups.hasUser(group.id, user.id)).toBe(false);
    expect(await statusOf(groups.addUser(group.id, 'ghost'))).toBe(404);
    expect(await statusOf(groups.addUser('ghost group', user.id))).toBe(404);
    expect(
      (await rawSecurityRequest(platform, `/groups/${group.id}/users`, { method: 'POST', body: '{"id":1}' }))
        .status,
    ).toBe(400);
    expect(
      (await rawSecurityRequest(platform, `/groups/${group.id}/users`, { method: 'POST', body: '[]' }))
        .status,
    ).toBe(400);
    expect(
      (await rawSecurityRequest(platform, `/groups/${group.id}/users`, { method: 'POST', body: '[3]' }))
        .status,
    ).toBe(400);
    expect((await groups.getById(group.id)).userCount).toBe(0);
  });

  it('never removes the last System Administrator', async () => {
    const sys = await admin.security.groups.getByName('System Administrators');
    const me = await admin.security.users.getCurrent();
    expect(await statusOf(admin.security.groups.removeUser(sys.id, me.id))).toBe(422);
    expect(await admin.security.groups.hasUser(sys.id, me.id)).toBe(true);
  });
});

describe('child groups and listings', () => {
  it('nests groups, refuses cycles and lists members and child groups with every option', async () => {
    const groups = admin.security.groups;
    const school = await groups.create({ name: 'School', description: 'the whole school' });
    const staff = await groups.create({ name: 'School staff' });
    const teachers = await groups.create({ name: 'Teachers' });
    const maths = await groups.create({ name: 'Maths teachers' });
    await groups.addChildGroups(school.id, [staff.id]);
    await groups.addChildGroup('School staff', 'Teachers');
    await groups.addChildGroup(teachers.id, maths.id);
    const head = await newUser('head');
    const teacher = await newUser('teacher');
    const mathematician = await newUser('maths');
    await groups.addUser(school.id, head.id);
    await groups.addUser(teachers.id, teacher.id);
    await groups.addUser(maths.id, mathematician.id);

    // A group cannot contain itself, directly or through its children.
    const itself = await rejection(groups.addChildGroup(school.id, school.id));
    expect(itself.status).toBe(422);
    expect(await statusOf(groups.addChildGroup(maths.id, school.id))).toBe(422);
    expect(await statusOf(groups.addChildGroups(teachers.id, [staff.id]))).toBe(422);
    expect(await statusOf(groups.addChildGroup(school.id, 'ghost'))).toBe(404);
    expect(names(await groups.getChildGroupsByGroupId(maths.id))).toEqual([]);

    expect((await groups.getById(school.id)).childGroupCount).toBe(1);
    expect(names(await groups.getChildGroupsByGroupId(school.id))).toEqual(['School staff']);
    expect(names(await groups.getChildGroupsByGroupName('School', { includeInherited: true }))).toEqual([
      'Maths teachers',
      'School staff',
      'Teachers',
    ]);
    expect(
      names(
        await groups.getChildGroupsByGroupId(school.id, {
          includeInherited: true,
          includeSelf: true,
          order: '-name',
        }),
      ),
    ).toEqual(['Teachers', 'School staff', 'School', 'Maths teachers']);
    expect(
      names(
        await groups.getChildGroupsByGroupId(school.id, {
          includeInherited: true,
          excludedGroups: ['Teachers'],
        }),
      ),
    ).toEqual(['School staff']);
    expect(
      names(
        await groups.getChildGroupsByGroupId(school.id, {
          includeInherited: true,
          q: 'teach',
          zenQL: 'name startswith m',
        }),
      ),
    ).toEqual(['Maths teachers']);

    expect(usernames(await groups.getUsersByGroupId(school.id))).toEqual([head.username]);
    const everyone = await groups.getUsersByGroupName('School', {
      includeInherited: true,
      order: 'firstName',
    });
    expect(everyone).toMatchObject({ pageIndex: 0, pageSize: 25, totalCount: 3 });
    expect(usernames(everyone)).toEqual([head.username, mathematician.username, teacher.username]);
    expect(
      usernames(
        await groups.getUsersByGroupId(school.id, {
          includeInherited: true,
          excludedGroups: ['Maths teachers'],
        }),
      ),
    ).toEqual([head.username, teacher.username]);
    expect(
      usernames(await groups.getUsersByGroupId(school.id, { includeInherited: true, q: 'TEACHER' })),
    ).toEqual([teacher.username]);
    expect(
      usernames(
        await groups.getUsersByGroupId(school.id, {
          includeInherited: true,
          zenQL: `username = "${head.username}"`,
        }),
      ),
    ).toEqual([head.username]);
    const second = await groups.getUsersByGroupId(school.id, {
      includeInherited: true,
      order: 'username',
      pageOptions: { pageIndex: 1, pageSize: 2 },
    });
    expect(second).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: 3, pageCount: 2 });
    expect(second.items).toHaveLength(1);
    expect(await statusOf(groups.getUsersByGroupId(school.id, { excludedGroups: ['No such group'] }))).toBe(
      400,
    );

    // Membership through child groups counts for the user's checks, not for the direct hasUser.
    expect(await admin.security.users.userIsMemberOf(mathematician.id, 'School')).toBe(true);
    expect(await groups.hasUser(school.id, mathematician.id)).toBe(false);

    await groups.removeChildGroup(teachers.id, maths.id);
    expect(await admin.security.users.userIsMemberOf(mathematician.id, 'School')).toBe(false);
    expect(await statusOf(groups.removeChildGroup(teachers.id, maths.id))).toBe(404);
    // Deleting a group removes its links.
    await groups.delete(staff.id);
    expect((await groups.getById(school.id)).childGroupCount).toBe(0);
    expect(await admin.security.users.userIsMemberOf(teacher.id, 'School')).toBe(false);
  });
});

describe('renaming', () => {
  it('keeps the roles assigned to a renamed group', async () => {
    const editors = await admin.security.groups.getByName('Editors');
    await admin.security.groups.update({ id: editors.id, name: 'Editorial board' });
    const roles = listRoleRecords(platform.db, platform.projectId);
    const contentEditors = roles.find((role) => role.name === 'Content editors')!;
    expect(contentEditors.assignments?.groups).toEqual(['Editorial board']);
    const editor = (await admin.security.users.getByUsername('editor')).id;
    const caller = callerFromAuthorization(platform.db, `Bearer ${issueTestToken(platform.db, 'editor')}`);
    expect(caller.id).toBe(editor);
    expect(isAuthorized(platform.db, caller, platform.projectId, { resourceType: 'entries' }, 'update')).toBe(
      true,
    );
  });
});
