import type { Client, ManagementClient, ManagementNode } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformEvent } from '../../../events/bus.js';
import { deliveryClient } from '../../../test-support/delivery-client.js';
import {
  clientFor,
  clientWithToken,
  expectStatus,
  rawRequest,
} from '../../../test-support/management-client.js';
import { startManagementTestbed } from '../../../test-support/management-testbed.js';
import type { RunningPlatform } from '../../../test-support/platform-fixture.js';

// The management site view through @canopy/client, checked against what delivery then serves.
let platform: RunningPlatform;
let adminToken: string;
let admin: ManagementClient;
let delivery: Client;
let root: ManagementNode;
const events: PlatformEvent[] = [];

beforeAll(async () => {
  ({ platform, adminToken, admin } = await startManagementTestbed(events));
  delivery = deliveryClient(platform);
  root = await admin.nodes.getRoot();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** A client like `admin` but configured for a language (order calls take the configured one). */
function adminIn(language: string): ManagementClient {
  return clientWithToken(platform, adminToken, { language });
}

/** Creates a node under `parentId` named `name` in English (and Welsh when given). */
function createNode(
  parentId: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<ManagementNode> {
  return admin.nodes.create({ parentId, displayName: { 'en-GB': name }, ...extra });
}

let peoplePicked = 0;

/** A different published person entry each call, with the path of the node that shows it. */
function personEntry(): { entryId: string; uri: string } {
  const found = platform.db
    .prepare(
      `SELECT entry_id, json_extract(data, '$.sys.uri') AS uri FROM entry_versions
       WHERE content_type_id = 'person' AND language = 'en-GB' AND is_published = 1 ORDER BY entry_id LIMIT 1 OFFSET ?`,
    )
    .get(peoplePicked++) as { entry_id: string; uri: string };
  return { entryId: found.entry_id, uri: found.uri };
}

/** How many nodes and localisations the project has (to show a refused write changed nothing). */
function siteViewSize(): { nodes: number; localisations: number; paths: string } {
  const counts = platform.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM nodes) AS nodes, (SELECT COUNT(*) FROM node_localisations) AS localisations,
              (SELECT group_concat(path, '|') FROM (SELECT path FROM node_localisations ORDER BY node_id, language)) AS paths`,
    )
    .get() as { nodes: number; localisations: number; paths: string };
  return counts;
}

describe('reading the site view', () => {
  it('gets the root with every language, and its children in delivery order', async () => {
    expect(root).toMatchObject({
      projectId: 'website',
      path: { 'en-GB': '/', cy: '/' },
      slug: { 'en-GB': '', cy: '' },
      isCanonical: true,
      includeInMenu: true,
      renderer: null,
      proxy: null,
      restrictedToLanguages: [],
      version: { versionNo: '1.0', createdBy: 'canopy' },
    });
    expect(root.parentId).toBeUndefined();
    const children = await admin.nodes.getChildren(root.id);
    expect(children).toHaveLength(root.childCount);
    const published = await delivery.nodes.getChildren(root.id);
    // Management lists every child; anonymous delivery leaves out the restricted pages.
    const restricted = new Set(
      (platform.db.prepare('SELECT entry_id FROM entry_access').all() as { entry_id: string }[]).map(
        (row) => row.entry_id,
      ),
    );
    expect(restricted.size).toBeGreaterThan(0);
    expect(children.filter((node) => !restricted.has(node.entryId ?? '')).map((node) => node.id)).toEqual(
      published.map((node) => node.id),
    );
    const courses = children.find((node) => node.path['en-GB'] === '/courses')!;
    expect(courses).toMatchObject({ slug: { 'en-GB': 'courses', cy: 'cyrsiau' }, path: { cy: '/cyrsiau' } });
    expect(await admin.nodes.get(courses.id)).toEqual(courses);
  });

  it('lists the nodes of an entry', async () => {
    const [course] = await admin.nodes.getChildren((await delivery.nodes.get({ path: '/courses' })).id);
    expect(course!.entryId).toEqual(expect.any(String));
    const nodes = await admin.nodes.getByEntryId(course!.entryId!);
    expect(nodes.map((node) => node.id)).toEqual([course!.id]);
    expect(await admin.nodes.getByEntryId('no-such-entry')).toEqual([]);
  });

  it('answers 404 for unknown nodes and 422 for a language the project lacks', async () => {
    await expectStatus(admin.nodes.get('00000000-0000-4000-8000-000000000000'), 404);
    await expectStatus(admin.nodes.getChildren({ id: root.id, language: 'fr-FR' }), 422);
  });
});

describe('creating nodes', () => {
  it('creates a node that delivery finds by its path in each language', async () => {
    const before = events.length;
    const created = await admin.nodes.create({
      parentId: root.id,
      displayName: { 'en-GB': 'Campus Life', cy: 'Bywyd y Campws' },
      includeInMenu: false,
    });
    expect(created).toMatchObject({
      parentId: root.id,
      displayName: { 'en-GB': 'Campus Life', cy: 'Bywyd y Campws' },
      slug: { 'en-GB': 'campus-life', cy: 'bywyd-y-campws' },
      path: { 'en-GB': '/campus-life', cy: '/bywyd-y-campws' },
      entryId: null,
      childCount: 0,
      includeInMenu: false,
      version: { versionNo: '1.0', createdBy: 'admin', modifiedBy: 'admin' },
    });
    expect(await admin.nodes.get(created.id)).toEqual(created);
    expect((await delivery.nodes.get({ path: '/campus-life' })).id).toBe(created.id);
    expect(await delivery.nodes.get({ path: '/bywyd-y-campws', language: 'cy' })).toMatchObject({
      id: created.id,
      displayName: 'Bywyd y Campws',
      includeInMenu: false,
    });
    expect((await admin.nodes.getRoot()).childCount).toBe(root.childCount + 1);
    expect(events.slice(before)).toEqual([
      expect.objectContaining({
        resourceType: 'node',
        event: 'created',
        resourceId: created.id,
        actor: 'admin',
      }),
    ]);
  });

  it('answers 201 and keeps a chosen id and slug', async () => {
    const id = '5f0c7a52-2c7e-4f6b-9d1e-3a9b8c7d6e5f';
    const response = await rawRequest(
      platform,
      adminToken,
      'POST',
      `/nodes/${root.id}/children`,
      JSON.stringify({
        id: id.toUpperCase(),
        displayName: { 'en-GB': 'Visit us' },
        slug: { 'en-GB': 'visit' },
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id, path: { 'en-GB': '/visit' } });
    expect(await delivery.nodes.get(id)).toMatchObject({ path: '/visit' });
  });

  it('attaches an entry: delivery serves it on the node, and the canonical node gives the entry its URI', async () => {
    const { entryId, uri } = personEntry();
    const [home] = await admin.nodes.getByEntryId(entryId);
    expect(home).toMatchObject({ isCanonical: true, path: { 'en-GB': uri } });
    const parent = await createNode(root.id, 'Stories');
    // The entry has a canonical node already, so another one is not canonical.
    const extra = await createNode(parent.id, 'First story', { entryId });
    expect(extra).toMatchObject({ entryId, isCanonical: false, path: { 'en-GB': '/stories/first-story' } });
    expect((await delivery.nodes.get({ path: '/stories/first-story' })).entry?.sys.id).toBe(entryId);
    expect((await delivery.entries.get(entryId)).sys).toMatchObject({
      uri,
      allUris: [uri, '/stories/first-story'],
    });
    // Asking for a canonical node moves the entry's URI to it.
    const featured = await createNode(root.id, 'Featured person', { entryId, isCanonical: true });
    expect(featured.isCanonical).toBe(true);
    expect((await admin.nodes.get(home!.id)).isCanonical).toBe(false);
    // Canonical first: the entry's URI is its canonical node's path, allUris every node's.
    const ids = (await admin.nodes.getByEntryId(entryId)).map((n) => n.id);
    expect(ids[0]).toBe(featured.id);
    expect([...ids].sort()).toEqual([featured.id, home!.id, extra.id].sort());
    const { sys } = await delivery.entries.get(entryId);
    expect(sys.uri).toBe('/featured-person');
    expect(sys.allUris![0]).toBe('/featured-person');
    expect([...sys.allUris!].sort()).toEqual(['/featured-person', uri, '/stories/first-story'].sort());
    const canonical = await delivery.nodes.getByEntry({ entryId, canonicalOnly: true });
    expect(canonical.id).toBe(featured.id);
    // Giving the canonical role up hands it to another of the entry's nodes.
    expect((await admin.nodes.update({ id: featured.id, isCanonical: false })).isCanonical).toBe(false);
    const next = await delivery.nodes.getByEntry({ entryId, canonicalOnly: true });
    expect([home!.id, extra.id]).toContain(next.id);
    expect((await delivery.entries.get(entryId)).sys.uri).toBe(next.path);
  });

  it('refuses bad input with a message and leaves the site view as it was', async () => {
    const parent = await createNode(root.id, 'Validation ground');
    await createNode(parent.id, 'Taken');
    const before = siteViewSize();
    const post = (body: string) =>
      rawRequest(platform, adminToken, 'POST', `/nodes/${parent.id}/children`, body);
    const cases: [string, number][] = [
      ['{"displayName": {"en-GB": "Broken"', 400],
      ['["not", "an", "object"]', 400],
      ['{}', 422],
      ['{"displayName": 5}', 422],
      ['{"displayName": {"en-GB": 5}}', 422],
      [JSON.stringify({ displayName: { 'en-GB': 'x'.repeat(300) } }), 422],
      [JSON.stringify({ displayName: { cy: 'Dim Saesneg' } }), 422],
      [JSON.stringify({ displayName: { 'en-GB': 'French', fr: 'Français' } }), 422],
      [JSON.stringify({ displayName: { 'en-GB': 'Bad slug' }, slug: { 'en-GB': 'a/b' } }), 422],
      [JSON.stringify({ displayName: { 'en-GB': '!!!' } }), 422],
      [JSON.stringify({ displayName: { 'en-GB': 'Bad id' }, id: 'not-a-guid' }), 422],
      [JSON.stringify({ displayName: { 'en-GB': 'Ghost' }, entryId: 'no-such-entry' }), 422],
      [JSON.stringify({ displayName: { 'en-GB': 'Flags' }, includeInMenu: 'yes' }), 422],
      [JSON.stringify({ displayName: { 'en-GB': 'Elsewhere' }, parentId: root.id }), 422],
      [JSON.stringify({ displayName: { 'en-GB': 'Taken' } }), 409],
      [JSON.stringify({ displayName: { 'en-GB': 'Another' }, slug: { 'en-GB': 'taken' } }), 409],
      [JSON.stringify({ displayName: { 'en-GB': 'Same id' }, id: root.id }), 409],
    ];
    for (const [body, status] of cases) {
      const response = await post(body);
      expect(response.status, body.slice(0, 80)).toBe(status);
      expect(response.body.message, body.slice(0, 80)).toEqual(expect.any(String));
    }
    const missingParent = await rawRequest(
      platform,
      adminToken,
      'POST',
      '/nodes/00000000-0000-4000-8000-000000000000/children',
      JSON.stringify({ displayName: { 'en-GB': 'Orphan' } }),
    );
    expect(missingParent.status).toBe(404);
    const invalid = await post(JSON.stringify({ displayName: { 'en-GB': 'x'.repeat(300) } }));
    expect(invalid.body).toMatchObject({
      type: 'Validation',
      data: [{ field: 'displayName.en-GB', message: expect.stringContaining('256') }],
    });
    expect(siteViewSize()).toEqual(before);
  });
});

describe('updating nodes', () => {
  it('renames a slug: the node and all its descendants get new paths, in delivery too', async () => {
    const { entryId } = personEntry();
    const section = await createNode(root.id, 'Research');
    const group = await createNode(section.id, 'Groups');
    const leaf = await createNode(group.id, 'Coastal ecology', { entryId, isCanonical: true });
    const updated = await admin.nodes.update({ ...section, slug: { 'en-GB': 'research-and-innovation' } });
    expect(updated).toMatchObject({
      displayName: { 'en-GB': 'Research' },
      path: { 'en-GB': '/research-and-innovation' },
      version: { versionNo: '1.1' },
    });
    expect((await admin.nodes.get(leaf.id)).path).toEqual({
      'en-GB': '/research-and-innovation/groups/coastal-ecology',
    });
    expect((await delivery.nodes.get({ path: '/research-and-innovation/groups' })).id).toBe(group.id);
    await expectStatus(delivery.nodes.get({ path: '/research/groups' }), 404);
    expect((await delivery.entries.get(entryId)).sys.uri).toBe(
      '/research-and-innovation/groups/coastal-ecology',
    );

    // A new display name keeps the slug; a new language gets a derived one.
    const renamed = await admin.nodes.update({
      id: section.id,
      displayName: { 'en-GB': 'Research & Innovation', cy: 'Ymchwil' },
    });
    expect(renamed).toMatchObject({
      slug: { 'en-GB': 'research-and-innovation', cy: 'ymchwil' },
      path: { cy: '/ymchwil' },
      version: { versionNo: '1.2' },
    });
    expect((await admin.nodes.get(group.id)).path).toEqual({ 'en-GB': '/research-and-innovation/groups' });
    expect((await delivery.nodes.get({ path: '/ymchwil', language: 'cy' })).displayName).toBe('Ymchwil');
  });

  it('updates flags, renderer, proxy and the entry', async () => {
    const node = await createNode(root.id, 'Flags');
    const { entryId, uri } = personEntry();
    const updated = await admin.nodes.update({
      id: node.id,
      includeInMenu: false,
      renderer: { id: 'landingPage' },
      proxy: { id: 'legacy', parseContent: true },
      restrictedToLanguages: ['en-GB'],
      entryId,
      isCanonical: true,
    });
    expect(updated).toMatchObject({
      includeInMenu: false,
      renderer: { id: 'landingPage' },
      proxy: { id: 'legacy', parseContent: true, enablePartialMatching: false },
      restrictedToLanguages: ['en-GB'],
      entryId,
      isCanonical: true,
    });
    expect((await delivery.entries.get(entryId)).sys.uri).toBe('/flags');
    const detached = await admin.nodes.update({ id: node.id, entryId: null, renderer: null });
    expect(detached).toMatchObject({ entryId: null, renderer: null, proxy: { id: 'legacy' } });
    // The entry's other node is its canonical one again.
    expect((await delivery.entries.get(entryId)).sys.uri).toBe(uri);
  });

  it('refuses a stale version, a changed id or parent, and bad values, changing nothing', async () => {
    const node = await createNode(root.id, 'Guarded');
    await admin.nodes.update({ id: node.id, includeInMenu: false });
    const before = siteViewSize();
    const stored = await admin.nodes.get(node.id);
    expect(
      await expectStatus(admin.nodes.update({ ...node, displayName: { 'en-GB': 'Late' } }), 422),
    ).toMatch(/validation/i);
    await expectStatus(
      admin.nodes.update({ id: node.id, parentId: (await createNode(root.id, 'Other')).id }),
      422,
    );
    const after = siteViewSize();
    // Wrong types on purpose: the client passes them through; the server must refuse them.
    const bad: Record<string, unknown>[] = [
      { displayName: { 'en-GB': '' } },
      { displayName: { 'en-GB': 'y'.repeat(257) } },
      { slug: { 'en-GB': 'with space' } },
      { isCanonical: 'true' },
      { entryId: 'no-such-entry' },
      { renderer: 'landingPage' },
      { restrictedToLanguages: ['fr'] },
    ];
    for (const body of bad) {
      await expectStatus(admin.nodes.update({ id: node.id, ...body }), 422);
    }
    const malformed = await rawRequest(platform, adminToken, 'PUT', `/nodes/${node.id}`, '{"displayName":');
    expect(malformed.status).toBe(400);
    expect(await admin.nodes.get(node.id)).toEqual(stored);
    expect(siteViewSize()).toEqual(after);
    expect(after.nodes).toBe(before.nodes + 1);
    await expectStatus(admin.nodes.update({ id: '00000000-0000-4000-8000-000000000000' }), 404);
  });

  it('refuses a slug a sibling has (409) and gives the root no slug', async () => {
    const parent = await createNode(root.id, 'Siblings');
    await createNode(parent.id, 'Alpha');
    const beta = await createNode(parent.id, 'Beta');
    await expectStatus(admin.nodes.update({ id: beta.id, slug: { 'en-GB': 'alpha' } }), 409);
    expect((await admin.nodes.get(beta.id)).slug).toEqual({ 'en-GB': 'beta' });
    await expectStatus(admin.nodes.update({ id: root.id, slug: { 'en-GB': 'home' } }), 422);
    const renamedRoot = await admin.nodes.update({
      ...(await admin.nodes.getRoot()),
      displayName: { 'en-GB': 'Home', cy: 'Hafan' },
    });
    expect(renamedRoot).toMatchObject({ path: { 'en-GB': '/', cy: '/' }, displayName: { 'en-GB': 'Home' } });
    expect((await delivery.nodes.getRoot()).displayName).toBe('Home');
  });
});

describe('moving nodes', () => {
  it('moves a node with its subtree: paths follow, delivery serves the new paths', async () => {
    const from = await createNode(root.id, 'Move from');
    const to = await createNode(root.id, 'Move to');
    const moving = await createNode(from.id, 'Mover');
    const child = await createNode(moving.id, 'Passenger');
    const move = await rawRequest(
      platform,
      adminToken,
      'PUT',
      `/nodes/${moving.id}/parentId`,
      JSON.stringify(to.id),
    );
    expect(move.status).toBe(204);
    expect(await admin.nodes.get(moving.id)).toMatchObject({
      parentId: to.id,
      path: { 'en-GB': '/move-to/mover' },
      version: { versionNo: '1.1' },
    });
    expect((await admin.nodes.get(child.id)).path).toEqual({ 'en-GB': '/move-to/mover/passenger' });
    expect((await delivery.nodes.get({ path: '/move-to/mover/passenger' })).id).toBe(child.id);
    expect((await delivery.nodes.getAncestors(child.id)).map((n) => n.id)).toEqual([
      root.id,
      to.id,
      moving.id,
    ]);
    expect((await admin.nodes.get(from.id)).childCount).toBe(0);
    // The { parentId } object form is accepted too.
    const back = await rawRequest(
      platform,
      adminToken,
      'PUT',
      `/nodes/${moving.id}/parentId`,
      JSON.stringify({ parentId: from.id }),
    );
    expect(back.status).toBe(204);
    expect((await admin.nodes.get(child.id)).path).toEqual({ 'en-GB': '/move-from/mover/passenger' });
  });

  it('refuses cycles, the root, unknown parents and slug clashes, changing nothing', async () => {
    const top = await createNode(root.id, 'Cycle top');
    const middle = await createNode(top.id, 'Cycle middle');
    const bottom = await createNode(middle.id, 'Cycle bottom');
    const clash = await createNode(root.id, 'Clash');
    await createNode(clash.id, 'Cycle middle');
    const before = siteViewSize();
    const move = (id: string, body: string) =>
      rawRequest(platform, adminToken, 'PUT', `/nodes/${id}/parentId`, body);
    expect((await move(top.id, JSON.stringify(bottom.id))).status).toBe(422);
    expect((await move(top.id, JSON.stringify(top.id))).status).toBe(422);
    expect((await move(root.id, JSON.stringify(top.id))).status).toBe(422);
    expect((await move(middle.id, JSON.stringify('00000000-0000-4000-8000-000000000000'))).status).toBe(422);
    expect((await move(middle.id, JSON.stringify(clash.id))).status).toBe(409);
    expect((await move(middle.id, '42')).status).toBe(400);
    expect((await move(middle.id, '"unterminated')).status).toBe(400);
    expect((await move('00000000-0000-4000-8000-000000000000', JSON.stringify(top.id))).status).toBe(404);
    expect(siteViewSize()).toEqual(before);
  });
});

describe('deleting nodes', () => {
  it('deletes a node with its descendants; delivery no longer finds them', async () => {
    const { entryId } = personEntry();
    const branch = await createNode(root.id, 'Temporary');
    const leaf = await createNode(branch.id, 'Leaf', { entryId, isCanonical: true });
    const spare = await createNode(root.id, 'Spare home', { entryId });
    expect(spare.isCanonical).toBe(false);
    const nodes = siteViewSize().nodes;
    const before = events.length;
    await admin.nodes.delete(branch.id);
    expect(siteViewSize().nodes).toBe(nodes - 2);
    await expectStatus(admin.nodes.get(branch.id), 404);
    await expectStatus(admin.nodes.get(leaf.id), 404);
    await expectStatus(delivery.nodes.get({ path: '/temporary/leaf' }), 404);
    // The highest of the entry's remaining nodes becomes its canonical one, and its URI follows.
    expect((await admin.nodes.get(spare.id)).isCanonical).toBe(true);
    expect((await delivery.entries.get(entryId)).sys.uri).toBe('/spare-home');
    expect(events.slice(before)).toEqual([
      expect.objectContaining({ resourceType: 'node', event: 'deleted', resourceId: branch.id }),
    ]);
    await expectStatus(admin.nodes.delete(branch.id), 404);
  });

  it('never deletes the root', async () => {
    await expectStatus(admin.nodes.delete(root.id), 422);
    expect((await admin.nodes.getRoot()).id).toBe(root.id);
  });
});

describe('ordering children', () => {
  it('orders children per language; the primary language order is what delivery serves', async () => {
    const parent = await createNode(root.id, 'Ordered');
    const a = await admin.nodes.create({ parentId: parent.id, displayName: { 'en-GB': 'A', cy: 'A' } });
    const b = await admin.nodes.create({ parentId: parent.id, displayName: { 'en-GB': 'B', cy: 'B' } });
    const c = await admin.nodes.create({ parentId: parent.id, displayName: { 'en-GB': 'C', cy: 'C' } });
    const ids = async (language?: string) =>
      (await admin.nodes.getChildren({ id: parent.id, ...(language ? { language } : {}) })).map((n) => n.id);
    const served = async (language: string) =>
      (await delivery.nodes.getChildren({ id: parent.id, language })).map((n) => n.id);
    expect(await ids()).toEqual([a.id, b.id, c.id]);

    await adminIn('cy').nodes.setChildrenOrder(parent.id, [c.id, a.id, b.id]);
    expect(await ids('cy')).toEqual([c.id, a.id, b.id]);
    expect(await ids('en-GB')).toEqual([a.id, b.id, c.id]);
    expect(await served('en-GB')).toEqual([a.id, b.id, c.id]);
    // Delivery serves each language's own order.
    expect(await served('cy')).toEqual([c.id, a.id, b.id]);

    await adminIn('en-GB').nodes.setChildrenOrder(parent.id, [b.id, c.id, a.id]);
    expect(await ids('en-GB')).toEqual([b.id, c.id, a.id]);
    expect(await served('en-GB')).toEqual([b.id, c.id, a.id]);
    expect(await ids('cy')).toEqual([c.id, a.id, b.id]);

    // A child added later comes last in every order.
    const d = await admin.nodes.create({ parentId: parent.id, displayName: { 'en-GB': 'D' } });
    expect(await ids('cy')).toEqual([c.id, a.id, b.id, d.id]);
    expect(await served('en-GB')).toEqual([b.id, c.id, a.id, d.id]);

    await adminIn('cy').nodes.deleteChildrenOrder(parent.id);
    expect(await ids('cy')).toEqual([b.id, c.id, a.id, d.id]);
    await adminIn('en-GB').nodes.deleteChildrenOrder(parent.id);
    expect(await served('en-GB')).toEqual([a.id, b.id, c.id, d.id]);

    // Without a configured language the order applies to every language.
    await adminIn('cy').nodes.setChildrenOrder(parent.id, [d.id, c.id, b.id, a.id]);
    await admin.nodes.setChildrenOrder(parent.id, [a.id, c.id, b.id, d.id]);
    expect(await ids('cy')).toEqual([a.id, c.id, b.id, d.id]);
    expect(await served('cy')).toEqual([a.id, c.id, b.id, d.id]);
  });

  it('refuses an order that is not exactly the children, or an unknown language (422)', async () => {
    const parent = await createNode(root.id, 'Strict order');
    const a = await createNode(parent.id, 'One');
    const b = await createNode(parent.id, 'Two');
    const other = await createNode(root.id, 'Not a child');
    for (const order of [[a.id], [a.id, b.id, b.id], [a.id, b.id, other.id], [b.id, other.id]]) {
      await expectStatus(admin.nodes.setChildrenOrder(parent.id, order), 422);
    }
    const put = (query: string, body: string) =>
      rawRequest(platform, adminToken, 'PUT', `/nodes/${parent.id}/children/order${query}`, body);
    expect((await put('?language=fr-FR', JSON.stringify([b.id, a.id]))).status).toBe(422);
    expect((await put('', '{"ids": []}')).status).toBe(400);
    expect((await put('', '[1, 2]')).status).toBe(400);
    const removal = await rawRequest(
      platform,
      adminToken,
      'DELETE',
      `/nodes/${parent.id}/children/order?language=xx`,
    );
    expect(removal.status).toBe(422);
    expect((await admin.nodes.getChildren(parent.id)).map((n) => n.id)).toEqual([a.id, b.id]);
  });
});

describe('access', () => {
  it('needs a valid token (401), the entry scopes (403) and a nodes permission (403)', async () => {
    await expectStatus(clientWithToken(platform, null).nodes.getRoot(), 401);
    await expectStatus(clientWithToken(platform, 'not-a-token').nodes.getRoot(), 401);
    const noScope = clientFor(platform, 'admin', { scopes: ['ContentType_Read'] });
    await expectStatus(noScope.nodes.getRoot(), 403);
    const readOnly = clientFor(platform, 'admin', { scopes: ['Entry_Read'] });
    expect((await readOnly.nodes.getRoot()).id).toBe(root.id);
    await expectStatus(readOnly.nodes.create({ parentId: root.id, displayName: { 'en-GB': 'Nope' } }), 403);
    const member = clientFor(platform, 'member');
    await expectStatus(member.nodes.getRoot(), 403);
    await expectStatus(member.nodes.create({ parentId: root.id, displayName: { 'en-GB': 'Nope' } }), 403);
    const website = clientFor(platform, { clientId: 'canopy-website' });
    await expectStatus(website.nodes.create({ parentId: root.id, displayName: { 'en-GB': 'Nope' } }), 403);
    const entryWriteOnly = clientFor(platform, 'admin', { scopes: ['Entry_Write'] });
    const doomed = await createNode(root.id, 'Doomed');
    await expectStatus(entryWriteOnly.nodes.delete(doomed.id), 403);
    expect((await admin.nodes.get(doomed.id)).id).toBe(doomed.id);
  });

  it('lets an editor (role "Content editors") build the site view', async () => {
    const editor = clientFor(platform, 'editor');
    const node = await editor.nodes.create({ parentId: root.id, displayName: { 'en-GB': 'By an editor' } });
    expect(node.version).toMatchObject({ createdBy: 'editor' });
    await editor.nodes.delete(node.id);
  });
});
