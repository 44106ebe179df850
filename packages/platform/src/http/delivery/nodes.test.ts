import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody, row } from '../../test-support/expectations.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';

interface Node {
  id: string;
  parentId?: string;
  projectId: string;
  slug: string;
  displayName: string;
  language: string;
  path: string;
  childCount: number;
  isCanonical: boolean;
  includeInMenu: boolean;
  version: { versionNo: string };
  entry?: Record<string, unknown> & { sys: Record<string, unknown> };
  children?: Node[];
}

let platform: RunningPlatform;
let root: Node;
let courses: Node;
let course: Node;
let draftCourse: { entry_id: string };

beforeAll(async () => {
  platform = await startDemoPlatform();
  root = (await platform.json<Node>('/nodes/root')).body;
  courses = (await platform.json<Node>('/nodes/courses')).body;
  course = (await platform.json<Node[]>(`/nodes/${courses.id}/children`)).body[0]!;
  draftCourse = row(
    platform.db,
    "SELECT e.entry_id FROM entry_versions e JOIN nodes n ON n.entry_id = e.entry_id WHERE e.content_type_id = 'course' AND e.is_published = 0 AND e.language = 'en-GB' AND NOT EXISTS (SELECT 1 FROM entry_versions p WHERE p.entry_id = e.entry_id AND p.is_published = 1) LIMIT 1",
  );
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('D8 / D9 / D10 single nodes', () => {
  it('serves the root with the node shape and a minimal entry', async () => {
    expect(root).toMatchObject({
      path: '/',
      projectId: 'website',
      language: 'en-GB',
      isCanonical: true,
      includeInMenu: true,
    });
    expect(root).not.toHaveProperty('parentId');
    expect(root).not.toHaveProperty('children');
    expect(root.childCount).toBeGreaterThan(0);
    expect(root.version).toEqual({ versionNo: '1.0' });
    expect(Object.keys(root.entry!).sort()).toEqual(['entryDescription', 'entryTitle', 'sys']);
    expect(root.entry!.sys).toMatchObject({
      contentTypeId: 'homePage',
      versionStatus: 'published',
      uri: '/',
    });
  });

  it('embeds children recursively with depth', async () => {
    const { body } = await platform.json<Node>('/nodes/root?depth=2');
    expect(body.children).toHaveLength(body.childCount);
    const withChildren = body.children!.find((child) => child.childCount > 0)!;
    expect(withChildren.children).toHaveLength(withChildren.childCount);
    expect(withChildren.children![0]!.children).toBeUndefined();
  });

  it('finds a node by id and by path, in the requested language', async () => {
    const byId = await platform.json<Node>(`/nodes/${courses.id}`);
    expect(byId.body).toEqual(courses);
    expect(courses).toMatchObject({ path: '/courses', slug: 'courses', parentId: root.id });
    const welsh = await platform.json<Node>(`/nodes/courses?language=cy`);
    expect(welsh.body).toMatchObject({ id: courses.id, language: 'cy' });
    expect(welsh.body.path).not.toBe('/courses');
    // The Welsh path finds the same node, and without a language it is served in English.
    const byWelshPath = await platform.json<Node>(`/nodes${welsh.body.path}`);
    expect(byWelshPath.body).toMatchObject({ id: courses.id, path: '/courses', language: 'en-GB' });
    const trailing = await platform.json<Node>('/nodes/courses/');
    expect(trailing.body.id).toBe(courses.id);
    const encoded = await platform.json<Node>(`/nodes/${encodeURIComponent('courses')}%2F${course.slug}`);
    expect(encoded.body.id).toBe(course.id);
  });

  it('answers 404 for unknown paths, and allowPartialMatch finds the nearest ancestor but never the root', async () => {
    const missing = await platform.json('/nodes/courses/no-such-course');
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body, /node/);
    const partial = await platform.json<Node>('/nodes/courses/no-such-course/deeper?allowPartialMatch=true');
    expect(partial.body.id).toBe(courses.id);
    const rootOnly = await platform.json('/nodes/no-such-section?allowPartialMatch=true');
    expect(rootOnly.status).toBe(404);
    expect((await platform.json('/nodes/COURSES')).status).toBe(404);
  });

  it('shapes the node entry with entryFields, entryLinkDepth and entryFieldLinkDepths', async () => {
    const all = await platform.json<Node>(`/nodes/${course.id}?entryFields=*`);
    expect(all.body.entry).toHaveProperty('summary');
    expect(all.body.entry!.sys).toHaveProperty('version');
    const some = await platform.json<Node>(
      `/nodes/${course.id}?entryFields=title,heroImage&entryLinkDepth=1`,
    );
    expect(Object.keys(some.body.entry!).sort()).toEqual(['heroImage', 'sys', 'title']);
    expect((some.body.entry!.heroImage as { asset: Record<string, unknown> }).asset).toHaveProperty(
      'sys.versionStatus',
    );
    const byField = await platform.json<Node>(
      `/nodes/${course.id}?entryFields=heroImage,entryTitle&entryFieldLinkDepths=${encodeURIComponent('{"heroImage":1}')}`,
    );
    // entryFields applies to the resolved image as well.
    expect((byField.body.entry!.heroImage as { asset: Record<string, unknown> }).asset).toMatchObject({
      entryTitle: expect.any(String),
      sys: { dataFormat: 'asset', versionStatus: 'published' },
    });
  });

  it('serves the entry version the request asks for', async () => {
    const nodes = await platform.json<Node[]>(`/nodes?entryId=${draftCourse.entry_id}`);
    expect(nodes.body).toHaveLength(1);
    expect(nodes.body[0]).not.toHaveProperty('entry');
    const latest = await platform.json<Node[]>(
      `/nodes/?entryId=${draftCourse.entry_id}&versionStatus=latest`,
      {
        token: platform.previewToken,
      },
    );
    expect(latest.body[0]!.entry!.sys).toMatchObject({ id: draftCourse.entry_id, versionStatus: 'latest' });
    expect((await platform.json(`/nodes/root?versionStatus=latest`)).status).toBe(403);
  });
});

describe('D11 nodes by entry', () => {
  it('lists the nodes of an entry, or only the canonical one', async () => {
    const entryId = course.entry!.sys.id as string;
    const list = await platform.json<Node[]>(`/nodes/?entryId=${entryId}`);
    expect(list.body.map((node) => node.id)).toEqual([course.id]);
    const canonical = await platform.json<Node>(`/nodes/?entryId=${entryId}&canonicalOnly=true&depth=1`);
    expect(canonical.body).toMatchObject({ id: course.id, isCanonical: true });
    const image = row<{ entry_id: string }>(
      platform.db,
      "SELECT entry_id FROM entry_versions WHERE content_type_id = 'image' LIMIT 1",
    );
    expect((await platform.json(`/nodes?entryId=${image.entry_id}`)).body).toEqual([]);
    const none = await platform.json(`/nodes?entryId=${image.entry_id}&canonicalOnly=true`);
    expect(none.status).toBe(404);
    expectErrorBody(none.body);
    const noId = await platform.json('/nodes/');
    expect(noId.status).toBe(400);
    expectErrorBody(noId.body, /entryId/);
  });
});

describe('D12–D15, D18 relations', () => {
  it('lists children in their defined order', async () => {
    const { body } = await platform.json<Node[]>(`/nodes/${root.id}/children`);
    expect(body).toHaveLength(root.childCount);
    // The members and staff pages are restricted: an anonymous visitor does not see them.
    const positions = platform.db
      .prepare(
        'SELECT id FROM nodes WHERE parent_id = ? AND entry_id NOT IN (SELECT entry_id FROM entry_access) ORDER BY position',
      )
      .all(root.id) as { id: string }[];
    expect(body.map((node) => node.id)).toEqual(positions.map((p) => p.id));
    expect(body.every((node) => node.parentId === root.id && node.children === undefined)).toBe(true);
  });

  it('finds the parent, and 404 for the root', async () => {
    expect((await platform.json<Node>(`/nodes/${course.id}/parent`)).body.id).toBe(courses.id);
    const rootParent = await platform.json(`/nodes/${root.id}/parent`);
    expect(rootParent.status).toBe(404);
    expectErrorBody(rootParent.body);
  });

  it('lists ancestors root first, honouring startLevel', async () => {
    const all = await platform.json<Node[]>(`/nodes/${course.id}/ancestors`);
    expect(all.body.map((node) => node.id)).toEqual([root.id, courses.id]);
    const fromTwo = await platform.json<Node[]>(`/nodes/${course.id}/ancestors?startLevel=2`);
    expect(fromTwo.body.map((node) => node.id)).toEqual([courses.id]);
    expect((await platform.json<Node[]>(`/nodes/${course.id}/ancestors?startLevel=3`)).body).toEqual([]);
    expect((await platform.json<Node[]>(`/nodes/${root.id}/ancestors`)).body).toEqual([]);
    const withDepth = await platform.json<Node[]>(`/nodes/${course.id}/ancestors?startLevel=2&depth=1`);
    expect(withDepth.body[0]!.children).toHaveLength(courses.childCount);
  });

  it('serves the legacy ancestor-at-level route', async () => {
    expect((await platform.json<Node>(`/nodes/${course.id}/ancestor?level=1`)).body.id).toBe(root.id);
    expect((await platform.json<Node>(`/nodes/${course.id}/ancestor?startLevel=2`)).body.id).toBe(courses.id);
    expect((await platform.json(`/nodes/${root.id}/ancestor?level=1`)).status).toBe(404);
  });

  it('lists siblings without the node itself', async () => {
    const { body } = await platform.json<Node[]>(`/nodes/${course.id}/siblings?language=cy`);
    expect(body).toHaveLength(courses.childCount - 1);
    expect(body.some((node) => node.id === course.id)).toBe(false);
    expect(body.every((node) => node.language === 'cy')).toBe(true);
    expect((await platform.json<Node[]>(`/nodes/${root.id}/siblings`)).body).toEqual([]);
  });

  it('answers 404 for an unknown node id and an unsupported language', async () => {
    const unknown = await platform.json('/nodes/00000000-0000-0000-0000-000000000000/children');
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body);
    expect((await platform.json('/nodes/root?language=de')).status).toBe(404);
  });

  it('rejects bad node options with a 400', async () => {
    for (const query of [
      'depth=-1',
      'depth=x',
      'startLevel=a',
      'entryLinkDepth=-3',
      'entryFieldLinkDepths=nope',
    ]) {
      const path = query.startsWith('startLevel')
        ? `/nodes/${course.id}/ancestors?${query}`
        : `/nodes/root?${query}`;
      const { status, body } = await platform.json(path);
      expect(status, query).toBe(400);
      expectErrorBody(body);
    }
  });
});
