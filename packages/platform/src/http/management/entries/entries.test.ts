import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client,
  type EntryInput,
  type ManagementClient,
  type ManagementEntry,
  ManagementQuery,
  ManagementZenqlQuery,
  Op,
} from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEntryVersion, parseEntryData } from '../../../db/entries.js';
import { deliveryClient } from '../../../test-support/delivery-client.js';
import { clientWithToken, rejection } from '../../../test-support/management-client.js';
import { type RunningPlatform, startDemoPlatform } from '../../../test-support/platform-fixture.js';
import { issueTestToken } from '../../../test-support/tokens.js';

// The management entry API through the project's own client, checked against delivery.
let platform: RunningPlatform;
let editor: ManagementClient;
let delivery: Client;
let preview: Client;
let origin: string;
let editorToken: string;

function managementClient(token: string, language: string | null = 'en-GB'): ManagementClient {
  return clientWithToken(platform, token, language ? { language } : {});
}

/** A raw management request with the editor's token (for malformed bodies the client cannot send). */
function raw(method: string, path: string, body?: string, token = editorToken): Promise<Response> {
  return fetch(`${origin}/api/management/projects/${platform.projectId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body } : {}),
  });
}

function storedLatest(id: string, language = 'en-GB') {
  const record = getEntryVersion(platform.db, platform.projectId, id, language, 'latest');
  return record ? { versionNo: record.versionNo, data: parseEntryData(record) } : undefined;
}

async function anyOf(contentTypeId: string): Promise<ManagementEntry> {
  const list = await editor.entries.list({ contentTypeId, pageOptions: { pageSize: 1 } });
  return list.items[0]!;
}

function newEvent(title: string): EntryInput {
  return {
    title,
    summary: 'A day of talks',
    eventDates: { from: '2030-05-01T10:00:00Z', to: '2030-05-01T16:00:00Z' },
    category: 'Public lecture',
    bookingRequired: false,
    sys: { contentTypeId: 'event', language: 'en-GB' },
  };
}

beforeAll(async () => {
  platform = await startDemoPlatform();
  origin = platform.origin;
  editorToken = issueTestToken(platform.db, 'editor');
  editor = managementClient(editorToken);
  delivery = deliveryClient(platform);
  preview = Client.create({
    rootUrl: platform.origin,
    projectId: platform.projectId,
    accessToken: platform.previewToken,
    versionStatus: 'latest',
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('reading entries', () => {
  it('gets an entry in the management shape', async () => {
    const article = await anyOf('newsArticle');
    const entry = await editor.entries.get({ id: article.sys.id, language: 'en-GB' });
    expect(entry.sys).toMatchObject({
      id: article.sys.id,
      contentTypeId: 'newsArticle',
      language: 'en-GB',
      versionStatus: 'latest',
      availableLanguages: ['en-GB'],
      unavailableLanguages: ['cy'],
      workflow: { id: 'contensisEntryBasic' },
    });
    expect(entry.sys.workflow?.allowedEvents).toEqual(
      entry.sys.isPublished ? expect.arrayContaining(['sysUnpublish']) : ['publish'],
    );
    expect(entry.sys.version).toMatchObject({ versionNo: expect.stringMatching(/^\d+\.\d+$/) });
    // Management links carry no uri.
    const author = entry.author as { sys: Record<string, unknown> };
    expect(author.sys).toMatchObject({ dataFormat: 'entry', contentTypeId: 'person' });
    expect(author.sys).not.toHaveProperty('uri');
    expect(JSON.stringify(entry)).not.toMatch(/"uri":"\/image-library/);
  });

  it('serves the published version on request and 404 for unknown ids', async () => {
    const article = await anyOf('newsArticle');
    const published = await editor.entries.get({ id: article.sys.id, versionStatus: 'published' });
    expect(published.sys.versionStatus).toBe('published');
    const missing = await rejection(editor.entries.get('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(404);
    expect((missing.data as { message: string }).message).toMatch(/could not be found/);
    const badLanguage = await rejection(editor.entries.get({ id: article.sys.id, language: 'xx-XX' }));
    expect(badLanguage.status).toBe(422);
  });

  it('lists entries of the project and of a content type, latest by default', async () => {
    const all = await editor.entries.list({ pageOptions: { pageSize: 5 } });
    expect(all.items).toHaveLength(5);
    expect(all.items.every((item) => item.sys.dataFormat === 'entry')).toBe(true);
    expect(all.pageCount).toBe(Math.ceil(all.totalCount / 5));
    const courses = await editor.entries.list({ contentTypeId: 'course', order: ['-entryTitle'] });
    expect(courses.items.every((item) => item.sys.contentTypeId === 'course')).toBe(true);
    const titles = courses.items.map((item) => String(item.entryTitle).toLowerCase());
    expect(titles).toEqual([...titles].sort().reverse());
    expect(courses.items.every((item) => item.sys.versionStatus === 'latest')).toBe(true);
    const images = await editor.entries.list('image');
    expect(images.items.every((item) => item.sys.dataFormat === 'asset')).toBe(true);
    const assets = await raw('GET', '/entries?dataFormat=assets&pageSize=3');
    const assetList = (await assets.json()) as { items: ManagementEntry[] };
    expect(assetList.items.every((item) => item.sys.dataFormat === 'asset')).toBe(true);
    expect((await rejection(editor.entries.list('noSuchType'))).status).toBe(404);
  });

  it('searches with GET, POST and ZenQL', async () => {
    const query = new ManagementQuery(
      Op.equalTo('sys.contentTypeId', 'event'),
      Op.equalTo('sys.language', 'en-GB'),
    );
    query.pageSize = 5;
    const byGet = (await editor.entries.search(query))!;
    expect(byGet.items).toHaveLength(5);
    expect(byGet.items.every((item) => item.sys.contentTypeId === 'event')).toBe(true);
    expect(byGet.items[0]!.sys.workflow).toHaveProperty('allowedEvents');

    const byPost = await raw('POST', '/entries/search', JSON.stringify(query.toJSON()));
    expect(byPost.status).toBe(200);
    const posted = (await byPost.json()) as { totalCount: number; items: ManagementEntry[] };
    expect(posted.totalCount).toBe(byGet.totalCount);
    expect(posted.items.map((item) => item.sys.id)).toEqual(byGet.items.map((item) => item.sys.id));

    // The ZenQL query names no language, so it counts every variation: the English events and
    // the Welsh versions some of them have (the demo seeds five).
    const everyLanguage = new ManagementQuery(Op.equalTo('sys.contentTypeId', 'event'));
    everyLanguage.pageSize = 1;
    const allVariations = (await editor.entries.search(everyLanguage))!;
    expect(allVariations.totalCount).toBeGreaterThan(byGet.totalCount);
    const zenql = (await editor.entries.search('sys.contentTypeId = event'))!;
    expect(zenql.totalCount).toBe(allVariations.totalCount);

    const aggregated = await raw(
      'POST',
      '/entries/search',
      JSON.stringify({ pageSize: 1, where: [], aggregations: { types: { field: 'sys.contentTypeId' } } }),
    );
    const withBuckets = (await aggregated.json()) as { aggregations: { types: Record<string, number> } };
    // No language in `where` either: every variation of every event.
    expect(withBuckets.aggregations.types.event).toBe(allVariations.totalCount);

    const malformed = await raw('GET', '/entries/search?where=%5B%7B%22field%22%3A1%7D%5D');
    expect(malformed.status).toBe(400);
  });
});

describe('round trips', () => {
  it('saves seeded entries of every content type unchanged, apart from the version', async () => {
    for (const contentTypeId of [
      'homePage',
      'contentPage',
      'course',
      'newsArticle',
      'event',
      'person',
      'image',
      'document',
      'searchPage',
    ]) {
      const { items } = await editor.entries.list({ contentTypeId, pageOptions: { pageSize: 3 } });
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const before = storedLatest(item.sys.id)!.data;
        const saved = await editor.entries.update(item);
        const after = storedLatest(item.sys.id)!.data;
        const { sys: beforeSys, ...beforeFields } = before;
        const { sys: afterSys, ...afterFields } = after;
        expect(afterFields).toEqual(beforeFields);
        expect({ ...afterSys, version: undefined, workflow: undefined }).toEqual({
          ...beforeSys,
          version: undefined,
          workflow: undefined,
        });
        expect(saved.sys.version?.versionNo).not.toBe(item.sys.version?.versionNo);
      }
    }
  });
});

describe('the life of an entry', () => {
  it('creates, updates, publishes, drafts on top, unpublishes and deletes', async () => {
    // Create: 201, draft 0.1, invisible to delivery.
    const created = await editor.entries.create(newEvent('Lifecycle lecture'));
    const id = created.sys.id;
    expect(created.sys).toMatchObject({
      contentTypeId: 'event',
      dataFormat: 'entry',
      language: 'en-GB',
      isPublished: false,
      owner: 'editor',
      version: { versionNo: '0.1', createdBy: 'editor', modifiedBy: 'editor' },
      workflow: { state: 'draft', allowedEvents: ['publish'] },
    });
    expect(created.entryTitle).toBe('Lifecycle lecture');
    expect((await rejection(delivery.entries.get(id))).status).toBe(404);
    expect((await preview.entries.get(id)).entryTitle).toBe('Lifecycle lecture');

    // Read it back, update: 0.2.
    const read = await editor.entries.get(id);
    expect(read).toEqual(created);
    const updated = await editor.entries.update({ ...read, title: 'Lifecycle lecture (updated)' });
    expect(updated.sys.version?.versionNo).toBe('0.2');
    expect(updated.entryTitle).toBe('Lifecycle lecture (updated)');

    // Publish: 1.0, delivery serves it.
    const published = await editor.entries.invokeWorkflow(updated, 'publish');
    expect(published.sys).toMatchObject({
      isPublished: true,
      version: { versionNo: '1.0', publishedBy: 'editor' },
      workflow: { state: 'versionComplete', allowedEvents: ['sysUnpublish'] },
    });
    const served = await delivery.entries.get(id);
    expect(served.entryTitle).toBe('Lifecycle lecture (updated)');
    expect(served.sys.version?.versionNo).toBe('1.0');
    const found = (await delivery.entries.search(
      new ManagementQuery(Op.equalTo('sys.id', id), Op.equalTo('sys.versionStatus', 'published')),
    ))!;
    expect(found.totalCount).toBe(1);

    // A new draft on top: delivery keeps the published version, preview sees the draft.
    const draft = await editor.entries.update({ ...published, title: 'Lifecycle lecture (draft)' });
    expect(draft.sys).toMatchObject({
      isPublished: true,
      version: { versionNo: '1.1' },
      workflow: { state: 'draft' },
    });
    expect(draft.sys.workflow?.allowedEvents).toEqual(['publish', 'sysUnpublish']);
    expect((await delivery.entries.get(id)).entryTitle).toBe('Lifecycle lecture (updated)');
    expect((await preview.entries.get(id)).entryTitle).toBe('Lifecycle lecture (draft)');
    expect((await editor.entries.get({ id, versionStatus: 'published' })).sys.version?.versionNo).toBe('1.0');
    expect((await editor.entries.get({ id, version: '0.1' })).entryTitle).toBe('Lifecycle lecture');

    // Unpublish: gone from delivery; the draft stays.
    const unpublished = await editor.entries.invokeWorkflowByTrigger(draft, {
      event: '*.sysUnpublish',
      language: 'en-GB',
    });
    expect(unpublished.sys).toMatchObject({ isPublished: false, version: { versionNo: '1.1' } });
    expect(unpublished.sys.version).not.toHaveProperty('published');
    expect((await rejection(delivery.entries.get(id))).status).toBe(404);
    expect((await preview.entries.get(id)).entryTitle).toBe('Lifecycle lecture (draft)');

    // Publish again (2.0), add a Welsh variation, delete it alone, then everything for good.
    const republished = await editor.entries.invokeWorkflow(unpublished, 'publish');
    expect(republished.sys.version?.versionNo).toBe('2.0');
    const welsh = await editor.entries.create({
      ...newEvent('Darlith'),
      sys: { id, contentTypeId: 'event', language: 'cy' },
    });
    expect(welsh.sys).toMatchObject({
      id,
      language: 'cy',
      availableLanguages: ['en-GB', 'cy'],
      version: { versionNo: '0.1' },
    });
    expect((await editor.entries.get(id)).sys.availableLanguages).toEqual(['en-GB', 'cy']);
    expect((await delivery.entries.get(id)).sys.availableLanguages).toEqual(['en-GB', 'cy']);

    await editor.entries.delete(id, ['cy']);
    expect((await rejection(editor.entries.get({ id, language: 'cy' }))).status).toBe(404);
    expect((await editor.entries.get(id)).sys.availableLanguages).toEqual(['en-GB']);
    expect((await delivery.entries.get(id)).entryTitle).toBe('Lifecycle lecture (draft)');

    // Every variation: a client without a default language (the editor's 'en-GB' would scope the
    // delete to that variation, as the official SDK does).
    await managementClient(editorToken, null).entries.delete(id, null, true);
    expect((await rejection(editor.entries.get(id))).status).toBe(404);
    expect((await rejection(delivery.entries.get(id))).status).toBe(404);
    const deleted = new ManagementQuery(Op.equalTo('sys.id', id));
    deleted.includeDeleted = true;
    // The Welsh variation went to the recycle bin before; a permanent delete of all removes it too.
    expect((await editor.entries.search(deleted))!.totalCount).toBe(0);
    expect(storedLatest(id)).toBeUndefined();
  });

  it('keeps recycled entries out of delivery and lists but visible with includeDeleted', async () => {
    const created = await editor.entries.create(newEvent('Recycled lecture'));
    const id = created.sys.id;
    await editor.entries.invokeWorkflow(created, 'publish');
    expect((await delivery.entries.get(id)).entryTitle).toBe('Recycled lecture');

    await editor.entries.delete(id);
    expect((await rejection(delivery.entries.get(id))).status).toBe(404);
    expect((await rejection(editor.entries.get(id))).status).toBe(404);
    const listed = await editor.entries.list({ contentTypeId: 'event', pageOptions: { pageSize: 500 } });
    expect(listed.items.map((item) => item.sys.id)).not.toContain(id);
    const plain = new ManagementQuery(Op.equalTo('sys.id', id));
    expect((await editor.entries.search(plain))!.totalCount).toBe(0);

    const withDeleted = new ManagementQuery(Op.equalTo('sys.id', id));
    withDeleted.includeDeleted = true;
    const found = (await editor.entries.search(withDeleted))!;
    expect(found.totalCount).toBe(1);
    expect(found.items[0]!.sys.version).toMatchObject({ deletedBy: 'editor', deleted: expect.any(String) });
    const zenql = new ManagementZenqlQuery(`sys.id = ${id}`);
    zenql.includeDeleted = true;
    expect((await editor.entries.search(zenql))!.totalCount).toBe(1);
    // The temporary indexing of the bin leaves nothing behind.
    expect((await editor.entries.search(plain))!.totalCount).toBe(0);

    // Its id cannot be reused while it is in the bin; a permanent delete frees it.
    const reuse = await rejection(
      editor.entries.create({ ...newEvent('Again'), sys: { id, contentTypeId: 'event', language: 'en-GB' } }),
    );
    expect(reuse.status).toBe(409);
    await editor.entries.delete(id, ['en-GB'], true);
    expect((await editor.entries.search(withDeleted))!.totalCount).toBe(0);
    expect((await rejection(editor.entries.delete(id))).status).toBe(404);
  });
});

describe('usage', () => {
  it('lists the entries that link to an entry, and counts recycled ones', async () => {
    const person = await anyOf('person');
    const before = await editor.entries.getUsage({ id: person.sys.id });
    const article = await editor.entries.create({
      title: 'Usage probe',
      publishDate: '2030-01-01T09:00:00Z',
      category: 'Research',
      author: { sys: { id: person.sys.id } },
      sys: { contentTypeId: 'newsArticle', language: 'en-GB' },
    });
    expect(article.author).toEqual({
      sys: { id: person.sys.id, language: 'en-GB', dataFormat: 'entry', contentTypeId: 'person' },
    });
    const after = await editor.entries.getUsage({ id: person.sys.id, pageOptions: { pageSize: 100 } });
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.items).toContainEqual({
      id: article.sys.id,
      title: 'Usage probe',
      description: null,
      fieldId: 'author',
      contentTypeId: 'newsArticle',
      dataFormat: 'entry',
      language: 'en-GB',
      workflowState: 'draft',
    });
    expect(after).toMatchObject({ totalArchivedCount: 0, totalRecycleBinCount: before.totalRecycleBinCount });

    await editor.entries.delete(article.sys.id);
    const recycled = await editor.entries.getUsage({ id: person.sys.id });
    expect(recycled.totalCount).toBe(before.totalCount);
    expect(recycled.totalRecycleBinCount).toBe(before.totalRecycleBinCount + 1);
  });
});

describe('optimistic concurrency', () => {
  it('refuses an update from a stale version and leaves the entry as it was', async () => {
    const created = await editor.entries.create(newEvent('Stale check'));
    await editor.entries.update({ ...created, title: 'First writer' });
    const stale = await rejection(editor.entries.update({ ...created, title: 'Second writer' }));
    expect(stale.status).toBe(422);
    expect(stale.data).toMatchObject({
      type: 'Validation',
      message: expect.stringMatching(/latest version is 0\.2/),
    });
    expect(storedLatest(created.sys.id)).toMatchObject({ versionNo: '0.2', data: { title: 'First writer' } });
  });

  it('lets exactly one of twenty simultaneous updates from the same version through', async () => {
    const created = await editor.entries.create(newEvent('Race'));
    const attempts = Array.from({ length: 20 }, (_, i) =>
      raw('PUT', `/entries/${created.sys.id}`, JSON.stringify({ ...created, title: `Writer ${i}` })),
    );
    const responses = await Promise.all(attempts);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    const winner = responses.findIndex((response) => response.status === 200);
    const stored = storedLatest(created.sys.id)!;
    expect(stored.versionNo).toBe('0.2');
    expect(stored.data.title).toBe(`Writer ${winner}`);
    expect((await editor.entries.get(created.sys.id)).sys.version?.versionNo).toBe('0.2');
  });
});

describe('workflow', () => {
  it('refuses transitions the workflow does not allow and stale versions', async () => {
    const created = await editor.entries.create(newEvent('Workflow check'));
    const unpublish = await rejection(editor.entries.invokeWorkflow(created, 'sysUnpublish'));
    expect(unpublish.status).toBe(422);
    expect((unpublish.data as { message: string }).message).toMatch(/not allowed/);
    const submit = await rejection(editor.entries.invokeWorkflow(created, 'draft.submit'));
    expect(submit.status).toBe(422);
    const wrongState = await rejection(editor.entries.invokeWorkflow(created, 'versionComplete.publish'));
    expect(wrongState.status).toBe(422);
    const published = await editor.entries.invokeWorkflow(created, 'draft.publish');
    expect(published.sys.version?.versionNo).toBe('1.0');
    const again = await rejection(editor.entries.invokeWorkflow(published, 'publish'));
    expect(again.status).toBe(422);
    const stale = await rejection(editor.entries.invokeWorkflow(created, 'sysUnpublish'));
    expect(stale.status).toBe(422);
    expect((stale.data as { message: string }).message).toMatch(/latest version is 1\.0/);
    expect(storedLatest(created.sys.id)?.versionNo).toBe('1.0');
  });
});

describe('authorisation', () => {
  it('needs a bearer token, the right scope and a permission', async () => {
    const article = await anyOf('newsArticle');
    const anonymous = await fetch(
      `${origin}/api/management/projects/${platform.projectId}/entries/${article.sys.id}`,
    );
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      message: 'Authorization has been denied for this request.',
    });

    const member = managementClient(issueTestToken(platform.db, 'member'));
    expect((await rejection(member.entries.get(article.sys.id))).status).toBe(403);
    expect((await rejection(member.entries.create(newEvent('Member')))).status).toBe(403);

    const readOnly = managementClient(issueTestToken(platform.db, 'editor', { scopes: ['Entry_Read'] }));
    expect((await readOnly.entries.get(article.sys.id)).sys.id).toBe(article.sys.id);
    const denied = await rejection(readOnly.entries.create(newEvent('No scope')));
    expect(denied.status).toBe(403);
    expect((denied.data as { message: string }).message).toMatch(/Entry_Write/);
    expect((await rejection(readOnly.entries.delete(article.sys.id))).status).toBe(403);

    // The site's API client may read but not write.
    const website = managementClient(issueTestToken(platform.db, { clientId: 'canopy-website' }));
    expect((await website.entries.get(article.sys.id)).sys.id).toBe(article.sys.id);
    expect((await rejection(website.entries.update({ ...article, title: 'Hijacked' }))).status).toBe(403);
    expect(storedLatest(article.sys.id)?.data.title).toBe(article.title);
  });
});

describe('bad input', () => {
  it('answers 4xx with a message and changes nothing', async () => {
    const created = await editor.entries.create(newEvent('Guarded'));
    const id = created.sys.id;
    const before = storedLatest(id);
    const put = (body: unknown) => raw('PUT', `/entries/${id}`, JSON.stringify(body));
    const cases: [Promise<Response>, number, RegExp][] = [
      [raw('PUT', `/entries/${id}`, '{"title": "broken'), 400, /not valid JSON/],
      [raw('PUT', `/entries/${id}`, '[1,2]'), 400, /JSON entry/],
      [put({ ...created, bookingRequired: 'yes' }), 422, /bookingRequired.*boolean/],
      [put({ ...created, title: 42 }), 422, /title.*string/],
      [put({ ...created, nonsense: 1 }), 422, /nonsense.*not defined/],
      [put({ ...created, title: 'x'.repeat(201) }), 422, /at most 200 characters/],
      [put({ ...created, summary: 'y'.repeat(250_000) }), 422, /longer than 200000/],
      [put({ ...created, category: 'Picnic' }), 422, /must be one of/],
      [put({ ...created, title: '' }), 422, /Title is required/],
      [put({ ...created, location: { lat: 200, lon: 0 } }), 422, /location/],
      [
        put({ ...created, heroImage: { asset: { sys: { id: 'f00' } }, altText: 'x' } }),
        422,
        /does not exist/,
      ],
      [put({ ...created, sys: { ...created.sys, language: 'xx' } }), 422, /not supported/],
      [put({ ...created, sys: { ...created.sys, version: { versionNo: 'one' } } }), 422, /versionNo/],
      [
        raw(
          'PUT',
          '/entries/00000000-0000-4000-8000-000000000000',
          JSON.stringify({ ...created, sys: { ...created.sys, id: undefined } }),
        ),
        404,
        /could not be found/,
      ],
      [
        raw(
          'POST',
          '/entries',
          JSON.stringify({ title: 'x', sys: { contentTypeId: 'nope', language: 'en-GB' } }),
        ),
        422,
        /content type 'nope' does not exist/,
      ],
      [
        raw(
          'POST',
          '/entries',
          JSON.stringify({ title: 'x', sys: { contentTypeId: 'event', language: 'fr-FR' } }),
        ),
        422,
        /not supported/,
      ],
      [
        raw(
          'POST',
          '/entries',
          JSON.stringify({
            title: 'x',
            sys: { contentTypeId: 'event', language: 'en-GB', id: 'not-a-guid' },
          }),
        ),
        422,
        /GUID/,
      ],
      [
        raw(
          'POST',
          '/entries',
          JSON.stringify({ ...newEvent('Dup'), sys: { id, contentTypeId: 'event', language: 'en-GB' } }),
        ),
        409,
        /already exists/,
      ],
      [
        raw('POST', `/entries/${id}/workflow/events`, JSON.stringify({ language: 'en-GB', version: '0.1' })),
        422,
        /event/,
      ],
      [raw('DELETE', `/entries/${id}?language=en-GB,cy`), 404, /no 'cy' variation/],
      [raw('DELETE', `/entries/${id}?language=en-GB,zz`), 422, /not supported/],
      [raw('GET', `/entries/${id}?versionStatus=sometimes`), 400, /versionStatus/],
      [raw('GET', `/entries/${'a'.repeat(300)}`), 400, /too long/],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      const body = (await response.json()) as { message: string };
      expect({ status: response.status, message: body.message }).toEqual({
        status,
        message: expect.stringMatching(message),
      });
    }
    const validation = await put({ ...created, bookingRequired: 'yes', title: 7 });
    expect(await validation.json()).toMatchObject({
      type: 'Validation',
      data: expect.arrayContaining([
        { field: 'bookingRequired', message: expect.any(String) },
        { field: 'title', message: expect.any(String) },
      ]),
    });
    expect(storedLatest(id)).toEqual(before);
    expect((await editor.entries.get(id)).sys.availableLanguages).toEqual(['en-GB']);
  });
});

describe('assets', () => {
  const svg = (label: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><title>${label}</title></svg>`;

  it('uploads a file, creates the asset entry and serves the file once published', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'canopy-asset-'));
    try {
      const first = join(folder, 'Harbour at dusk.svg');
      writeFileSync(first, svg('first'));
      const created = await editor.entries.createAsset(
        { title: 'Harbour at dusk', altText: 'The harbour', sys: { language: 'en-GB' } },
        first,
        '/uploads/images',
      );
      expect(created.sys).toMatchObject({
        contentTypeId: 'image',
        dataFormat: 'asset',
        uri: '/image-library/uploads/images/Harbour-at-dusk.svg',
        properties: {
          filename: 'Harbour-at-dusk.svg',
          fileSize: svg('first').length,
          filePath: '/image-library/uploads/images/',
        },
        version: { versionNo: '0.1' },
      });
      expect(created).not.toHaveProperty('sysAssetFile');
      const published = await editor.entries.invokeWorkflow(created, 'publish');
      const served = await delivery.entries.get(created.sys.id);
      expect(served.sys.uri).toBe('/image-library/uploads/images/Harbour-at-dusk.svg');
      expect(served.entryThumbnail).toMatchObject({
        asset: { sys: { id: created.sys.id, uri: served.sys.uri } },
      });
      const file = await fetch(`${origin}${served.sys.uri}`);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(svg('first'));

      // A new file goes to the draft; the published version keeps its own.
      const second = join(folder, 'Harbour at dusk.svg');
      writeFileSync(second, svg('second'));
      const updated = await editor.entries.updateAsset(published, second);
      expect(updated.sys).toMatchObject({
        uri: '/image-library/uploads/images/Harbour-at-dusk-2.svg',
        version: { versionNo: '1.1' },
      });
      expect(await (await fetch(`${origin}${updated.sys.uri}`)).text()).toBe(svg('second'));
      expect((await delivery.entries.get(created.sys.id)).sys.uri).toBe(served.sys.uri);
      expect(await (await fetch(`${origin}${served.sys.uri}`)).text()).toBe(svg('first'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses uploads without rights or files, and unknown file ids', async () => {
    const upload = (token: string | null, body: BodyInit, type?: string) =>
      fetch(`${origin}/api/management/projects/${platform.projectId}/assets`, {
        method: 'POST',
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(type ? { 'Content-Type': type } : {}),
        },
        body,
      });
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob(['hello']), 'hello.txt');
      return data;
    };
    expect((await upload(null, form())).status).toBe(401);
    expect((await upload(issueTestToken(platform.db, 'member'), form())).status).toBe(403);
    expect((await upload(editorToken, '{}', 'application/json')).status).toBe(415);
    const empty = new FormData();
    empty.append('note', 'no file here');
    expect((await upload(editorToken, empty)).status).toBe(400);
    expect((await upload(editorToken, 'garbage', 'multipart/form-data; boundary=x')).status).toBe(400);
    const accepted = await upload(editorToken, form());
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toEqual([{ fileId: expect.stringMatching(/^[0-9a-f-]{36}\.txt$/) }]);

    const unknown = await rejection(
      editor.entries.create({
        title: 'Ghost',
        sysAssetFile: { fileId: 'nope.txt' },
        sys: { dataFormat: 'asset', language: 'en-GB' },
      }),
    );
    expect(unknown.status).toBe(422);
    expect((unknown.data as { message: string }).message).toMatch(/No uploaded file/);
    const withoutFile = await rejection(
      editor.entries.create({ title: 'No file', sys: { contentTypeId: 'document', language: 'en-GB' } }),
    );
    expect(withoutFile.status).toBe(422);
  });
});

describe('deleting entries that nodes point at', () => {
  it('keeps the node working without its entry', async () => {
    const course = (await delivery.entries.list({ contentTypeId: 'course', pageOptions: { pageSize: 1 } }))
      .items[0]!;
    const path = course.sys.uri!;
    expect((await delivery.nodes.get({ path })).entry?.sys.id).toBe(course.sys.id);
    await editor.entries.delete(course.sys.id, null, true);
    const node = await delivery.nodes.get({ path });
    expect(node.path).toBe(path);
    expect(node.entry).toBeUndefined();
  });
});
