import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEntryId } from '../../seed/demo/ids.js';
import { expectErrorBody } from '../../test-support/expectations.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { postToken } from '../../test-support/token-requests.js';
import { issueTestToken } from '../../test-support/tokens.js';

interface Node {
  id: string;
  path: string;
  childCount: number;
  entry?: { sys: { id: string } } & Record<string, unknown>;
  children?: Node[];
}

interface Paged {
  items: { sys: { id: string; contentTypeId: string } }[];
  totalCount: number;
  aggregations?: Record<string, Record<string, number>>;
}

/** A signed-in visitor's forwarded credentials, as a site sends them (contract §3.8 step 5). */
interface SignIn {
  classic: string;
  refresh: string;
  bearer: string;
}

let platform: RunningPlatform;
let member: SignIn;
let editor: SignIn;
const MEMBERS_ENTRY = demoEntryId('contentPage', '/members');
const STAFF_ENTRY = demoEntryId('contentPage', '/staff');

async function signIn(username: string, password: string): Promise<SignIn> {
  const answer = await postToken(platform.origin, { grant_type: 'contensis_classic', username, password });
  expect(answer.status).toBe(200);
  return {
    classic: answer.headers.get('x-contensis-classic-token')!,
    refresh: answer.body.refresh_token as string,
    bearer: answer.body.access_token as string,
  };
}

const cookies = (visitor: SignIn, which: 'classic' | 'refresh' | 'both' = 'both') =>
  [
    which !== 'refresh' ? `ContensisCMSUserName=${visitor.classic}` : null,
    which !== 'classic' ? `RefreshToken=${visitor.refresh}` : null,
  ]
    .filter(Boolean)
    .join('; ');

const asVisitor = (visitor: SignIn | null, which: 'classic' | 'refresh' | 'both' = 'both') =>
  visitor ? { headers: { cookie: cookies(visitor, which) } } : {};

const searchBody = (
  where: unknown[],
  extra: Record<string, unknown> = {},
  visitor: SignIn | null = null,
) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(visitor ? { cookie: cookies(visitor) } : {}) },
  body: JSON.stringify({ where, pageSize: 100, ...extra }),
});

