import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_SCOPES } from '../../auth/scopes.js';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEMO_ACCOUNTS } from '../../config.js';
import { getUserRecord } from '../../db/users.js';
import { readOutbox } from '../../mail/outbox.js';
import { clientFor } from '../../test-support/management-client.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken } from '../../test-support/token-requests.js';

// The site's API client secret sits on every web server, so whoever reads it off one must not
// be able to administer accounts. These tests sign the client in the way a site does (the
// token endpoint, every scope it may ask for) and walk every security route with that token.

const VERIFY_URL = 'https://www.aberwen.example/account/verify';

let platform: RunningPlatform;
let siteToken: string;
let adminToken: string;
let ids: { admin: string; editor: string; member: string };

beforeAll(async () => {
  platform = await startDemoPlatform();
  const answer = await postToken(platform.origin, {
    scope: RESOURCE_SCOPES.join(' '),
    grant_type: 'client_credentials',
    client_id: DEFAULT_CLIENT_ID,
    client_secret: DEFAULT_CLIENT_SECRET,
  });
  expect(answer.status).toBe(200);
  siteToken = answer.body.access_token as string;
  const admin = await postToken(platform.origin, {
    scope: 'openid offline_access Security_Administrator',
    grant_type: 'contensis_classic',
    username: 'admin',
    password: DEMO_ACCOUNTS.find((account) => account.username === 'admin')!.password,
  });
  expect(admin.status, JSON.stringify(admin.body)).toBe(200);
  adminToken = admin.body.access_token as string;
  const security = clientFor(platform, 'admin').security.users;
  ids = {
    admin: (await security.getByUsername('admin')).id,
    editor: (await security.getByUsername('editor')).id,
    member: (await security.getByUsername('member')).id,
  };
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

async function send(token: string, call: Call): Promise<Response> {
  return fetch(`${platform.origin}/api/security${call.path}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

/** Every privileged action of the security API, aimed at real accounts and groups. */
function privilegedCalls(): Call[] {
  const { admin, editor, member } = ids;
  return [
    // Reading anyone but oneself.
    { method: 'GET', path: '/users' },
    { method: 'GET', path: '/users/search?q=aberwen' },
    { method: 'POST', path: '/users/search', body: { where: [] } },
    { method: 'GET', path: `/users/${admin}` },
    { method: 'GET', path: '/users/admin' },
    { method: 'GET', path: '/users/admin@aberwen.example' },
    { method: 'GET', path: `/users/${admin}/groups` },
    { method: 'HEAD', path: `/users/${admin}/groups/System%20Administrators` },
    { method: 'GET', path: '/groups' },
    { method: 'GET', path: '/groups/System%20Administrators' },
    { method: 'GET', path: '/groups/System%20Administrators/users' },
    { method: 'GET', path: '/groups/Staff/groups' },
    { method: 'HEAD', path: `/groups/System%20Administrators/users/${admin}` },
    // Taking over or damaging accounts.
    { method: 'PATCH', path: `/users/${admin}`, body: { email: 'attacker@evil.example' } },
    { method: 'PATCH', path: `/users/${editor}`, body: { firstName: 'Hacked' } },
    {
      method: 'POST',
      path: `/users/${admin}/credentials/password`,
      body: { new: 'attacker chosen password' },
    },
    {
      method: 'POST',
      path: `/users/${member}/credentials/password`,
      body: { new: 'attacker chosen password' },
    },
    { method: 'POST', path: `/users/${admin}/actions`, body: { type: 'suspend' } },
    { method: 'POST', path: `/users/${member}/actions`, body: { type: 'setPasswordToExpirable' } },
    { method: 'DELETE', path: `/users/${member}` },
    // Privileged groups, and groups the site may not grant.
    { method: 'PUT', path: `/groups/System%20Administrators/users/${member}` },
    { method: 'POST', path: '/groups/System%20Administrators/users', body: [member] },
    { method: 'PUT', path: `/groups/Editors/users/${member}` },
    { method: 'POST', path: '/groups/Editors/users', body: [member] },
    { method: 'PUT', path: `/groups/Staff/users/${member}` },
    { method: 'DELETE', path: `/groups/System%20Administrators/users/${admin}` },
    { method: 'DELETE', path: `/groups/Members/users/${member}` },
    // Group administration.
    { method: 'POST', path: '/groups', body: { name: 'Site made' } },
    { method: 'PUT', path: '/groups/Members', body: { name: 'Members', description: 'changed' } },
    { method: 'DELETE', path: '/groups/Members' },
    { method: 'PUT', path: '/groups/System%20Administrators/groups/Members' },
    { method: 'POST', path: '/groups/Editors/groups', body: ['Members'] },
    { method: 'DELETE', path: '/groups/Editors/groups/Staff' },
  ];
}

describe("the site's API client", () => {
  it('is refused (403) every privileged security action, and nothing changes', async () => {
    const before = {
      admin: getUserRecord(platform.db, ids.admin),
      member: getUserRecord(platform.db, ids.member),
    };
    for (const call of privilegedCalls()) {
      const response = await send(siteToken, call);
      expect(response.status, `${call.method} ${call.path}`).toBe(403);
    }
    expect(getUserRecord(platform.db, ids.admin)).toEqual(before.admin);
    expect(getUserRecord(platform.db, ids.member)).toEqual(before.member);
    const admin = clientFor(platform, 'admin').security;
    expect(await admin.users.userIsMemberOf(ids.member, 'System Administrators')).toBe(false);
    expect(await admin.users.userIsMemberOf(ids.member, 'Editors')).toBe(false);
    expect((await admin.groups.getByName('Members')).name).toBe('Members');
  });

  it('gets the 403 for groups and users that do not exist too, so it learns nothing from a 404', async () => {
    for (const call of [
      { method: 'PUT', path: `/groups/No%20such%20group/users/${ids.member}` },
      { method: 'POST', path: '/groups/No%20such%20group/users', body: [ids.member] },
      { method: 'GET', path: '/users/no-such-user' },
      { method: 'PATCH', path: '/users/no-such-user', body: { firstName: 'x' } },
    ]) {
      expect((await send(siteToken, call)).status, `${call.method} ${call.path}`).toBe(403);
    }
  });

  it('may register a user into the groups its role grants (Members), as a site does', async () => {
    const created = await send(siteToken, {
      method: 'POST',
      path: `/users?verifyEmail=true&verifyUrl=${encodeURIComponent(VERIFY_URL)}`,
      body: {
        username: 'registered',
        email: 'registered@example.test',
        firstName: 'Reg',
        credentials: { password: 'long enough password' },
      },
    });
    expect(created.status).toBe(201);
    const user = (await created.json()) as { id: string; username: string };
    expect(user.username).toBe('registered');
    expect((await send(siteToken, { method: 'PUT', path: `/groups/Members/users/${user.id}` })).status).toBe(
      204,
    );
    const admin = clientFor(platform, 'admin').security;
    expect(await admin.users.userIsMemberOf(user.id, 'Members')).toBe(true);
    // It still may not read the account back, nor add it anywhere else.
    expect((await send(siteToken, { method: 'GET', path: `/users/${user.id}` })).status).toBe(403);
    expect((await send(siteToken, { method: 'PUT', path: `/groups/Staff/users/${user.id}` })).status).toBe(
      403,
    );
    expect(await admin.users.userIsMemberOf(user.id, 'Staff')).toBe(false);
  });

  it('cannot create a user who signs in before verifying their address, whatever it asks', async () => {
    const password = 'long enough password';
    const create = (username: string, query: string) =>
      send(siteToken, {
        method: 'POST',
        path: `/users${query}`,
        body: { username, email: `${username}@aberwen.example`, credentials: { password } },
      });
    // Without a verification page there is no mail to send: refused, nothing created.
    for (const query of ['', '?verifyEmail=false', '?verifyEmail=true']) {
      const refused = await create('unverifiable', query);
      expect(refused.status, query).toBe(400);
    }
    expect((await send(adminToken, { method: 'GET', path: '/users/unverifiable' })).status).toBe(404);
    // With one, the user is created (an address of the staff domain too) but cannot sign in
    // until the mailed link is followed.
    const verifyUrl = `verifyUrl=${encodeURIComponent(VERIFY_URL)}`;
    for (const [username, query] of [
      ['minted', `?${verifyUrl}`],
      ['minted-false', `?verifyEmail=false&${verifyUrl}`],
    ] as const) {
      expect((await create(username, query)).status, query).toBe(201);
      const signIn = await postToken(platform.origin, {
        grant_type: 'contensis_classic',
        username,
        password,
      });
      expect(signIn.status, username).toBe(400);
      expect(signIn.body).toMatchObject({ error: 'invalid_grant', reason: 'email_not_verified' });
      const [mail] = readOutbox(platform.dataDir, { to: `${username}@aberwen.example` });
      expect(mail).toMatchObject({ kind: 'email-verification' });
      expect(mail?.link?.startsWith(`${VERIFY_URL}?token=`)).toBe(true);
    }
  });

  it('loses a grant that would lead into a privileged group: a role on the group, or a parent that has one', async () => {
    const admin = clientFor(platform, 'admin').security;
    await admin.groups.create({ name: 'Alumni' });
    // Members becomes a child of Editors: a member of Members would now count as an editor.
    expect((await send(adminToken, { method: 'PUT', path: '/groups/Editors/groups/Members' })).status).toBe(
      204,
    );
    expect(
      (await send(siteToken, { method: 'PUT', path: `/groups/Members/users/${ids.member}` })).status,
    ).toBe(403);
    expect(
      (await send(adminToken, { method: 'DELETE', path: '/groups/Editors/groups/Members' })).status,
    ).toBe(204);
    expect(
      (await send(siteToken, { method: 'PUT', path: `/groups/Members/users/${ids.member}` })).status,
    ).toBe(204);
  });
});

const MANAGEMENT = '/api/management/projects/website';

async function manage(token: string, call: Call): Promise<Response> {
  return fetch(`${platform.origin}${MANAGEMENT}${call.path}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

/** A published event that needs booking, as the site's booking form names it. */
async function bookableEvent(): Promise<{ id: string; title: string }> {
  const answer = await manage(siteToken, { method: 'GET', path: '/contenttypes/event/entries?pageSize=100' });
  expect(answer.status).toBe(200);
  const { items } = (await answer.json()) as {
    items: { sys: { id: string }; entryTitle: string; bookingRequired?: boolean }[];
  };
  const event = items.find((item) => item.bookingRequired === true);
  if (!event) throw new Error('The demo has no event that needs booking');
  return { id: event.sys.id, title: event.entryTitle };
}

const booking = (eventId: string, email: string) => ({
  sys: { contentTypeId: 'booking', language: 'en-GB', dataFormat: 'entry' },
  title: 'Ann Visitor',
  email,
  places: 2,
  event: { sys: { id: eventId, contentTypeId: 'event', dataFormat: 'entry' } },
});

describe("the site's API client and content", () => {
  it('may create a booking (a draft), and the platform mails its receipt to the address in it', async () => {
    const event = await bookableEvent();
    const created = await manage(siteToken, {
      method: 'POST',
      path: '/entries',
      body: booking(event.id, 'booker@example.test'),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const entry = (await created.json()) as { sys: { id: string; version: { versionNo: string } } };
    expect(entry.sys.version.versionNo).toBe('0.1');
    const [mail] = readOutbox(platform.dataDir, { to: 'booker@example.test' });
    expect(mail).toMatchObject({
      kind: 'booking-confirmation',
      subject: `Booking confirmed: ${event.title}`,
    });
    expect(mail?.text).toContain('Places booked: 2');
    // The visitor's name is not repeated: a booking in someone else's name tells them nothing more.
    expect(mail?.text).not.toContain('Ann Visitor');
  });

  it('is refused (403) every other content write: other content types, changing or deleting bookings, publishing them', async () => {
    const event = await bookableEvent();
    const created = await manage(siteToken, {
      method: 'POST',
      path: '/entries',
      body: booking(event.id, 'second@example.test'),
    });
    expect(created.status).toBe(201);
    const mine = (await created.json()) as { sys: { id: string; version: { versionNo: string } } } & Record<
      string,
      unknown
    >;
    const id = mine.sys.id;
    const before = await (await manage(siteToken, { method: 'GET', path: `/entries/${id}` })).json();
    // Well-formed updates (the entry as read, naming its current version), so a refusal is
    // about the right to change it, not about the body.
    const eventEntry = (await (
      await manage(siteToken, { method: 'GET', path: `/entries/${event.id}` })
    ).json()) as Record<string, unknown>;
    const current = (entry: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(entry)) as Record<string, unknown>;
    const entryOf = (contentTypeId: string, fields: Record<string, unknown>) => ({
      sys: { contentTypeId, language: 'en-GB', dataFormat: 'entry' },
      ...fields,
    });
    const refused: Call[] = [
      { method: 'POST', path: '/entries', body: entryOf('event', { title: 'Site made event' }) },
      { method: 'POST', path: '/entries', body: entryOf('newsArticle', { title: 'Site made news' }) },
      { method: 'POST', path: '/entries', body: entryOf('contentPage', { title: 'Site made page' }) },
      { method: 'POST', path: '/entries', body: entryOf('cookieConsent', { title: 'Site made consent' }) },
      { method: 'PUT', path: `/entries/${id}`, body: { ...current(mine), places: 4 } },
      {
        method: 'PUT',
        path: `/entries/${event.id}`,
        body: { ...current(eventEntry), title: 'Site changed' },
      },
      { method: 'POST', path: `/entries/${id}/workflow/events`, body: { event: 'publish' } },
      { method: 'DELETE', path: `/entries/${id}` },
      { method: 'DELETE', path: `/entries/${id}?permanent=true` },
      { method: 'DELETE', path: `/entries/${event.id}` },
      { method: 'PUT', path: `/entries/${id}/access`, body: { requireLogin: false } },
      {
        method: 'POST',
        path: '/contenttypes',
        body: { id: 'siteMade', name: { 'en-GB': 'x' }, entryTitleField: 'title', fields: [] },
      },
      { method: 'PUT', path: '/contenttypes/booking', body: { name: { 'en-GB': 'Changed' } } },
      { method: 'POST', path: '/redirects', body: { matchType: 'exact', source: '/x', destination: '/y' } },
      { method: 'POST', path: '/tags', body: { value: 'site made', groupId: 'x' } },
    ];
    for (const call of refused) {
      const response = await manage(siteToken, call);
      expect(response.status, `${call.method} ${call.path}`).toBe(403);
    }
    // Nothing changed: the booking is as created, still a draft, and no other entry was made.
    expect(await (await manage(siteToken, { method: 'GET', path: `/entries/${id}` })).json()).toEqual(before);
    const made = platform.db
      .prepare(
        "SELECT COUNT(*) AS n FROM entry_versions WHERE data LIKE '%Site made%' OR data LIKE '%Site changed%'",
      )
      .get() as { n: number };
    expect(made.n).toBe(0);
  });
});

describe('an administrator', () => {
  it('may do each of the privileged actions the site is refused', async () => {
    const { admin, member } = ids;
    const allowed: Call[] = [
      { method: 'GET', path: '/users' },
      { method: 'GET', path: `/users/${admin}` },
      { method: 'GET', path: '/groups/System%20Administrators/users' },
      { method: 'PATCH', path: `/users/${member}`, body: { firstName: 'Renamed' } },
      {
        method: 'POST',
        path: `/users/${member}/credentials/password`,
        body: { new: 'a brand new password' },
      },
      { method: 'POST', path: `/users/${member}/actions`, body: { type: 'setPasswordToExpirable' } },
      { method: 'PUT', path: `/groups/Staff/users/${member}` },
      { method: 'DELETE', path: `/groups/Staff/users/${member}` },
      { method: 'POST', path: '/groups', body: { name: 'Admin made' } },
      { method: 'DELETE', path: '/groups/Admin%20made' },
    ];
    for (const call of allowed) {
      const response = await send(adminToken, call);
      expect(response.status, `${call.method} ${call.path}`).toBeLessThan(300);
    }
  });
});
