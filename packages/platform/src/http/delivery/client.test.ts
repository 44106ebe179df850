import { Client, Op, OrderBy, Query, ZenqlQuery } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';

// The platform must serve the project's own client as well as raw HTTP callers.
let platform: RunningPlatform;
let client: Client;
let preview: Client;

beforeAll(async () => {
  platform = await startDemoPlatform();
  const config = { rootUrl: platform.origin, projectId: platform.projectId };
  client = Client.create({ ...config, accessToken: platform.deliveryToken });
  preview = Client.create({ ...config, accessToken: platform.previewToken, versionStatus: 'latest' });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('@canopy/client against the platform', () => {
  it('reads the project and a content type', async () => {
    expect((await client.project.get()).primaryLanguage).toBe('en-GB');
    expect((await client.contentTypes.get('newsArticle')).id).toBe('newsArticle');
  });

  it('lists, gets and searches entries', async () => {
    const list = await client.entries.list({
      contentTypeId: 'newsArticle',
      order: ['-publishDate'],
      pageOptions: { pageSize: 3 },
    });
    expect(list.items).toHaveLength(3);
    const dates = list.items.map((item) => String(item.publishDate));
    expect(dates).toEqual([...dates].sort().reverse());
    const entry = await client.entries.get({
      id: list.items[0]!.sys.id,
      linkDepth: 1,
      fields: ['title', 'author'],
    });
    expect(entry.author).toHaveProperty('sys.versionStatus', 'published');

    const query = new Query(Op.equalTo('sys.contentTypeId', 'course'), Op.equalTo('sys.language', 'en-GB'));
    query.orderBy = OrderBy.asc('entryTitle');
    query.pageSize = 5;
    const results = (await client.entries.search(query))!;
    expect(results.items.every((item) => item.sys.contentTypeId === 'course')).toBe(true);

    const zenql = (await client.entries.search(new ZenqlQuery('sys.contentTypeId = event')))!;
    expect(zenql.items.every((item) => item.sys.contentTypeId === 'event')).toBe(true);
  });

  it('sends long searches as POST and gets the same answer', async () => {
    const ids = (await client.entries.list({ pageOptions: { pageSize: 200 } })).items.map(
      (item) => item.sys.id,
    );
    const query = new Query(Op.in('sys.id', ...ids), Op.equalTo('sys.language', 'en-GB'));
    query.pageSize = 200;
    const results = (await client.entries.search(query))!;
    expect(results.totalCount).toBe(ids.length);
  });

  it('walks the site view', async () => {
    const root = await client.nodes.getRoot({ depth: 1 });
    const courses = await client.nodes.get({ path: '/courses', entryFields: ['*'] });
    expect(root.children!.map((node) => node.id)).toContain(courses.id);
    const [first] = await client.nodes.getChildren(courses.id);
    expect((await client.nodes.getParent(first!.id)).id).toBe(courses.id);
    expect((await client.nodes.getAncestors(first!.id)).map((node) => node.id)).toEqual([
      root.id,
      courses.id,
    ]);
    expect(await client.nodes.getAncestorAtLevel({ id: first!.id, startLevel: 2 })).toMatchObject({
      id: courses.id,
    });
    expect((await client.nodes.getSiblings(first!.id)).length).toBe(courses.childCount - 1);
    const canonical = await client.nodes.getByEntry({ entryId: first!.entry!.sys.id, canonicalOnly: true });
    expect(canonical).toMatchObject({ id: first!.id });
  });

  it('reads taxonomy and previews drafts', async () => {
    const subjects = await client.taxonomy.getNodeByPath({
      path: 'Root/Subjects',
      order: 'defined',
      childDepth: 2,
    });
    expect(subjects.children?.[0]?.children?.length).toBeGreaterThan(0);
    expect((await client.taxonomy.getNodeByKey('0/1')).name).toBe('Subjects');
    const latest = await preview.entries.list({ pageOptions: { pageSize: 1 } });
    expect(latest.items[0]!.sys.versionStatus).toBe('latest');
    await expect(client.entries.list({ versionStatus: 'latest' })).rejects.toMatchObject({ status: 403 });
  });
});