beforeAll(async () => {
  platform = await startDemoPlatform();
  member = await signIn('member', 'Member-demo-2026');
  editor = await signIn('editor', 'Editor-demo-2026');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('restricted pages read directly', () => {
  it('answers 401 with the error body to an anonymous visitor, whatever the route', async () => {
    for (const path of [
      '/nodes/members',
      `/nodes?path=${encodeURIComponent('/members')}`,
      `/entries/${MEMBERS_ENTRY}`,
      `/entries/${MEMBERS_ENTRY}?language=cy`,
      `/nodes/?entryId=${MEMBERS_ENTRY}`,
      `/nodes/?entryId=${MEMBERS_ENTRY}&canonicalOnly=true`,
      '/nodes/members/nothing-here?allowPartialMatch=true',
    ]) {
      const answer = await platform.json(path);
      expect(answer.status, path).toBe(401);
      expectErrorBody(answer.body, /signed-in visitor/);
      expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
      expect(answer.headers.get('vary'), path).toMatch(/Cookie, Authorization/);
      expect(JSON.stringify(answer.body), path).not.toContain('Welcome back');
    }
  });

  it('leaves answers that restricted content played no part in cacheable', async () => {
    const about = await platform.json('/nodes/about');
    expect(about.status).toBe(200);
    expect(about.headers.get('cache-control')).toBeNull();
    expect(about.headers.get('vary')).toBeNull();
  });

  it('serves a members page to a member, by classic token, refresh token or bearer token', async () => {
    for (const which of ['classic', 'refresh', 'both'] as const) {
      const answer = await platform.json<Node>('/nodes/members?entryFields=*', asVisitor(member, which));
      expect(answer.status, which).toBe(200);
      expect(answer.body.entry?.sys.id).toBe(MEMBERS_ENTRY);
      expect(JSON.stringify(answer.body.entry)).toContain('Welcome back');
    }
    const bearer = await platform.json<{ sys: { id: string } }>(`/entries/${MEMBERS_ENTRY}`, {
      headers: { authorization: `Bearer ${member.bearer}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body.sys.id).toBe(MEMBERS_ENTRY);
  });

  it('answers 403 to a signed-in visitor outside the groups, and 401 for credentials that are not valid', async () => {
    const staff = await platform.json('/nodes/staff', asVisitor(member));
    expect(staff.status).toBe(403);
    expectErrorBody(staff.body, /not allowed/);
    expect((await platform.json(`/entries/${MEMBERS_ENTRY}`, asVisitor(editor))).status).toBe(403);
    expect((await platform.json('/nodes/staff', asVisitor(editor))).status).toBe(200);
    const forged = await platform.json('/nodes/members', {
      headers: { cookie: 'ContensisCMSUserName=forged; RefreshToken=forged' },
    });
    expect(forged.status).toBe(401);
  });

  it('lets a system administrator read everything', async () => {
    const admin = await signIn('admin', 'Admin-demo-2026');
    expect((await platform.json('/nodes/members', asVisitor(admin))).status).toBe(200);
    expect((await platform.json('/nodes/staff', asVisitor(admin))).status).toBe(200);
  });

  it('counts inherited groups, and matches a group by id as well as by name', async () => {
    const adminToken = issueTestToken(platform.db, 'admin');
    const security = (path: string, method: string, body?: unknown) =>
      fetch(`${platform.origin}/api/security${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const mentors = (await (await security('/groups', 'POST', { name: 'Mentors' })).json()) as { id: string };
    const user = (await (
      await security('/users', 'POST', {
        username: 'mentor',
        email: 'mentor@aberwen.example',
        firstName: 'Mo',
        credentials: { password: 'Mentor-demo-2026' },
      })
    ).json()) as { id: string };
    expect((await security(`/groups/${mentors.id}/users/${user.id}`, 'PUT')).status).toBeLessThan(300);
    const mentor = await signIn('mentor', 'Mentor-demo-2026');
    expect((await platform.json('/nodes/members', asVisitor(mentor))).status).toBe(403);
    // Mentors becomes a child of Members: its people are members by inheritance.
    expect((await security(`/groups/Members/groups/${mentors.id}`, 'PUT')).status).toBeLessThan(300);
    expect((await platform.json('/nodes/members', asVisitor(mentor))).status).toBe(200);

    // A restriction naming the group by id admits its members too.
    const put = await fetch(
      `${platform.origin}/api/management/projects/website/entries/${STAFF_ENTRY}/access`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requireLogin: [mentors.id] }),
      },
    );
    expect(put.status).toBe(200);
    expect((await platform.json('/nodes/staff', asVisitor(mentor))).status).toBe(200);
    expect((await platform.json('/nodes/staff', asVisitor(editor))).status).toBe(403);
    await fetch(`${platform.origin}/api/management/projects/website/entries/${STAFF_ENTRY}/access`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ requireLogin: ['Staff'] }),
    });
    expect((await platform.json('/nodes/staff', asVisitor(editor))).status).toBe(200);
  });
});

