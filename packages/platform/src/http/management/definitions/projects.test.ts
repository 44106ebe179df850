import type { ManagementClient, Project } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEntryVersion } from '../../../db/entries.js';
import { listProjects } from '../../../db/projects.js';
import type { PlatformEvent } from '../../../events/bus.js';
import { deliveryClient } from '../../../test-support/delivery-client.js';
import { clientFor, clientWithToken, expectStatus } from '../../../test-support/management-client.js';
import { startManagementTestbed } from '../../../test-support/management-testbed.js';
import type { RunningPlatform } from '../../../test-support/platform-fixture.js';

// The project collection through @canopy/client.
let platform: RunningPlatform;
let adminToken: string;
let admin: ManagementClient;
const events: PlatformEvent[] = [];

beforeAll(async () => {
  ({ platform, adminToken, admin } = await startManagementTestbed(events));
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** A management client for another project, as admin. */
function adminOf(projectId: string): ManagementClient {
  return clientWithToken(platform, adminToken, { projectId });
}

/** Sends a raw request to the project collection. */
async function raw(
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${platform.origin}/api/management/projects${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    message: text ? (JSON.parse(text) as { message?: string }).message : undefined,
  };
}

describe('reading projects', () => {
  it('lists the projects a caller can see and gets one', async () => {
    const website = await admin.projects.get();
    expect(website).toEqual({
      id: 'website',
      name: 'Aberwen University',
      description: expect.any(String),
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB', 'cy'],
      deliverySysExclusions: [],
      color: 'teal',
    });
    expect(await admin.projects.list()).toEqual([website]);
    const editor = clientFor(platform, 'editor');
    expect((await editor.projects.list()).map((p) => p.id)).toEqual(['website']);
    const websiteClient = clientFor(platform, { clientId: 'canopy-website' });
    expect((await websiteClient.projects.get('website')).id).toBe('website');
    // A member has no role in the project: it is not listed, and reading it is forbidden.
    const member = clientFor(platform, 'member');
    expect(await member.projects.list()).toEqual([]);
    await expectStatus(member.projects.get('website'), 403);
    await expectStatus(admin.projects.get('nowhere'), 404);
  });

  it('needs a token (401) carrying Project_Read (403)', async () => {
    await expectStatus(clientWithToken(platform, null).projects.list(), 401);
    const noScope = clientFor(platform, 'admin', { scopes: ['Entry_Read'] });
    await expectStatus(noScope.projects.list(), 403);
    await expectStatus(noScope.projects.get('website'), 403);
  });
});

describe('creating projects', () => {
  it('creates a project with the primary language among its languages, and a root node', async () => {
    const before = events.length;
    const created = await admin.projects.create({
      id: 'intranet',
      name: 'Staff intranet',
      description: 'For staff',
      primaryLanguage: 'cy',
      supportedLanguages: ['en-GB'],
      deliverySysExclusions: ['sys.owner'],
    } as Project);
    expect(created).toEqual({
      id: 'intranet',
      name: 'Staff intranet',
      description: 'For staff',
      primaryLanguage: 'cy',
      supportedLanguages: ['cy', 'en-GB'],
      deliverySysExclusions: ['sys.owner'],
    });
    expect(await admin.projects.get('intranet')).toEqual(created);
    expect((await admin.projects.list()).map((p) => p.id)).toEqual(['intranet', 'website']);
    const root = await adminOf('intranet').nodes.getRoot();
    expect(root).toMatchObject({ path: { cy: '/' }, displayName: { cy: 'Staff intranet' }, childCount: 0 });
    const news = await adminOf('intranet').nodes.create({
      parentId: root.id,
      displayName: { cy: 'Newyddion' },
    });
    expect(news.path).toEqual({ cy: '/newyddion' });
    expect(events.slice(before)).toEqual([
      expect.objectContaining({
        resourceType: 'project',
        event: 'created',
        resourceId: 'intranet',
        actor: 'admin',
      }),
      expect.objectContaining({ resourceType: 'node', event: 'created', projectId: 'intranet' }),
    ]);
  });

  it('answers 201, and 409 for an id that exists in any letter case', async () => {
    const response = await raw(
      'POST',
      '',
      JSON.stringify({ id: 'alumni', name: 'Alumni', primaryLanguage: 'en-GB' }),
    );
    expect(response.status).toBe(201);
    for (const id of ['alumni', 'WEBSITE']) {
      const again = await raw('POST', '', JSON.stringify({ id, name: 'Again', primaryLanguage: 'en-GB' }));
      expect(again.status).toBe(409);
      expect(again.message).toMatch(/already exists/);
    }
    expect((await admin.projects.get('alumni')).name).toBe('Alumni');
  });

  it('refuses invalid projects with a message and stores nothing', async () => {
    const before = listProjects(platform.db);
    const cases: [unknown, number][] = [
      [{ name: 'No id', primaryLanguage: 'en-GB' }, 422],
      [{ id: 'has space', name: 'x', primaryLanguage: 'en-GB' }, 422],
      [{ id: 'p'.repeat(300), name: 'x', primaryLanguage: 'en-GB' }, 422],
      [{ id: 'noname', primaryLanguage: 'en-GB' }, 422],
      [{ id: 'longname', name: 'n'.repeat(300), primaryLanguage: 'en-GB' }, 422],
      [{ id: 'nolanguage', name: 'x' }, 422],
      [{ id: 'badlanguage', name: 'x', primaryLanguage: 'english!' }, 422],
      [{ id: 'badlist', name: 'x', primaryLanguage: 'en-GB', supportedLanguages: 'cy' }, 422],
      [{ id: 'badlist2', name: 'x', primaryLanguage: 'en-GB', supportedLanguages: ['cy', 7] }, 422],
      [{ id: 'protected', name: 'x', primaryLanguage: 'en-GB', deliverySysExclusions: ['sys.id'] }, 422],
      [{ id: 'notsys', name: 'x', primaryLanguage: 'en-GB', deliverySysExclusions: ['title'] }, 422],
      [{ id: 5, name: 'x', primaryLanguage: 'en-GB' }, 422],
      [[{ id: 'array', name: 'x', primaryLanguage: 'en-GB' }], 400],
    ];
    for (const [body, status] of cases) {
      const response = await raw('POST', '', JSON.stringify(body));
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.message).toEqual(expect.any(String));
    }
    expect((await raw('POST', '', '{"id": "broken"')).status).toBe(400);
    expect(listProjects(platform.db)).toEqual(before);
  });

  it('leaves projects to system administrators (403) with Project_Write (403)', async () => {
    const body = { id: 'byeditor', name: 'x', primaryLanguage: 'en-GB' } as Project;
    const editor = clientFor(platform, 'editor');
    expect(await expectStatus(editor.projects.create(body), 403)).toMatch(/system administrators/);
    const readOnly = clientFor(platform, 'admin', { scopes: ['Project_Read'] });
    await expectStatus(readOnly.projects.create(body), 403);
    await expectStatus(clientWithToken(platform, null).projects.create(body), 401);
    await expectStatus(admin.projects.get('byeditor'), 404);
  });
});

describe('updating projects', () => {
  it('updates a project; delivery serves the change at once', async () => {
    const delivery = deliveryClient(platform);
    const current = await admin.projects.get('website');
    const updated = await admin.projects.update({
      ...current,
      name: 'Prifysgol Aberwen University',
      color: 'navy',
      deliverySysExclusions: ['sys.owner'],
    });
    expect(updated).toEqual({
      ...current,
      name: 'Prifysgol Aberwen University',
      color: 'navy',
      deliverySysExclusions: ['sys.owner'],
    });
    expect(await delivery.project.get()).toEqual(updated);
    const news = await delivery.entries.list({ contentTypeId: 'newsArticle', pageOptions: { pageSize: 1 } });
    expect(news.items[0]!.sys).not.toHaveProperty('owner');
    expect(events.at(-1)).toMatchObject({ resourceType: 'project', event: 'updated', resourceId: 'website' });
  });

  it('keeps the id immutable and refuses bad values, changing nothing', async () => {
    const current = await admin.projects.get('alumni');
    expect(await expectStatus(admin.projects.update({ ...current, id: 'alumni2' }), 404)).toMatch(/alumni2/);
    const renamed = await raw('PUT', '/alumni', JSON.stringify({ ...current, id: 'other' }));
    expect(renamed.status).toBe(422);
    for (const body of [
      { ...current, name: '' },
      { ...current, name: 7 },
      { ...current, primaryLanguage: 'not a language' },
      { ...current, supportedLanguages: ['en-GB', 'x'.repeat(40)] },
      { ...current, color: { red: 1 } },
    ]) {
      expect((await raw('PUT', '/alumni', JSON.stringify(body))).status, JSON.stringify(body)).toBe(422);
    }
    expect((await raw('PUT', '/alumni', '{"name": ')).status).toBe(400);
    expect(await admin.projects.get('alumni')).toEqual(current);
    const editor = clientFor(platform, 'editor');
    await expectStatus(editor.projects.update({ ...current, name: 'Edited' }), 403);
    // A partial body changes only what it names; a new primary language joins the list.
    const partial = await raw('PUT', '/alumni', JSON.stringify({ primaryLanguage: 'cy' }));
    expect(partial.status).toBe(200);
    expect(await admin.projects.get('alumni')).toEqual({
      ...current,
      primaryLanguage: 'cy',
      supportedLanguages: ['cy', 'en-GB'],
    });
  });
});

describe('deleting projects', () => {
  it('deletes a project with no entries', async () => {
    await admin.projects.create({ id: 'scratch', name: 'Scratch', primaryLanguage: 'en-GB' } as Project);
    const root = await adminOf('scratch').nodes.getRoot();
    await adminOf('scratch').nodes.create({ parentId: root.id, displayName: { 'en-GB': 'Page' } });
    const response = await raw('DELETE', '/scratch');
    expect(response.status).toBe(204);
    await expectStatus(admin.projects.get('scratch'), 404);
    await expectStatus(adminOf('scratch').nodes.getRoot(), 404);
    expect(platform.db.prepare("SELECT COUNT(*) AS n FROM nodes WHERE project_id = 'scratch'").get()).toEqual(
      { n: 0 },
    );
    expect(events.at(-1)).toMatchObject({ resourceType: 'project', event: 'deleted', resourceId: 'scratch' });
    await expectStatus(admin.projects.delete('scratch'), 404);
  });

  it("refuses (403, can't be deleted) the demo project and projects with entries", async () => {
    expect(await expectStatus(admin.projects.delete('website'), 403)).toMatch(/can't be deleted/);
    await admin.projects.create({ id: 'occupied', name: 'Occupied', primaryLanguage: 'en-GB' } as Project);
    insertEntryVersion(platform.db, {
      projectId: 'occupied',
      entryId: 'a1',
      language: 'en-GB',
      isLatest: true,
      isPublished: true,
      contentTypeId: 'page',
      dataFormat: 'entry',
      versionNo: '1.0',
      entryTitle: 'A',
      data: '{"sys":{"id":"a1"}}',
    });
    expect(await expectStatus(admin.projects.delete('occupied'), 403)).toMatch(/entries/);
    expect((await admin.projects.get('occupied')).id).toBe('occupied');
    const editor = clientFor(platform, 'editor');
    await expectStatus(editor.projects.delete('alumni'), 403);
    const noScope = clientFor(platform, 'admin', { scopes: ['Project_Write'] });
    await expectStatus(noScope.projects.delete('alumni'), 403);
    expect((await admin.projects.get('alumni')).id).toBe('alumni');
  });
});
