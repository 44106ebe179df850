import { type ManagementClient, Op, Query, type Tag } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEntry } from '../../../contract.js';
import { getEntryVersionByDoc, parseEntryData, updateEntryVersionData } from '../../../db/entries.js';
import type { PlatformEvent } from '../../../events/bus.js';
import { indexEntryVersion } from '../../../search/index.js';
import { deliveryClient } from '../../../test-support/delivery-client.js';
import { row } from '../../../test-support/expectations.js';
import { clientWithToken, expectStatus, rawRequest } from '../../../test-support/management-client.js';
import { startManagementTestbed } from '../../../test-support/management-testbed.js';
import type { RunningPlatform } from '../../../test-support/platform-fixture.js';

let platform: RunningPlatform;
let adminToken: string;
let editorToken: string;
let editor: ManagementClient;
let member: ManagementClient;
let site: ManagementClient;
const events: PlatformEvent[] = [];
/** A published news article (en-GB) whose stored versions the tests put tags into. */
let entryId: string;

beforeAll(async () => {
  ({ platform, adminToken, editorToken, editor, member, site } = await startManagementTestbed(events));
  entryId = row<{ entry_id: string }>(
    platform.db,
    `SELECT entry_id FROM entry_versions WHERE project_id = 'website' AND content_type_id = 'newsArticle'
       AND language = 'en-GB' AND is_latest = 1 AND is_published = 1 LIMIT 1`,
  ).entry_id;
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const ref = (id: string) => ({ sys: { id, dataFormat: 'tag' } });

/** The en-GB versions of the test entry. */
function entryVersions(): { doc: number; entry: StoredEntry }[] {
  const docs = platform.db
    .prepare(
      "SELECT doc FROM entry_versions WHERE project_id = 'website' AND entry_id = ? AND language = 'en-GB'",
    )
    .all(entryId) as { doc: number }[];
  return docs.map(({ doc }) => ({ doc, entry: parseEntryData(getEntryVersionByDoc(platform.db, doc)!) }));
}

/** Puts tag values into the test entry's `topics` field, as an entry write would store them. */
function tagEntry(tagIds: string[]): void {
  platform.db.transaction(() => {
    for (const { doc, entry } of entryVersions()) {
      const tagged = { ...entry, topics: tagIds.map(ref) };
      updateEntryVersionData(platform.db, doc, JSON.stringify(tagged), String(entry.entryTitle ?? ''));
      indexEntryVersion(platform.db, doc, tagged);
    }
  })();
}

const topicsOfEntry = () => entryVersions().map(({ entry }) => entry.topics);
const storedTags = () => platform.db.prepare('SELECT * FROM tags ORDER BY id').all();
const storedGroups = () => platform.db.prepare('SELECT * FROM tag_groups ORDER BY id').all();

describe('tags and tag groups', () => {
  let transport: Tag;
  let bridges: Tag;
  let art: Tag;

  it('lets only callers with the tag permissions write them', async () => {
    // Editors hold tags and tagGroups through the seeded "Content editors" role.
    const group = await editor.tagGroups.create({
      id: 'topics',
      name: 'Topics',
      description: 'Editorial topics',
    });
    expect(group).toMatchObject({
      id: 'topics',
      name: 'Topics',
      description: 'Editorial topics',
      tagCount: 0,
      version: { versionNo: '1.0', createdBy: 'editor', modifiedBy: 'editor' },
    });
    await expectStatus(site.tagGroups.create({ id: 'places', name: 'Places' }), 403);
    await expectStatus(member.tagGroups.list(), 403);
    await expectStatus(clientWithToken(platform, null).tags.list(), 401);
  });

  it('creates, reads, lists and updates tag groups', async () => {
    await editor.tagGroups.create({ id: 'places', name: 'Places' });
    await expectStatus(editor.tagGroups.create({ id: 'topics', name: 'Again' }), 409);
    expect(await site.tagGroups.get('topics')).toMatchObject({ id: 'topics', tagCount: 0 });
    const list = await editor.tagGroups.list();
    expect(list).toMatchObject({ totalCount: 2, pageCount: 1 });
    expect(list.items.map((group) => group.id)).toEqual(['places', 'topics']);
    expect((await editor.tagGroups.list({ order: ['-name'] })).items.map((group) => group.id)).toEqual([
      'topics',
      'places',
    ]);
    expect((await editor.tagGroups.list({ q: 'editorial' })).items.map((group) => group.id)).toEqual([
      'topics',
    ]);
    expect((await editor.tagGroups.list({ pageOptions: { pageIndex: 1, pageSize: 1 } })).items).toHaveLength(
      1,
    );

    const current = await editor.tagGroups.get('places');
    const updated = await editor.tagGroups.update({ ...current, name: 'Campus places' });
    expect(updated).toMatchObject({ name: 'Campus places', version: { versionNo: '1.1' } });
    expect(await expectStatus(editor.tagGroups.update({ ...current, name: 'Stale' }), 422)).toMatch(
      /version/,
    );
    await editor.tagGroups.delete('places');
    await expectStatus(editor.tagGroups.get('places'), 404);
  });

  it('creates tags and reads them by id, by label and as lists', async () => {
    transport = await editor.tags.create({
      groupId: 'topics',
      value: 'transport',
      label: { 'en-GB': 'Transport', cy: 'Trafnidiaeth' },
    });
    expect(transport).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      usageCount: 0,
      version: { versionNo: '1.0', createdBy: 'editor' },
    });
    bridges = await editor.tags.create({
      id: 'bridges',
      groupId: 'topics',
      value: 'bridges',
      label: { 'en-GB': 'Bridges' },
    });
    art = await editor.tags.create({
      groupId: 'topics',
      value: 'art',
      label: { 'en-GB': 'Art', cy: 'Celf' },
    });
    expect(bridges.id).toBe('bridges');
    await expectStatus(
      editor.tags.create({ groupId: 'topics', value: 'TRANSPORT', label: { 'en-GB': 'T' } }),
      409,
    );
    await expectStatus(
      editor.tags.create({ id: 'bridges', groupId: 'topics', value: 'b2', label: { 'en-GB': 'B' } }),
      409,
    );
    expect(
      await expectStatus(
        editor.tags.create({ groupId: 'nowhere', value: 'x', label: { 'en-GB': 'X' } }),
        422,
      ),
    ).toMatch(/nowhere/);

    expect(await site.tags.get(transport.id!)).toEqual(transport);
    expect(await editor.tags.get({ groupId: 'topics', label: 'trafnidiaeth', language: 'cy' })).toMatchObject(
      {
        id: transport.id,
      },
    );
    expect(await editor.tags.get({ groupId: 'topics', label: 'Bridges' })).toMatchObject({ id: 'bridges' });
    await expectStatus(editor.tags.get({ groupId: 'topics', label: 'Trafnidiaeth', language: 'en-GB' }), 404);
    await expectStatus(editor.tags.get({ groupId: 'topics', label: 'Nothing' }), 404);
    await expectStatus(editor.tags.get({ groupId: 'nowhere', label: 'Art' }), 404);

    const ofGroup = await editor.tags.list('topics');
    expect(ofGroup).toMatchObject({ pageIndex: 0, pageSize: 25, totalCount: 3, pageCount: 1 });
    expect(ofGroup.items.map((tag) => tag.value)).toEqual(['art', 'bridges', 'transport']);
    const welsh = await editor.tags.list({ language: 'cy', order: ['-label'], q: 'f' });
    expect(welsh.items.map((tag) => tag.value)).toEqual(['transport', 'art']);
    const paged = await editor.tags.list({ pageOptions: { pageIndex: 1, pageSize: 2 } });
    expect(paged).toMatchObject({ totalCount: 3, pageCount: 2 });
    expect(paged.items.map((tag) => tag.value)).toEqual(['transport']);
    expect((await editor.tagGroups.get('topics')).tagCount).toBe(3);
    await expectStatus(editor.tags.list({ language: 'fr' }), 404);
    await expectStatus(editor.tags.list({ order: ['usageCount'] }), 400);
  });

  it('updates tags, refusing stale versions and taken values', async () => {
    const updated = await editor.tags.update({
      ...art,
      label: { 'en-GB': 'Art and design', cy: 'Celf a dylunio' },
    });
    expect(updated).toMatchObject({
      label: { 'en-GB': 'Art and design' },
      version: { versionNo: '1.1', modifiedBy: 'editor' },
    });
    await expectStatus(editor.tags.update({ ...art, label: { 'en-GB': 'Stale' } }), 422);
    await expectStatus(editor.tags.update({ ...updated, value: 'Transport' }), 409);
    await expectStatus(editor.tags.update({ ...updated, id: 'missing' }), 404);
    art = updated;
  });

  it('finds the entries and content types that use tags', async () => {
    tagEntry([transport.id!, bridges.id!]);
    const usage = await editor.tags.getUsage(transport.id!);
    expect(usage).toMatchObject({ totalCount: 1, totalArchivedCount: 0, totalRecycleBinCount: 0 });
    expect(usage.items).toEqual([
      expect.objectContaining({
        id: entryId,
        fieldId: 'topics[0]',
        contentTypeId: 'newsArticle',
        language: 'en-GB',
      }),
    ]);
    expect(
      (await editor.tags.getUsage({ id: bridges.id!, versionStatus: 'published' })).items[0],
    ).toMatchObject({
      fieldId: 'topics[1]',
    });
    expect((await editor.tags.getUsage({ id: transport.id!, language: 'cy' })).totalCount).toBe(0);
    expect((await editor.tags.getUsage({ id: transport.id!, q: 'no title has this' })).totalCount).toBe(0);
    expect((await editor.tags.getUsage(art.id!)).totalCount).toBe(0);
    expect((await editor.tags.get(transport.id!)).usageCount).toBe(1);
    await expectStatus(editor.tags.getUsage('missing'), 404);

    // A tag field on the news article type makes the group "used" by it.
    const definition = row<{ data: string }>(
      platform.db,
      "SELECT data FROM definition_versions WHERE project_id = 'website' AND kind = 'contentType' AND id = 'newsArticle' AND is_latest = 1",
    );
    const data = JSON.parse(definition.data) as { fields: unknown[] };
    data.fields.push({
      id: 'topics',
      name: { 'en-GB': 'Topics' },
      dataType: 'objectArray',
      dataFormat: 'tag',
      validations: { allowedTagGroups: { groupIds: ['topics'] } },
    });
    platform.db
      .prepare(
        "UPDATE definition_versions SET data = ? WHERE project_id = 'website' AND kind = 'contentType' AND id = 'newsArticle' AND is_latest = 1",
      )
      .run(JSON.stringify(data));
    const groupUsage = await editor.tagGroups.getUsage('topics');
    expect(groupUsage).toMatchObject({ totalCount: 1, pageCount: 1 });
    expect(groupUsage.items).toEqual([
      {
        id: 'newsArticle',
        name: { 'en-GB': 'News article' },
        description: expect.any(Object),
        fieldId: 'topics',
        dataFormat: 'entry',
      },
    ]);
    await expectStatus(editor.tagGroups.getUsage('missing'), 404);
  });

  it('refuses to delete a group that still holds tags', async () => {
    expect(await expectStatus(editor.tagGroups.delete('topics'), 409)).toMatch(/3 tags/);
    expect((await editor.tagGroups.get('topics')).tagCount).toBe(3);
  });

  it('re-points entries to the replacement when a tag is deleted, and re-indexes them', async () => {
    events.length = 0;
    await editor.tags.delete(transport.id!, art.id!);
    await expectStatus(editor.tags.get(transport.id!), 404);
    for (const topics of topicsOfEntry()) expect(topics).toEqual([ref(art.id!), ref(bridges.id!)]);
    expect((await editor.tags.get(art.id!)).usageCount).toBe(1);
    expect((await editor.tags.getUsage(art.id!)).items[0]).toMatchObject({
      id: entryId,
      fieldId: 'topics[0]',
    });

    const delivery = deliveryClient(platform);
    const found = await delivery.entries.search(new Query(Op.equalTo('topics.sys.id', art.id!)));
    expect(found!.items.map((item) => item.sys.id)).toEqual([entryId]);
    expect(
      (await delivery.entries.search(new Query(Op.equalTo('topics.sys.id', transport.id!))))!.totalCount,
    ).toBe(0);
    expect(events.map((event) => `${event.resourceType} ${event.event} ${event.resourceId}`)).toEqual([
      `tag deleted ${transport.id}`,
      `entry updated ${entryId}`,
    ]);
  });

  it('deletes tags of a group in bulk, reporting the ids it could not delete', async () => {
    const other = await editor.tags.create({
      groupId: 'topics',
      value: 'research',
      label: { 'en-GB': 'Research' },
    });
    const result = await editor.tags.delete(
      { groupId: 'topics', ids: [bridges.id!, 'missing', bridges.id!] },
      other.id,
    );
    expect(result).toEqual({
      success: [{ id: 'bridges' }],
      failed: [
        {
          id: 'missing',
          error: { type: 'error', message: expect.stringMatching(/missing/), data: expect.any(Object) },
        },
      ],
    });
    for (const topics of topicsOfEntry()) expect(topics).toEqual([ref(art.id!), ref(other.id!)]);
    expect(await editor.tags.delete({ groupId: 'topics', ids: [art.id!] })).toEqual({
      success: [{ id: art.id }],
    });
    for (const topics of topicsOfEntry()) expect(topics).toEqual([ref(other.id!)]);
    await editor.tags.delete(other.id!);
    for (const topics of topicsOfEntry()) expect(topics).toEqual([]);
    expect((await editor.tags.list('topics')).totalCount).toBe(0);
  });

  it('refuses bad input with a 4xx and a message, changing nothing', async () => {
    const kept = await editor.tags.create({ groupId: 'topics', value: 'kept', label: { 'en-GB': 'Kept' } });
    tagEntry([kept.id!]);
    const tags = storedTags();
    const groups = storedGroups();
    const entries = topicsOfEntry();
    const post = (path: string, body: string) => rawRequest(platform, editorToken, 'POST', path, body);
    const bad: [string, string, number, RegExp][] = [
      ['/tags', '{"groupId": "topics", ', 400, /not valid JSON/],
      ['/tags', '"transport"', 400, /JSON object/],
      ['/tags', JSON.stringify({ groupId: 'topics', value: 42, label: { 'en-GB': 'X' } }), 422, /value/],
      [
        '/tags',
        JSON.stringify({ groupId: 'topics', value: 'x'.repeat(257), label: { 'en-GB': 'X' } }),
        422,
        /at most 256/,
      ],
      ['/tags', JSON.stringify({ groupId: 'topics', value: 'x', label: { fr: 'X' } }), 422, /not a language/],
      ['/tags', JSON.stringify({ groupId: 'topics', value: 'x', label: 'X' }), 422, /label/],
      [
        '/tags',
        JSON.stringify({ groupId: 'topics', value: 'x', label: { 'en-GB': 'X' }, id: 'a/b' }),
        422,
        /id/,
      ],
      ['/taggroups', JSON.stringify({ id: 'bad id', name: 'Bad' }), 422, /id/],
      ['/taggroups', JSON.stringify({ id: 'ok', name: ['Bad'] }), 422, /name/],
      [
        '/taggroups',
        JSON.stringify({ id: 'ok', name: 'Ok', description: 'x'.repeat(2001) }),
        422,
        /at most 2000/,
      ],
    ];
    for (const [path, body, status, message] of bad) {
      const answer = await post(path, body);
      expect(answer.status, body.slice(0, 80)).toBe(status);
      expect(answer.body.message).toMatch(message);
    }
    expect(
      (
        await rawRequest(
          platform,
          editorToken,
          'PUT',
          `/tags/${kept.id}`,
          JSON.stringify({ ...kept, groupId: 'nowhere' }),
        )
      ).status,
    ).toBe(422);
    expect(await expectStatus(editor.tags.delete(kept.id!, 'missing'), 422)).toMatch(/replacement/);
    expect(await expectStatus(editor.tags.delete(kept.id!, kept.id), 422)).toMatch(/replace itself/);
    await expectStatus(editor.tags.delete('missing'), 404);
    await expectStatus(editor.tags.delete({ groupId: 'nowhere', ids: [kept.id!] }), 404);
    const bulk = (body: string) =>
      rawRequest(platform, editorToken, 'DELETE', '/taggroups/topics/tags/bulk', body);
    expect((await bulk('{"ids": []}')).status).toBe(400);
    expect((await bulk('[1, 2]')).status).toBe(400);
    expect((await bulk(JSON.stringify(Array.from({ length: 1001 }, (_, i) => `t${i}`)))).status).toBe(400);
    await expectStatus(editor.tags.getUsage({ id: kept.id!, pageOptions: { pageSize: 20_000 } }), 400);
    expect(storedTags()).toEqual(tags);
    expect(storedGroups()).toEqual(groups);
    expect(topicsOfEntry()).toEqual(entries);
    expect(await rawRequest(platform, adminToken, 'GET', `/tags/${kept.id}`)).toMatchObject({ status: 200 });
  });

  it('deletes an empty group', async () => {
    const remaining = await editor.tags.list('topics');
    await editor.tags.delete({ groupId: 'topics', ids: remaining.items.map((tag) => tag.id!) });
    await editor.tagGroups.delete('topics');
    await expectStatus(editor.tagGroups.get('topics'), 404);
    expect((await editor.tagGroups.list()).totalCount).toBe(0);
  });
});