describe('restricted pages in lists', () => {
  const contentPages = [{ field: 'sys.contentTypeId', equalTo: 'contentPage' }];

  it('never lists a restricted entry in a search, its count or its aggregations for someone not entitled', async () => {
    const aggregations = { types: { field: 'sys.contentTypeId' } };
    const anonymous = await platform.json<Paged>(
      '/entries/search',
      searchBody(contentPages, { aggregations }),
    );
    expect(anonymous.status).toBe(200);
    const ids = anonymous.body.items.map((item) => item.sys.id);
    expect(ids).not.toContain(MEMBERS_ENTRY);
    expect(ids).not.toContain(STAFF_ENTRY);
    expect(anonymous.body.totalCount).toBe(ids.length);
    expect(anonymous.body.aggregations?.types?.contentPage).toBe(ids.length);

    const asMember = await platform.json<Paged>(
      '/entries/search',
      searchBody(contentPages, { aggregations }, member),
    );
    const memberIds = asMember.body.items.map((item) => item.sys.id);
    expect(memberIds).toContain(MEMBERS_ENTRY);
    expect(memberIds).not.toContain(STAFF_ENTRY);
    expect(asMember.body.totalCount).toBe(anonymous.body.totalCount + 1);
    expect(asMember.body.aggregations?.types?.contentPage).toBe(anonymous.body.totalCount + 1);

    // Free text the members page matches finds it only for those who may read it.
    const text = [{ field: 'searchContent', freeText: { term: 'alumni rooms' } }];
    const open = await platform.json<Paged>('/entries/search', searchBody(text));
    expect(open.body.items.map((item) => item.sys.id)).not.toContain(MEMBERS_ENTRY);
    const found = await platform.json<Paged>('/entries/search', searchBody(text, {}, member));
    expect(found.body.items.map((item) => item.sys.id)).toContain(MEMBERS_ENTRY);
    expect(found.body.totalCount).toBe(open.body.totalCount + 1);
  });

  it('leaves restricted entries out of GET searches, ZenQL and entry lists', async () => {
    const where = encodeURIComponent(JSON.stringify(contentPages));
    const get = await platform.json<Paged>(`/entries/search?where=${where}&pageSize=100`);
    const zenql = await platform.json<Paged>(
      `/entries?zenql=${encodeURIComponent('sys.contentTypeId = contentPage')}&pageSize=100`,
    );
    const list = await platform.json<Paged>('/contentTypes/contentPage/entries?pageSize=100');
    for (const answer of [get, zenql, list]) {
      expect(answer.status).toBe(200);
      const ids = answer.body.items.map((item) => item.sys.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(MEMBERS_ENTRY);
      expect(answer.body.totalCount).toBe(ids.length);
    }
    const memberList = await platform.json<Paged>(
      '/contentTypes/contentPage/entries?pageSize=100',
      asVisitor(member),
    );
    expect(memberList.body.items.map((item) => item.sys.id)).toContain(MEMBERS_ENTRY);
    expect(memberList.body.totalCount).toBe(list.body.totalCount + 1);
  });

  it('leaves restricted nodes out of children, menus and counts', async () => {
    const tree = (await platform.json<Node>('/nodes/root?depth=2')).body;
    const paths = tree.children!.map((child) => child.path);
    expect(paths).not.toContain('/members');
    expect(paths).not.toContain('/staff');
    expect(tree.childCount).toBe(tree.children!.length);
    const children = (await platform.json<Node[]>(`/nodes/${tree.id}/children`)).body;
    expect(children.map((child) => child.path)).toEqual(paths);

    const memberTree = (await platform.json<Node>('/nodes/root?depth=1', asVisitor(member))).body;
    const memberPaths = memberTree.children!.map((child) => child.path);
    expect(memberPaths).toContain('/members');
    expect(memberPaths).not.toContain('/staff');
    expect(memberTree.childCount).toBe(tree.childCount + 1);
    const about = tree.children!.find((child) => child.path === '/about')!;
    const siblings = (await platform.json<Node[]>(`/nodes/${about.id}/siblings`)).body;
    expect(siblings.map((sibling) => sibling.path)).not.toContain('/members');
  });

  it('resolves a link to a restricted entry as missing, and lets the management API change restrictions', async () => {
    const adminToken = issueTestToken(platform.db, 'admin');
    const home = (await platform.json<Node>('/nodes/root?entryFields=featuredCourses')).body;
    const featured = (home.entry!.featuredCourses as { sys: { id: string } }[]).map((link) => link.sys.id);
    const target = featured[0]!;
    const access = `${platform.origin}/api/management/projects/website/entries/${target}/access`;
    const put = (requireLogin: unknown, token = adminToken) =>
      fetch(access, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ requireLogin }),
      });

    const refused = await put('Members');
    expect(refused.status).toBe(422);
    expect((await put(['Staff'], issueTestToken(platform.db, 'member'))).status).toBe(403);
    const set = await put(['Staff']);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ entryId: target, requireLogin: ['Staff'] });
    const read = await fetch(access, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(await read.json()).toEqual({ entryId: target, requireLogin: ['Staff'] });

    try {
      const linked = await platform.json<{ featuredCourses: { sys: { id: string } }[] }>(
        `/entries/${home.entry!.sys.id}?linkDepth=1`,
      );
      const resolved = linked.body.featuredCourses.map((course) => course.sys.id);
      expect(resolved).not.toContain(target);
      expect(resolved).toEqual(featured.slice(1));
      expect((await platform.json(`/entries/${target}`)).status).toBe(401);
      const asEditor = await platform.json<{ featuredCourses: { sys: { id: string } }[] }>(
        `/entries/${home.entry!.sys.id}?linkDepth=1`,
        asVisitor(editor),
      );
      expect(asEditor.body.featuredCourses.map((course) => course.sys.id)).toEqual(featured);
      // `true`: any signed-in visitor, whatever their groups.
      expect(await (await put(true)).json()).toEqual({ entryId: target, requireLogin: true });
      expect((await platform.json(`/entries/${target}`)).status).toBe(401);
      expect((await platform.json(`/entries/${target}`, asVisitor(member))).status).toBe(200);
    } finally {
      expect((await put(false)).status).toBe(200);
    }
    expect((await platform.json(`/entries/${target}`)).status).toBe(200);
  });
});
