import { type ManagementClient as Client, Op, OrderBy, Query } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords.js';
import { findUserByLogin } from '../../db/accounts.js';
import { getUserRecord } from '../../db/users.js';
import type { PlatformEvent } from '../../events/bus.js';
import {
  clientFor,
  clientWithToken,
  rawSecurityRequest,
  rejection,
  statusOf,
} from '../../test-support/management-client.js';
import { type RunningPlatform, startRecordingPlatform } from '../../test-support/platform-fixture.js';
import { issueTestToken } from '../../test-support/tokens.js';

let platform: RunningPlatform;
let admin: Client;
const events: PlatformEvent[] = [];

const CONTRACT_USER_KEYS = [
  'id',
  'username',
  'email',
  'firstName',
  'lastName',
  'avatarUrl',
  'timezone',
  'language',
  'custom',
  'credentials',
  'status',
  'created',
  'modified',
  'lastLogin',
  'lastFailedLogin',
  'expiry',
  'passwordChanged',
  'optOutOfNotifications',
  'failedLoginAttempts',
  'failedLoginAttemptsSinceLastSuccess',
  'successfulLoginAttempts',
];

let counter = 0;
/** Creates a user with a unique name through the API. */
async function newUser(overrides: Record<string, unknown> = {}, suspended = false) {
  counter += 1;
  return admin.security.users.create(
    {
      username: `user${counter}`,
      email: `user${counter}@example.test`,
      firstName: 'Test',
      lastName: `Number${counter}`,
      credentials: { password: `Password-${counter}-long` },
      ...overrides,
    },
    suspended,
  );
}

