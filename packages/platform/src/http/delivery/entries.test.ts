import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody, row } from '../../test-support/expectations.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';

type Entry = Record<string, unknown> & { sys: Record<string, unknown> };
type Paged = { pageIndex: number; pageSize: number; totalCount: number; pageCount: number; items: Entry[] };

let platform: RunningPlatform;
let news: { entry_id: string };
let welsh: { entry_id: string };
let englishOnly: { entry_id: string };
let draftOnly: { entry_id: string };
let pending: { entry_id: string };

beforeAll(async () => {
  platform = await startDemoPlatform();
  const db = platform.db;
  news = row(
    db,
    "SELECT entry_id FROM entry_versions WHERE content_type_id = 'newsArticle' AND is_published = 1 AND is_latest = 1 AND language = 'en-GB' AND data LIKE '%\"author\"%' ORDER BY entry_id LIMIT 1",
  );
  welsh = row(
    db,
    "SELECT entry_id FROM entry_versions WHERE language = 'cy' AND is_published = 1 ORDER BY entry_id LIMIT 1",
  );
  englishOnly = row(
    db,
    "SELECT entry_id FROM entry_versions e WHERE language = 'en-GB' AND is_published = 1 AND NOT EXISTS (SELECT 1 FROM entry_versions c WHERE c.entry_id = e.entry_id AND c.language = 'cy') ORDER BY entry_id LIMIT 1",
  );
  draftOnly = row(
    db,
    'SELECT entry_id FROM entry_versions e WHERE is_published = 0 AND NOT EXISTS (SELECT 1 FROM entry_versions p WHERE p.entry_id = e.entry_id AND p.language = e.language AND p.is_published = 1) ORDER BY entry_id LIMIT 1',
  );
  pending = row(
    db,
    "SELECT entry_id FROM entry_versions WHERE is_published = 1 AND is_latest = 0 AND language = 'en-GB' ORDER BY entry_id LIMIT 1",
  );
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('D3 get entry', () => {
  it('serves the primary language published version with sys.versionStatus', async () => {
    const { status, body } = await platform.json<Entry>(`/entries/${news.entry_id}`);
    expect(status).toBe(200);
    expect(body.sys).toMatchObject({
      id: news.entry_id,
      projectId: 'website',
      contentTypeId: 'newsArticle',
      dataFormat: 'entry',
      language: 'en-GB',
      versionStatus: 'published',
      isPublished: true,
      workflow: { id: 'contensisEntryBasic', state: 'versionComplete' },
      version: { versionNo: '1.0' },
    });
    expect(body.sys.uri).toMatch(/^\/news\//);
    expect(body.entryTitle).toBe(body.title);
    // Links stay unresolved at linkDepth 0: only sys, completed with the target's details.
    expect(Object.keys(body.author as object)).toEqual(['sys']);
    expect((body.author as Entry).sys).toMatchObject({
      contentTypeId: 'person',
      dataFormat: 'entry',
      language: 'en-GB',
    });
  });

  it('serves another language variation, matching the code without regard to case', async () => {
    const { status, body } = await platform.json<Entry>(`/entries/${welsh.entry_id}?language=CY`);
    expect(status).toBe(200);
    expect(body.sys.language).toBe('cy');
  });

  it('answers 404 for a missing variation, an unsupported language and an unknown entry', async () => {
    const missing = await platform.json(`/entries/${englishOnly.entry_id}?language=cy`);
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body, /could not be found/);
    expect(missing.body).toMatchObject({ data: { entryId: englishOnly.entry_id, language: 'cy' } });
    const unsupported = await platform.json(`/entries/${news.entry_id}?language=fr-FR`);
    expect(unsupported.status).toBe(404);
    expectErrorBody(unsupported.body, /language/);
    const unknown = await platform.json('/entries/00000000-0000-0000-0000-000000000000');
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body);
  });

  it('keeps drafts from the public and shows them to preview tokens', async () => {
    expect((await platform.json(`/entries/${draftOnly.entry_id}`)).status).toBe(404);
    const forbidden = await platform.json(`/entries/${draftOnly.entry_id}?versionStatus=latest`);
    expect(forbidden.status).toBe(403);
    expectErrorBody(forbidden.body, /latest/);
    const preview = await platform.json<Entry>(`/entries/${draftOnly.entry_id}?versionStatus=latest`, {
      token: platform.previewToken,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.sys).toMatchObject({
      versionStatus: 'latest',
      isPublished: false,
      version: { versionNo: '0.1' },
    });
  });

  it('serves the published version or the pending draft by version status', async () => {
    const published = await platform.json<Entry>(`/entries/${pending.entry_id}`, {
      token: platform.previewToken,
    });
    const latest = await platform.json<Entry>(`/entries/${pending.entry_id}?versionstatus=LATEST`, {
      token: platform.previewToken,
    });
    expect(published.body.sys).toMatchObject({ versionStatus: 'published', version: { versionNo: '1.0' } });
    expect(latest.body.sys).toMatchObject({ versionStatus: 'latest', version: { versionNo: '1.1' } });
  });

  it('resolves links with linkDepth, fieldLinkDepths and follows fields into linked entries', async () => {
    const deep = await platform.json<Entry>(`/entries/${news.entry_id}?linkDepth=1`);
    const author = deep.body.author as Entry;
    expect(author.sys).toMatchObject({ contentTypeId: 'person', versionStatus: 'published' });
    expect(typeof author.entryTitle).toBe('string');
    // Depth 1 stops there: the author's photo stays a link.
    expect(Object.keys((author.photo as { asset: object }).asset)).toEqual(['sys']);
    const hero = (deep.body.heroImage as { asset: Entry }).asset;
    expect(hero.sys).toMatchObject({ dataFormat: 'asset', contentTypeId: 'image' });
    expect(hero.sys.properties).toMatchObject({ filePath: expect.stringMatching(/^\/image-library\//) });

    const two = await platform.json<Entry>(`/entries/${news.entry_id}?linkDepth=99`);
    expect(((two.body.author as Entry).photo as { asset: Entry }).asset.sys).toHaveProperty('versionStatus');

    const field = await platform.json<Entry>(
      `/entries/${news.entry_id}?fieldLinkDepths=${encodeURIComponent('{"author":1}')}`,
    );
    expect(field.body.author as Entry).toHaveProperty('entryTitle');
    expect(Object.keys((field.body.heroImage as { asset: object }).asset)).toEqual(['sys']);

    const limited = await platform.json<Entry>(`/entries/${news.entry_id}?linkDepth=1&fields=title,author`);
    expect(Object.keys(limited.body).sort()).toEqual(['author', 'sys', 'title']);
    // `fields` applies to the resolved author too (a person's name is its `title`).
    expect(Object.keys(limited.body.author as object).sort()).toEqual(['sys', 'title']);
  });

  it('projects fields: a list, a JSON array, exclusions and optional sys fields', async () => {
    const list = await platform.json<Entry>(`/entries/${news.entry_id}?fields=title,entryTitle`);
    expect(Object.keys(list.body).sort()).toEqual(['entryTitle', 'sys', 'title']);
    expect(Object.keys(list.body.sys).sort()).toEqual([
      'contentTypeId',
      'dataFormat',
      'id',
      'language',
      'uri',
      'versionStatus',
    ]);
    const array = await platform.json<Entry>(
      `/entries/${news.entry_id}?fields=${encodeURIComponent('["title","sys.version.versionNo"]')}`,
    );
    expect(array.body.sys.version).toEqual({ versionNo: '1.0' });
    const excluded = await platform.json<Entry>(`/entries/${news.entry_id}?fields=-body,-sys.owner`);
    expect(excluded.body).not.toHaveProperty('body');
    expect(excluded.body).toHaveProperty('title');
    expect(excluded.body.sys).not.toHaveProperty('owner');
    expect(excluded.body.sys).toHaveProperty('version');
    const minimal = await platform.json<Entry>(`/entries/${news.entry_id}?fields=-sys`);
    expect(Object.keys(minimal.body.sys).sort()).toEqual([
      'contentTypeId',
      'dataFormat',
      'id',
      'language',
      'uri',
      'versionStatus',
    ]);
  });

  it('strips the project deliverySysExclusions', async () => {
    platform.db
      .prepare("UPDATE projects SET delivery_sys_exclusions = ? WHERE id = 'website'")
      .run(JSON.stringify(['sys.owner', 'sys.version.modifiedBy', 'sys.id']));
    try {
      const { body } = await platform.json<Entry>(`/entries/${news.entry_id}?linkDepth=1`);
      expect(body.sys).not.toHaveProperty('owner');
      expect(body.sys.version).not.toHaveProperty('modifiedBy');
      expect(body.sys.id).toBe(news.entry_id);
      expect((body.author as Entry).sys).not.toHaveProperty('owner');
    } finally {
      platform.db.prepare("UPDATE projects SET delivery_sys_exclusions = '[]' WHERE id = 'website'").run();
    }
  });

  it.each([
    ['linkDepth=-1', /linkDepth/],
    ['linkDepth=abc', /linkDepth/],
    ['fieldLinkDepths=%7Bnot-json', /fieldLinkDepths.*JSON/],
    ['fieldLinkDepths=%5B1%5D', /fieldLinkDepths/],
    ['fieldLinkDepths=%7B%22author%22%3A%22x%22%7D', /author/],
    ['fields=%5B1%2C2%5D', /fields/],
    ['versionStatus=draft', /versionStatus/],
  ])('rejects %s with a 400 and a message', async (query, message) => {
    const { status, body } = await platform.json(`/entries/${news.entry_id}?${query}`);
    expect(status).toBe(400);
    expectErrorBody(body, message);
  });
});

describe('D4 / D5 list entries', () => {
  it('pages through the primary language with defaults 0 and 25', async () => {
    const { status, body } = await platform.json<Paged>('/entries');
    expect(status).toBe(200);
    expect(body.pageIndex).toBe(0);
    expect(body.pageSize).toBe(25);
    expect(body.items).toHaveLength(25);
    expect(body.pageCount).toBe(Math.ceil(body.totalCount / 25));
    expect(
      body.items.every((item) => item.sys.language === 'en-GB' && item.sys.versionStatus === 'published'),
    ).toBe(true);
    const total = row<{ n: number }>(
      platform.db,
      "SELECT COUNT(*) AS n FROM entry_versions WHERE language = 'en-GB' AND is_published = 1 AND entry_id NOT IN (SELECT entry_id FROM entry_access)",
    );
    // Everything published but the restricted (members and staff) pages.
    expect(body.totalCount).toBe(total.n);
    // Default order: entry title.
    const titles = body.items.map((item) => String(item.entryTitle).toLowerCase());
    expect(titles).toEqual([...titles].sort());
  });

  it('lists one content type, in a language, ordered and paged', async () => {
    const { body } = await platform.json<Paged>(
      '/contenttypes/course/entries?language=cy&order=-entryTitle&pageIndex=0&pageSize=3&fields=title',
    );
    expect(body).toMatchObject({ pageIndex: 0, pageSize: 3, pageCount: Math.ceil(body.totalCount / 3) });
    expect(body.items).toHaveLength(Math.min(3, body.totalCount));
    expect(
      body.items.every((item) => item.sys.contentTypeId === 'course' && item.sys.language === 'cy'),
    ).toBe(true);
    const titles = body.items.map((item) => String(item.title).toLowerCase());
    expect(titles).toEqual([...titles].sort().reverse());
    const pageBeyond = await platform.json<Paged>('/contentTypes/course/entries?pageIndex=999');
    expect(pageBeyond.body.items).toEqual([]);
  });

  it('orders by sys paths and includes drafts for latest with preview rights', async () => {
    const published = await platform.json<Paged>('/entries?order=-sys.version.modified,title&pageSize=5');
    const dates = published.body.items.map((item) => (item.sys.version as { modified: string }).modified);
    expect(dates).toEqual([...dates].sort().reverse());
    const latest = await platform.json<Paged>('/entries?versionStatus=latest&pageSize=1', {
      token: platform.previewToken,
    });
    expect(latest.body.totalCount).toBeGreaterThan(published.body.totalCount);
    expect(latest.body.items[0]!.sys.versionStatus).toBe('latest');
    expect((await platform.json('/entries?versionStatus=latest')).status).toBe(403);
  });

  it('answers 404 for an unknown content type', async () => {
    const { status, body } = await platform.json('/contentTypes/nope/entries');
    expect(status).toBe(404);
    expectErrorBody(body, /content type/);
  });

  it.each([
    ['pageSize=10001', /pageSize/],
    ['pageSize=0', /pageSize/],
    ['pageSize=2.5', /pageSize/],
    ['pageIndex=-1', /pageIndex/],
    ['pageIndex=one', /pageIndex/],
    ['order=title;drop', /order/],
  ])('rejects %s with a 400', async (query, message) => {
    const { status, body } = await platform.json(`/entries?${query}`);
    expect(status).toBe(400);
    expectErrorBody(body, message);
  });
});

describe('D6 / D7 search', () => {
  const where = (expressions: unknown[]) => encodeURIComponent(JSON.stringify(expressions));

  it('searches with where, orderBy, fields and paging (GET)', async () => {
    const { status, body } = await platform.json<Paged>(
      `/entries/search?where=${where([
        { field: 'sys.contentTypeId', equalTo: 'course' },
        { field: 'sys.language', equalTo: 'en-GB' },
      ])}&orderBy=${encodeURIComponent('[{"desc":"entryTitle"}]')}&fields=entryTitle&pageIndex=0&pageSize=4&clientType=none&clientDetails=%5Bobject%20Object%5D`,
    );
    expect(status).toBe(200);
    expect(body.items).toHaveLength(4);
    expect(body.pageCount).toBe(Math.ceil(body.totalCount / 4));
    expect(
      body.items.every(
        (item) => item.sys.contentTypeId === 'course' && item.sys.versionStatus === 'published',
      ),
    ).toBe(true);
    expect(Object.keys(body.items[0]!).sort()).toEqual(['entryTitle', 'sys']);
    const titles = body.items.map((item) => String(item.entryTitle).toLowerCase());
    expect(titles).toEqual([...titles].sort().reverse());
  });

  it('accepts the other orderBy forms and a where of "undefined"', async () => {
    for (const orderBy of ['%5B%22-entryTitle%22%5D', '%22-entryTitle%22', '-entryTitle']) {
      const { status, body } = await platform.json<Paged>(
        `/entries/search?where=undefined&orderBy=${orderBy}&pageSize=2`,
      );
      expect(status).toBe(200);
      expect(body.items).toHaveLength(2);
    }
  });

  it('returns aggregations over the whole result', async () => {
    const aggregations = encodeURIComponent(JSON.stringify({ types: { field: 'sys.contentTypeId' } }));
    const { body } = await platform.json<Paged & { aggregations: Record<string, Record<string, number>> }>(
      `/entries/search?where=${where([{ field: 'sys.language', equalTo: 'en-GB' }])}&aggregations=${aggregations}&pageSize=1`,
    );
    const counts = Object.values(body.aggregations.types!);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(body.totalCount);
  });

  it('serves latest versions to preview tokens only', async () => {
    const latest = where([
      { field: 'sys.versionStatus', equalTo: 'latest' },
      { field: 'sys.id', equalTo: pending.entry_id },
      { field: 'sys.language', equalTo: 'en-GB' },
    ]);
    const denied = await platform.json(`/entries/search?where=${latest}`);
    expect(denied.status).toBe(403);
    expectErrorBody(denied.body);
    const { body } = await platform.json<Paged>(`/entries/search?where=${latest}`, {
      token: platform.previewToken,
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]!.sys).toMatchObject({ versionStatus: 'latest', version: { versionNo: '1.1' } });
  });

  it('adds the distance to the location value when ordering by distance', async () => {
    const { body } = await platform.json<Paged>(
      `/entries/search?where=${where([
        { field: 'sys.contentTypeId', equalTo: 'event' },
        { field: 'location', distanceWithin: { lat: 52.2058, lon: -4.3004, distance: '50km' } },
      ])}&orderBy=${encodeURIComponent('[{"asc":"location"}]')}&pageSize=3`,
    );
    expect(body.items.length).toBeGreaterThan(0);
    const distances = body.items.map((item) => (item.location as { distance: number }).distance);
    expect(distances.every((d) => typeof d === 'number' && d <= 50)).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('searches with a POST body, link depth from the query string or the body', async () => {
    const query = {
      pageIndex: 0,
      pageSize: 2,
      where: [
        { field: 'sys.id', equalTo: news.entry_id },
        { field: 'sys.language', equalTo: 'en-GB' },
      ],
      fields: ['title', 'author'],
    };
    const viaQuery = await platform.json<Paged>('/entries/search?linkDepth=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(query),
    });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.items[0]!.author).toHaveProperty('sys.versionStatus', 'published');
    const viaBody = await platform.json<Paged>('/entries/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...query, fieldLinkDepths: { author: 1 } }),
    });
    expect(viaBody.body.items[0]!.author).toMatchObject({
      title: expect.any(String),
      sys: { versionStatus: 'published' },
    });
  });

  it('searches with ZenQL on the list endpoint', async () => {
    const { status, body } = await platform.json<Paged>(
      `/entries?zenql=${encodeURIComponent('sys.contentTypeId = course and sys.language = "en-GB"')}&pageSize=5`,
    );
    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((item) => item.sys.contentTypeId === 'course')).toBe(true);
  });

  it.each([
    ['where=%5B%7Bbroken', /where.*JSON/],
    ['where=42', /where/],
    [`where=${encodeURIComponent('[{"field":"title","equals":"x"}]')}`, /equals|operator/i],
    [`where=${encodeURIComponent('[{"field":"title","equalTo":{"a":1}}]')}`, /./],
    ['aggregations=%7Bbad', /aggregations/],
    ['aggregations=%5B%5D', /aggregations/],
    ['orderBy=%5B%7B%22up%22%3A%22title%22%7D%5D', /./],
    ['pageSize=20000', /pageSize/],
    ['pageIndex=-2', /pageIndex/],
    ['zenql=', /zenql/],
  ])('rejects a bad search (%s) with a 400 and a message', async (query, message) => {
    const path = query.startsWith('zenql') ? `/entries?${query}` : `/entries/search?${query}`;
    const { status, body } = await platform.json(path);
    expect(status).toBe(400);
    expectErrorBody(body, message);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"where": [', 400],
    ['an array body', 'application/json', '[]', 400],
    ['an empty body', 'application/json', '', 400],
    ['a text body', 'text/plain', 'where=1', 400],
    ['an unsupported media type', 'application/x-www-form-urlencoded', 'where=1', 415],
    ['a body over 1 MiB', 'application/json', JSON.stringify({ where: [], pad: 'x'.repeat(1_100_000) }), 413],
    ['a bad page size', 'application/json', JSON.stringify({ pageSize: -1 }), 400],
    ['a where that is not a list', 'application/json', JSON.stringify({ where: 'title' }), 400],
  ])('rejects a POST search with %s', async (_name, contentType, payload, expected) => {
    const { status, body } = await platform.json('/entries/search', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: payload,
    });
    expect(status).toBe(expected);
    expectErrorBody(body);
  });
});
