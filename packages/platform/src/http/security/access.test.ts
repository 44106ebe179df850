import { ApiError, Query } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_SCOPES } from '../../auth/scopes.js';
import { DEFAULT_CLIENT_ID } from '../../config.js';
import { insertApiClient } from '../../db/accounts.js';
import { revokeSubjectSessions } from '../../db/auth-tokens.js';
import { clientFor, clientWithToken, statusOf } from '../../test-support/management-client.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { issueTestToken } from '../../test-support/tokens.js';

let platform: RunningPlatform;

const WITHOUT_SECURITY = RESOURCE_SCOPES.filter((scope) => scope !== 'Security_Administrator');

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('authentication', () => {
  it('answers 401 with the contract message without a token, with an unknown one and with a revoked one', async () => {
    for (const path of ['/users/@current', '/users', '/groups', '/users/search']) {
      const response = await fetch(`${platform.origin}/api/security${path}`);
      expect(response.status, path).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(
        'Authorization has been denied for this request.',
      );
    }
    const post = await fetch(`${platform.origin}/api/security/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      body: JSON.stringify({ email: 'x@example.test', credentials: { password: 'long enough password' } }),
    });
    expect(post.status).toBe(401);
    const head = await fetch(`${platform.origin}/api/security/users/admin/groups/Editors`, {
      method: 'HEAD',
    });
    expect(head.status).toBe(401);

    const token = issueTestToken(platform.db, 'member');
    expect((await clientWithToken(platform, token).security.users.getCurrent()).username).toBe('member');
    const member = (await clientFor(platform, 'admin').security.users.getByUsername('member')).id;
    revokeSubjectSessions(platform.db, { kind: 'user', id: member });
    expect(await statusOf(clientWithToken(platform, token).security.users.getCurrent())).toBe(401);
    expect(await statusOf(clientWithToken(platform, 'made-up').security.groups.list())).toBe(401);
  });
});

describe('what a signed-in user may do for themselves', () => {
  it('reads themselves, their groups and their membership, with no scope at all', async () => {
    const self = clientFor(platform, 'editor', { scopes: [] }).security;
    const me = await self.users.getCurrent();
    expect(me.username).toBe('editor');
    expect(await self.users.getById(me.id)).toEqual(me);
    expect(await self.users.getByEmail('editor@aberwen.example')).toEqual(me);
    const groups = await self.users.getUserGroups({ userId: me.id, excludedGroups: ['No such group'] });
    expect(groups.items.map((group) => group.name)).toEqual(['Editors', 'Staff']);
    expect(await self.users.userIsMemberOf(me.id, 'Staff')).toBe(true);
    expect(await self.users.userIsMemberOf(me.id, 'System Administrators')).toBe(false);
    expect(await self.groups.hasUser('Editors', me.id)).toBe(true);
    // `@current` stands for the caller in every user path.
    expect((await self.users.getUserGroups('@current')).totalCount).toBe(2);
    expect(await self.users.userIsMemberOf('@current', 'Editors')).toBe(true);
  });

  it('gets 403 for anyone else, before learning whether they exist, and for every write', async () => {
    const member = clientFor(platform, 'member').security;
    const admin = await clientFor(platform, 'admin').security.users.getByUsername('admin');
    expect(await statusOf(member.users.getById(admin.id))).toBe(403);
    expect(await statusOf(member.users.getByUsername('admin'))).toBe(403);
    expect(await statusOf(member.users.getByUsername('no-such-user'))).toBe(403);
    expect(await statusOf(member.users.getUserGroups(admin.id))).toBe(403);
    expect(await member.users.userIsMemberOf(admin.id, 'System Administrators')).toBe(false);
    const head = await fetch(
      `${platform.origin}/api/security/users/${admin.id}/groups/System%20Administrators`,
      {
        method: 'HEAD',
        headers: { authorization: `Bearer ${issueTestToken(platform.db, 'member')}` },
      },
    );
    expect(head.status).toBe(403);
    expect(await statusOf(member.users.list())).toBe(403);
    expect(await statusOf(member.users.search(new Query()))).toBe(403);
    expect(
      await statusOf(
        member.users.create({ email: 'new@example.test', credentials: { password: 'long enough password' } }),
      ),
    ).toBe(403);
    expect(await statusOf(member.users.update({ id: admin.id, firstName: 'Hacked' }))).toBe(403);
    expect(await statusOf(member.users.suspendUser(admin.id))).toBe(403);
    expect(await statusOf(member.users.delete(admin.id))).toBe(403);
    expect(await statusOf(member.groups.list())).toBe(403);
    expect(await statusOf(member.groups.getByName('Members'))).toBe(403);
    expect(await statusOf(member.groups.create({ name: 'Mine' }))).toBe(403);
    expect(await statusOf(member.groups.addUser('System Administrators', 'member'))).toBe(403);
    expect(await member.groups.hasUser('System Administrators', admin.id)).toBe(false);
    // A member may not even change their own profile (only their password).
    const me = await member.users.getCurrent();
    expect(await statusOf(member.users.update({ id: me.id, firstName: 'Changed' }))).toBe(403);

    const adminClient = clientFor(platform, 'admin').security;
    expect((await adminClient.users.getById(admin.id)).firstName).toBe('Ada');
    expect(await adminClient.users.userIsMemberOf(me.id, 'System Administrators')).toBe(false);
    expect(await statusOf(adminClient.groups.getByName('Mine'))).toBe(404);
  });
});

describe('administrators', () => {
  it('need the Security_Administrator scope as well as the role', async () => {
    const unscoped = clientFor(platform, 'admin', { scopes: WITHOUT_SECURITY }).security;
    const error = await unscoped.users.list().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(((error as ApiError).data as { message: string }).message).toMatch(/Security_Administrator/);
    expect(await statusOf(unscoped.groups.create({ name: 'Scoped out' }))).toBe(403);
    // Reading themselves needs no scope.
    expect((await unscoped.users.getCurrent()).username).toBe('admin');

    // The scope alone is not enough: an editor holding it is still no administrator.
    const editor = clientFor(platform, 'editor').security;
    expect(await statusOf(editor.users.list())).toBe(403);
    expect(await statusOf(editor.groups.list())).toBe(403);
  });

  it('include API clients flagged as security administrators, who are not users themselves', async () => {
    // Only a client created with the flag administers accounts; the seeded site client is not
    // one (least-privilege.test.ts walks what it is refused).
    insertApiClient(platform.db, {
      id: 'provisioning',
      name: 'Provisioning',
      secretHash: 'not used: the test issues the token directly',
      securityAdmin: true,
      created: new Date().toISOString(),
    });
    const provisioning = clientFor(platform, { clientId: 'provisioning' }).security;
    const list = await provisioning.users.list({ q: 'aberwen' });
    expect(list.totalCount).toBe(3);
    const created = await provisioning.users.create({
      username: 'provisioned',
      email: 'provisioned@example.test',
      credentials: { password: 'long enough password' },
    });
    await provisioning.groups.addUser('Staff', created.id);
    expect(await provisioning.users.userIsMemberOf(created.id, 'Staff')).toBe(true);
    expect(await statusOf(provisioning.users.getCurrent())).toBe(404);
    expect(
      await statusOf(
        clientFor(platform, { clientId: 'provisioning' }, { scopes: WITHOUT_SECURITY }).security.users.list(),
      ),
    ).toBe(403);
    expect(await statusOf(clientFor(platform, { clientId: DEFAULT_CLIENT_ID }).security.users.list())).toBe(
      403,
    );
  });
});