beforeAll(async () => {
  platform = await startRecordingPlatform(events);
  admin = clientFor(platform, 'admin');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('reading users', () => {
  it('gets the current user, by id, classic id, username and email, never with a password', async () => {
    const me = await admin.security.users.getCurrent();
    expect(me).toMatchObject({ username: 'admin', email: 'admin@aberwen.example', firstName: 'Ada' });
    expect(Object.keys(me)).toEqual(CONTRACT_USER_KEYS);
    expect(me.credentials).toEqual({
      provider: { type: 'contensis', name: 'contensis' },
      passwordChangeFrequency: 0,
    });
    expect(JSON.stringify(me)).not.toMatch(/argon2|password"/i);

    const editor = await admin.security.users.getByUsername('editor');
    expect(editor.email).toBe('editor@aberwen.example');
    expect(await admin.security.users.getById(editor.id)).toEqual(editor);
    expect(await admin.security.users.getByEmail('EDITOR@aberwen.example')).toEqual(editor);
    const classicId = platform.db.prepare('SELECT classic_id FROM users WHERE id = ?').pluck().get(editor.id);
    expect(await admin.security.users.getById(String(classicId), true)).toEqual(editor);
  });

  it('answers 404 for unknown users and 400 for a classic id that is not a number', async () => {
    expect(await statusOf(admin.security.users.getById('nobody'))).toBe(404);
    expect(await statusOf(admin.security.users.getById('999999', true))).toBe(404);
    expect(await statusOf(admin.security.users.getById('abc', true))).toBe(400);
  });

  it('lists users as a paged list, with no parameters too', async () => {
    const list = await admin.security.users.list();
    expect(list).toMatchObject({ pageIndex: 0, pageSize: 25 });
    expect(list.totalCount).toBeGreaterThanOrEqual(3);
    expect(list.pageCount).toBe(Math.ceil(list.totalCount / 25));
    expect(list.items.map((user) => user.username)).toEqual(
      expect.arrayContaining(['admin', 'editor', 'member']),
    );
  });

  it('filters with q, orders, pages and applies ZenQL', async () => {
    const users = admin.security.users;
    expect((await users.list({ q: 'EIRA' })).items.map((user) => user.username)).toEqual(['editor']);
    expect((await users.list({ q: 'aberwen' })).totalCount).toBe(3);

    const byName = await users.list({ q: 'aberwen', order: '-username' });
    expect(byName.items.map((user) => user.username)).toEqual(['member', 'editor', 'admin']);
    const page = await users.list({
      q: 'aberwen',
      order: ['username'],
      pageOptions: { pageIndex: 1, pageSize: 2 },
    });
    expect(page).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: 3, pageCount: 2 });
    expect(page.items.map((user) => user.username)).toEqual(['member']);

    const zen = await users.list({ zenQL: 'username = "editor" or firstname ~ morg' });
    expect(zen.items.map((user) => user.username).sort()).toEqual(['editor', 'member']);
    expect((await users.list({ zenQL: 'created > now(-7)', q: 'aberwen' })).totalCount).toBe(3);
    expect((await users.list({ zenQL: 'created < now(-7)', q: 'aberwen' })).totalCount).toBe(0);
    expect(
      (await users.list({ zenQL: 'status.suspended = false and email endswith aberwen.example' })).totalCount,
    ).toBe(3);
    const ordered = await users.list({ zenQL: 'email ~ aberwen ORDER BY firstName DESC' });
    expect(ordered.items.map((user) => user.firstName)).toEqual(['Morgan', 'Eira', 'Ada']);
  });

  it('refuses bad listing parameters with 400 and a message', async () => {
    const users = admin.security.users;
    const unknownField = await rejection(users.list({ zenQL: 'shoeSize > 3' }));
    expect(unknownField.status).toBe(400);
    expect((unknownField.data as { message: string }).message).toMatch(/'shoeSize' is not a user property/);
    expect(await statusOf(users.list({ zenQL: 'username =' }))).toBe(400);
    expect(await statusOf(users.list({ order: 'nonsense' }))).toBe(400);
    expect(await statusOf(users.list({ pageOptions: { pageSize: 20_000 } }))).toBe(400);
    const geo = await rejection(users.list({ zenQL: 'custom.home DistanceWithin(52, -4, 10km)' }));
    expect((geo.data as { message: string }).message).toMatch(/distanceWithin is not supported/);
  });

  it('searches with a JSON query by GET and by POST, field names case-insensitive', async () => {
    const query = new Query(Op.contains('UserName', 'ED'), Op.endsWith('email', '.example'));
    query.orderBy = OrderBy.desc('username');
    const found = (await admin.security.users.search(query))!;
    expect(found.items.map((user) => user.username)).toEqual(['editor']);
    expect(found).toMatchObject({ pageIndex: 0, pageSize: 20, totalCount: 1 });

    const either = new Query(Op.or(Op.equalTo('username', 'admin'), Op.startsWith('lastName', 'mem')));
    either.orderBy = OrderBy.asc('username');
    const response = await rawSecurityRequest(platform, '/users/search', {
      method: 'POST',
      body: JSON.stringify(either.toManagementJSON()),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { username: string }[] };
    expect(body.items.map((user) => user.username)).toEqual(['admin', 'member']);

    const not = new Query(Op.not(Op.in('username', 'admin', 'editor')), Op.contains('email', 'aberwen'));
    expect((await admin.security.users.search(not))!.items.map((user) => user.username)).toEqual(['member']);
    const bad = await rawSecurityRequest(platform, '/users/search', {
      method: 'POST',
      body: '{"where":[{"field":"username","equals":"x"}]}',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/unknown operator "equals"/);
  });
});

describe('creating users', () => {
  it('creates a user (201), username defaulting to the email, password hashed with argon2', async () => {
    const before = events.length;
    const created = await admin.security.users.create({
      email: 'sam@example.test',
      firstName: 'Sam',
      custom: { department: 'News' },
      credentials: { password: 'a long enough secret' },
    });
    expect(created).toMatchObject({
      username: 'sam@example.test',
      email: 'sam@example.test',
      firstName: 'Sam',
      custom: { department: 'News' },
      status: { suspended: false, locked: false, passwordResetRequired: false },
      expiry: null,
    });
    expect(Object.keys(created)).toEqual(CONTRACT_USER_KEYS);
    expect(JSON.stringify(created)).not.toContain('a long enough secret');
    const stored = getUserRecord(platform.db, created.id)!;
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored.passwordHash, 'a long enough secret')).toBe(true);
    expect(JSON.stringify(stored.data)).not.toContain('a long enough secret');
    expect(events.slice(before)).toEqual([
      expect.objectContaining({
        resourceType: 'user',
        event: 'created',
        resourceId: created.id,
        actor: 'admin',
      }),
    ]);
    expect(await admin.security.users.getByUsername('sam@example.test')).toEqual(created);
  });

  it('creates a suspended user with ?suspended=true', async () => {
    const user = await newUser({}, true);
    expect(user.status?.suspended).toBe(true);
    expect(findUserByLogin(platform.db, user.username)?.suspended).toBe(true);
  });

  it('answers 409 when the username or email is taken, in any letter case', async () => {
    const user = await newUser();
    const again = { credentials: { password: 'another long one' } };
    expect(
      await statusOf(
        admin.security.users.create({
          ...again,
          username: user.username.toUpperCase(),
          email: 'x1@example.test',
        }),
      ),
    ).toBe(409);
    expect(
      await statusOf(
        admin.security.users.create({ ...again, username: 'fresh1', email: user.email.toUpperCase() }),
      ),
    ).toBe(409);
    // A username equal to someone's email would make sign-in by "username or email" ambiguous.
    expect(
      await statusOf(
        admin.security.users.create({
          ...again,
          username: 'admin@aberwen.example',
          email: 'x2@example.test',
        }),
      ),
    ).toBe(409);
  });

  it('answers 422 with Validation errors for the password policy and a past expiry', async () => {
    const short = await rejection(
      admin.security.users.create({
        username: 'shorty',
        email: 'shorty@example.test',
        credentials: { password: 'abc' },
      }),
    );
    expect(short.status).toBe(422);
    expect(short.data).toMatchObject({
      type: 'Validation',
      data: [{ field: 'credentials.password', message: expect.stringMatching(/at least 8 characters/) }],
    });
    const same = await rejection(
      admin.security.users.create({
        username: 'samesame1',
        email: 'samesame@example.test',
        credentials: { password: 'SameSame1' },
      }),
    );
    expect((same.data as { data: { message: string }[] }).data[0]!.message).toMatch(/not be the username/);
    const past = await rejection(
      admin.security.users.create({
        username: 'expired',
        email: 'expired@example.test',
        expiry: '2001-01-01T00:00:00Z',
        credentials: { password: 'long enough password' },
      }),
    );
    expect(past.status).toBe(422);
    expect((past.data as { data: { field: string }[] }).data).toEqual([
      expect.objectContaining({ field: 'expiry' }),
    ]);
    const names = (await admin.security.users.list({ pageOptions: { pageSize: 1000 } })).items.map(
      (u) => u.username,
    );
    expect(names).not.toEqual(expect.arrayContaining(['shorty']));
    expect(names.filter((name) => ['shorty', 'samesame1', 'expired'].includes(name))).toEqual([]);
  });

  it('refuses malformed input with 400 and stores nothing', async () => {
    const before = (await admin.security.users.list()).totalCount;
    const cases: unknown[] = [
      { email: 'not-an-email', credentials: { password: 'long enough password' } },
      {
        username: 'x'.repeat(300),
        email: 'long@example.test',
        credentials: { password: 'long enough password' },
      },
      { username: 42, email: 'num@example.test', credentials: { password: 'long enough password' } },
      { username: 'nopass', email: 'nopass@example.test' },
      { username: 'badpass', email: 'badpass@example.test', credentials: { password: 12345678 } },
      {
        username: 'badname',
        email: 'badname@example.test',
        firstName: ['x'],
        credentials: { password: 'long enough password' },
      },
      {
        username: 'badexpiry',
        email: 'badexpiry@example.test',
        expiry: 'soon',
        credentials: { password: 'long enough password' },
      },
      ['not', 'an', 'object'],
    ];
    for (const body of cases) {
      const response = await rawSecurityRequest(platform, '/users', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    const malformed = await rawSecurityRequest(platform, '/users', { method: 'POST', body: '{"username": ' });
    expect(malformed.status).toBe(400);
    // Parses fine, but would overflow anything recursive: refused before that.
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const nested = await rawSecurityRequest(platform, '/users', {
      method: 'POST',
      body: `{"email":"deep@example.test","credentials":{"password":"long enough password"},"custom":${deep}}`,
    });
    expect(nested.status).toBe(400);
    expect(((await nested.json()) as { message: string }).message).toMatch(/nests deeper than 32 levels/);
    expect((await admin.security.users.list()).totalCount).toBe(before);
  });
});

describe('updating and deleting users', () => {
  it('patches with merge semantics: only given properties change, custom merges, expiry null clears', async () => {
    const user = await newUser({ custom: { team: 'A', floor: 2 }, lastName: 'Keep' });
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const patched = await admin.security.users.update({
      id: user.id,
      firstName: 'Changed',
      custom: { floor: null, desk: 7 },
      expiry: future,
    });
    expect(patched).toMatchObject({
      firstName: 'Changed',
      lastName: 'Keep',
      custom: { team: 'A', desk: 7 },
      expiry: future,
      email: user.email,
    });
    expect(patched.custom).not.toHaveProperty('floor');
    expect(Date.parse(patched.modified!)).toBeGreaterThanOrEqual(Date.parse(user.modified!));
    const cleared = await admin.security.users.update({ id: user.id, expiry: null });
    expect(cleared.expiry).toBeNull();
    expect(cleared.firstName).toBe('Changed');
    // A user read back and sent whole is accepted (read-only properties are ignored).
    const roundTrip = await admin.security.users.update({ ...cleared, lastName: 'Whole' });
    expect(roundTrip).toEqual({ ...cleared, lastName: 'Whole', modified: roundTrip.modified });
    expect(await admin.security.users.getById(user.id)).toEqual(roundTrip);
    expect(events.at(-1)).toMatchObject({ resourceType: 'user', event: 'updated', resourceId: user.id });
  });

  it('renames a user, refusing a taken name (409), a password (422) and bad values (400) without changes', async () => {
    const user = await newUser();
    const renamed = await admin.security.users.update({ id: user.id, username: `${user.username}-renamed` });
    expect(renamed.username).toBe(`${user.username}-renamed`);
    expect(await statusOf(admin.security.users.update({ id: user.id, username: 'editor' }))).toBe(409);
    const password = await rejection(
      admin.security.users.update({ id: user.id, credentials: { password: 'sneaky new password' } }),
    );
    expect(password.status).toBe(422);
    expect(await statusOf(admin.security.users.update({ id: user.id, email: 'broken' }))).toBe(400);
    expect(
      await statusOf(admin.security.users.update({ id: user.id, optOutOfNotifications: 'yes' as never })),
    ).toBe(400);
    expect(await statusOf(admin.security.users.update({ id: user.id, expiry: '2000-01-01' }))).toBe(422);
    const mismatch = await rawSecurityRequest(platform, `/users/${user.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json; charset=utf-8' },
      body: JSON.stringify({ id: 'someone-else', firstName: 'X' }),
    });
    expect(mismatch.status).toBe(400);
    expect(await statusOf(admin.security.users.update({ id: 'no-such-user', firstName: 'X' }))).toBe(404);
    expect(await admin.security.users.getById(user.id)).toEqual(renamed);
    expect(
      await verifyPassword(getUserRecord(platform.db, user.id)!.passwordHash, 'sneaky new password'),
    ).toBe(false);
  });

  it('deletes a user (204), revoking their sessions', async () => {
    const user = await newUser();
    const theirToken = issueTestToken(platform.db, user.username);
    expect((await clientWithToken(platform, theirToken).security.users.getCurrent()).id).toBe(user.id);
    await admin.security.users.delete(user.id);
    expect(await statusOf(admin.security.users.getById(user.id))).toBe(404);
    expect(await statusOf(clientWithToken(platform, theirToken).security.users.getCurrent())).toBe(401);
    expect(events.at(-2)).toMatchObject({ resourceType: 'user', event: 'deleted', resourceId: user.id });
    // Sites drop what they keep of the user's sessions (session-events.test.ts).
    expect(events.at(-1)).toMatchObject({
      resourceType: 'user',
      event: 'sessionsRevoked',
      resourceId: user.id,
    });
    expect(await statusOf(admin.security.users.delete(user.id))).toBe(404);
  });

  it('does not let an administrator delete or suspend themselves', async () => {
    const me = await admin.security.users.getCurrent();
    expect(await statusOf(admin.security.users.delete(me.id))).toBe(422);
    expect(await statusOf(admin.security.users.suspendUser(me.id))).toBe(422);
    expect((await admin.security.users.getCurrent()).status?.suspended).toBe(false);
  });
});

describe('passwords', () => {
  it('lets a user change their own password with the existing one, keeping only their session', async () => {
    const user = await newUser({ credentials: { password: 'first password 1' } });
    const mine = issueTestToken(platform.db, user.username);
    const otherDevice = issueTestToken(platform.db, user.username);
    const self = clientWithToken(platform, mine);
    await self.security.users.updatePassword({
      userId: user.id,
      existing: 'first password 1',
      new: 'second password 2',
    });
    const stored = getUserRecord(platform.db, user.id)!;
    expect(await verifyPassword(stored.passwordHash, 'second password 2')).toBe(true);
    expect(await verifyPassword(stored.passwordHash, 'first password 1')).toBe(false);
    expect((await self.security.users.getCurrent()).passwordChanged).not.toBe(user.passwordChanged);
    expect(await statusOf(clientWithToken(platform, otherDevice).security.users.getCurrent())).toBe(401);
  });

  it('answers 409 for a wrong existing password and 422 when it is missing or the new one fails the policy', async () => {
    const user = await newUser({ credentials: { password: 'first password 1' } });
    const self = clientFor(platform, user.username);
    const hashBefore = getUserRecord(platform.db, user.id)!.passwordHash;
    const wrong = await rejection(
      self.security.users.updatePassword({ userId: user.id, existing: 'wrong', new: 'new password 99' }),
    );
    expect(wrong.status).toBe(409);
    expect(
      await statusOf(self.security.users.updatePassword({ userId: user.id, new: 'new password 99' })),
    ).toBe(422);
    const policy = await rejection(
      self.security.users.updatePassword({ userId: user.id, existing: 'first password 1', new: 'short' }),
    );
    expect(policy.status).toBe(422);
    expect(policy.data).toMatchObject({ type: 'Validation', data: [{ field: 'new' }] });
    expect(
      await statusOf(
        self.security.users.updatePassword({
          userId: user.id,
          existing: 'first password 1',
          new: user.username,
        }),
      ),
    ).toBe(422);
    expect(getUserRecord(platform.db, user.id)!.passwordHash).toBe(hashBefore);
  });

  it('lets an administrator set a password without the existing one, signing the user out everywhere', async () => {
    const user = await newUser();
    const theirs = issueTestToken(platform.db, user.username);
    const result = await admin.security.users.updatePassword({ userId: user.id, new: 'set by the admin' });
    expect(result).toEqual({});
    expect(await verifyPassword(getUserRecord(platform.db, user.id)!.passwordHash, 'set by the admin')).toBe(
      true,
    );
    expect(await statusOf(clientWithToken(platform, theirs).security.users.getCurrent())).toBe(401);
  });

  it('does not let a user change someone else’s password', async () => {
    const member = clientFor(platform, 'member');
    const editor = await admin.security.users.getByUsername('editor');
    expect(
      await statusOf(
        member.security.users.updatePassword({
          userId: editor.id,
          existing: 'Editor-demo-2026',
          new: 'hijacked pass',
        }),
      ),
    ).toBe(403);
    expect(
      await verifyPassword(getUserRecord(platform.db, editor.id)!.passwordHash, 'Editor-demo-2026'),
    ).toBe(true);
  });
});

describe('user actions', () => {
  it('suspends (revoking sessions) and unsuspends', async () => {
    const user = await newUser();
    const theirs = clientFor(platform, user.username);
    await admin.security.users.suspendUser(user.id);
    expect((await admin.security.users.getById(user.id)).status?.suspended).toBe(true);
    expect(await statusOf(theirs.security.users.getCurrent())).toBe(401);
    await admin.security.users.unsuspendUser(user.id);
    expect((await admin.security.users.getById(user.id)).status?.suspended).toBe(false);
    expect(findUserByLogin(platform.db, user.username)?.suspended).toBe(false);
    // The old session stays revoked; a new sign-in works.
    expect(await statusOf(theirs.security.users.getCurrent())).toBe(401);
    expect((await clientFor(platform, user.username).security.users.getCurrent()).id).toBe(user.id);
  });

  it('unlocks and makes a password expirable', async () => {
    const user = await newUser();
    platform.db
      .prepare(
        "UPDATE users SET data = json_set(data, '$.status.locked', json('true'), '$.failedLoginAttemptsSinceLastSuccess', 5) WHERE id = ?",
      )
      .run(user.id);
    expect((await admin.security.users.getById(user.id)).status?.locked).toBe(true);
    await admin.security.users.unlockUser(user.id);
    const unlocked = await admin.security.users.getById(user.id);
    expect(unlocked.status?.locked).toBe(false);
    expect(unlocked.failedLoginAttemptsSinceLastSuccess).toBe(0);
    await admin.security.users.setPasswordToExpirable(user.id);
    expect((await admin.security.users.getById(user.id)).credentials?.passwordChangeFrequency).toBe(90);
  });

  it('answers 422 for an unknown action and 404 for an unknown user', async () => {
    const user = await newUser();
    const unknown = await rawSecurityRequest(platform, `/users/${user.id}/actions`, {
      method: 'POST',
      body: '{"type":"explode"}',
    });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { type: string }).type).toBe('Validation');
    expect(
      (await rawSecurityRequest(platform, `/users/${user.id}/actions`, { method: 'POST', body: '{}' }))
        .status,
    ).toBe(422);
    expect(await statusOf(admin.security.users.suspendUser('no-such-user'))).toBe(404);
    expect(await admin.security.users.getById(user.id)).toEqual(user);
  });
});

describe('a user’s groups', () => {
  it('lists direct or inherited groups with exclusions and order, and checks membership via child groups', async () => {
    const groups = admin.security.groups;
    const user = await newUser();
    const team = await groups.create({ name: 'Team U' });
    const division = await groups.create({ name: 'Division U' });
    const company = await groups.create({ name: 'Company U' });
    await groups.addUser(team.id, user.id);
    await groups.addChildGroup(division.id, team.id);
    await groups.addChildGroup(company.id, division.id);

    const direct = await admin.security.users.getUserGroups(user.id);
    expect(direct).toMatchObject({ pageIndex: 0, pageSize: 25, totalCount: 1 });
    expect(direct.items.map((group) => group.name)).toEqual(['Team U']);
    const inherited = await admin.security.users.getUserGroups({
      userId: user.id,
      includeInherited: true,
      order: '-name',
    });
    expect(inherited.items.map((group) => group.name)).toEqual(['Team U', 'Division U', 'Company U']);
    const excluded = await admin.security.users.getUserGroups({
      userId: user.id,
      includeInherited: true,
      excludedGroups: ['Division U'],
    });
    expect(excluded.items.map((group) => group.name)).toEqual(['Company U']);

    const users = admin.security.users;
    expect(await users.userIsMemberOf(user.id, 'Company U')).toBe(true);
    expect(await users.userIsMemberOf(user.id, 'Editors', division.id)).toBe(true);
    expect(await users.userIsMemberOf(user.id, 'Editors', 'Members')).toBe(false);
    expect(await users.userIsMemberOf('no-such-user', 'Company U')).toBe(false);
    // The user themself may ask about their own groups.
    const self = clientFor(platform, user.username, { scopes: [] });
    expect(await self.security.users.userIsMemberOf(user.id, 'company u')).toBe(true);
    expect((await self.security.users.getUserGroups(user.id)).totalCount).toBe(1);
  });
});
