import type { Client, Component, ContentType, ManagementClient } from '@canopy/client';
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

// Content types and components through @canopy/client; published content types through delivery.
let platform: RunningPlatform;
let adminToken: string;
let admin: ManagementClient;
let delivery: Client;
const events: PlatformEvent[] = [];

const SEEDED = [
  'booking',
  'contentPage',
  'cookieConsent',
  'course',
  'document',
  'event',
  'homePage',
  'image',
  'newsArticle',
  'person',
  'searchPage',
];

beforeAll(async () => {
  ({ platform, adminToken, admin } = await startManagementTestbed(events));
  delivery = deliveryClient(platform);
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** A small content type body; `extra` overrides. */
function faq(id: string, extra: Record<string, unknown> = {}): ContentType {
  return {
    id,
    projectId: 'website',
    name: { 'en-GB': 'Question', cy: 'Cwestiwn' },
    dataFormat: 'entry',
    defaultLanguage: 'en-GB',
    supportedLanguages: ['en-GB', 'cy'],
    entryTitleField: 'question',
    fields: [
      { id: 'question', name: { 'en-GB': 'Question' }, dataType: 'string', validations: { required: {} } },
      { id: 'answer', name: { 'en-GB': 'Answer' }, dataType: 'string', dataFormat: 'html' },
    ],
    ...extra,
  } as ContentType;
}

/** What the platform stores for definitions (to show a refused write changed nothing). */
function storedDefinitions(): unknown[] {
  return platform.db
    .prepare(
      'SELECT kind, id, major, minor, is_latest, is_published, data FROM definition_versions ORDER BY 1, 2, 3, 4',
    )
    .all();
}

describe('reading content types', () => {
  it('lists the seeded content types, by data format and status', async () => {
    const all = await admin.contentTypes.list();
    expect(all.map((ct) => ct.id)).toEqual(SEEDED);
    expect(all.find((ct) => ct.id === 'newsArticle')).toEqual(await delivery.contentTypes.get('newsArticle'));
    expect((await admin.contentTypes.list({ dataFormat: 'asset' })).map((ct) => ct.id)).toEqual([
      'document',
      'image',
    ]);
    expect((await admin.contentTypes.list({ versionStatus: 'published' })).map((ct) => ct.id)).toEqual(
      SEEDED,
    );
  });

  it('gets one by id, status or version', async () => {
    const article = await admin.contentTypes.get('newsArticle');
    expect(article).toMatchObject({ id: 'newsArticle', dataFormat: 'entry', version: { versionNo: '1.0' } });
    expect(await admin.contentTypes.get({ id: 'newsArticle', versionStatus: 'published' })).toEqual(article);
    expect(await admin.contentTypes.get({ id: 'newsArticle', version: '1.0' })).toEqual(article);
    await expectStatus(admin.contentTypes.get({ id: 'newsArticle', version: '4.2' }), 404);
    await expectStatus(admin.contentTypes.get({ id: 'newsArticle', version: 'one' }), 400);
    await expectStatus(admin.contentTypes.get('nothing'), 404);
  });
});

describe('content type lifecycle', () => {
  it('creates a draft that delivery does not serve until it is published', async () => {
    const created = await admin.contentTypes.create(faq('faq'));
    expect(created).toMatchObject({
      id: 'faq',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      projectId: 'website',
      enabled: true,
      workflowId: 'contensisEntryBasic',
      entryTitleField: 'question',
      fields: [
        { id: 'question', description: {}, dataFormat: null, validations: { required: {} } },
        { id: 'answer', dataFormat: 'html' },
      ],
      version: { versionNo: '0.1', createdBy: 'admin', modifiedBy: 'admin' },
    });
    expect(created.version).not.toHaveProperty('published');
    expect(await admin.contentTypes.get('faq')).toEqual(created);
    expect((await admin.contentTypes.list()).map((ct) => ct.id)).toContain('faq');
    expect((await admin.contentTypes.list({ versionStatus: 'published' })).map((ct) => ct.id)).not.toContain(
      'faq',
    );
    await expectStatus(admin.contentTypes.get({ id: 'faq', versionStatus: 'published' }), 404);
    await expectStatus(delivery.contentTypes.get('faq'), 404);
    expect(events.at(-1)).toMatchObject({ resourceType: 'contentType', event: 'created', resourceId: 'faq' });

    const updated = await admin.contentTypes.update({ ...created, name: { 'en-GB': 'FAQ' } });
    expect(updated).toMatchObject({
      name: { 'en-GB': 'FAQ' },
      uuid: created.uuid,
      version: { versionNo: '0.2' },
    });

    const published = await admin.contentTypes.invokeWorkflow(updated, 'publish');
    expect(published).toMatchObject({
      name: { 'en-GB': 'FAQ' },
      version: { versionNo: '1.0', publishedBy: 'admin', published: expect.any(String) },
    });
    expect(events.at(-1)).toMatchObject({
      resourceType: 'contentType',
      event: 'published',
      resourceId: 'faq',
    });
    expect(await delivery.contentTypes.get('faq')).toEqual(published);
    expect(await admin.contentTypes.get({ id: 'faq', version: '0.1' })).toEqual(created);
  });

  it('keeps serving the published version while a newer draft exists', async () => {
    const published = await admin.contentTypes.get('faq');
    const draft = await admin.contentTypes.update({
      ...published,
      fields: [...published.fields, { id: 'topic', name: { 'en-GB': 'Topic' }, dataType: 'string' }],
    });
    expect(draft.version).toMatchObject({ versionNo: '1.1' });
    expect(draft.version).not.toHaveProperty('publishedBy');
    expect(await delivery.contentTypes.get('faq')).toEqual(published);
    expect(await admin.contentTypes.get({ id: 'faq', versionStatus: 'published' })).toEqual(published);
    expect(
      (await admin.contentTypes.list({ versionStatus: 'published' })).find((ct) => ct.id === 'faq'),
    ).toEqual(published);
    const second = await admin.contentTypes.invokeWorkflow(draft, 'publish');
    expect(second.version).toMatchObject({ versionNo: '2.0' });
    expect((await delivery.contentTypes.get('faq')).fields.map((field) => field.id)).toEqual([
      'question',
      'answer',
      'topic',
    ]);
    // Publishing the published version again changes nothing.
    expect(await admin.contentTypes.invokeWorkflow(second, 'publish')).toEqual(second);
  });

  it('publishes a change to a seeded content type; its entries are still served', async () => {
    const article = await admin.contentTypes.get('newsArticle');
    const draft = await admin.contentTypes.update({
      ...article,
      fields: [
        ...article.fields,
        { id: 'readingTime', name: { 'en-GB': 'Reading time' }, dataType: 'integer' },
      ],
    });
    expect(draft.version).toMatchObject({ versionNo: '1.1', createdBy: 'canopy' });
    expect((await delivery.contentTypes.get('newsArticle')).fields.map((f) => f.id)).not.toContain(
      'readingTime',
    );
    await admin.contentTypes.invokeWorkflow(draft, 'publish');
    const served = await delivery.contentTypes.get('newsArticle');
    expect(served.version).toMatchObject({ versionNo: '2.0' });
    expect(served.fields.map((f) => f.id)).toContain('readingTime');
    const list = await delivery.entries.list({ contentTypeId: 'newsArticle', pageOptions: { pageSize: 2 } });
    expect(list.items).toHaveLength(2);
  });

  it('refuses stale versions and bad workflow events (422), changing nothing', async () => {
    const current = await admin.contentTypes.get('faq');
    const stale = { ...current, version: { ...current.version!, versionNo: '1.1' } };
    const before = storedDefinitions();
    expect(
      await expectStatus(admin.contentTypes.update({ ...stale, name: { 'en-GB': 'Late' } }), 422),
    ).toMatch(/changed since version 1\.1/);
    await expectStatus(admin.contentTypes.invokeWorkflow(stale, 'publish'), 422);
    await expectStatus(admin.contentTypes.invokeWorkflow(current, 'archive'), 422);
    const post = (body: unknown) =>
      rawRequest(platform, adminToken, 'POST', '/contenttypes/faq/workflow/events', JSON.stringify(body));
    expect((await post({ event: 'publish', version: '2.0', language: 'fr' })).status).toBe(422);
    expect((await post({ event: 'publish' })).status).toBe(422);
    expect((await post({ event: 5, version: '2.0' })).status).toBe(422);
    expect((await post(['publish'])).status).toBe(400);
    expect((await post({ event: 'publish', version: '2.0' })).status).toBe(200);
    expect(storedDefinitions()).toEqual(before);
    await expectStatus(admin.contentTypes.invokeWorkflow({ ...current, id: 'nothing' }, 'publish'), 404);
  });

  it('deletes a content type without entries, and refuses (409) one with entries', async () => {
    await admin.contentTypes.create(faq('shortLived'));
    const published = await admin.contentTypes.invokeWorkflow(
      await admin.contentTypes.get('shortLived'),
      'publish',
    );
    expect((await delivery.contentTypes.get('shortLived')).version).toEqual(published.version);
    await admin.contentTypes.delete('shortLived');
    await expectStatus(admin.contentTypes.get('shortLived'), 404);
    await expectStatus(admin.contentTypes.get({ id: 'shortLived', version: '0.1' }), 404);
    await expectStatus(delivery.contentTypes.get('shortLived'), 404);
    expect(events.at(-1)).toMatchObject({
      resourceType: 'contentType',
      event: 'deleted',
      resourceId: 'shortLived',
    });
    await expectStatus(admin.contentTypes.delete('shortLived'), 404);

    expect(await expectStatus(admin.contentTypes.delete('course'), 409)).toMatch(/entries use it/);
    expect((await delivery.contentTypes.get('course')).id).toBe('course');
    expect((await admin.contentTypes.get('course')).id).toBe('course');
  });
});

describe('content type validation', () => {
  it('refuses invalid definitions with a message and stores nothing', async () => {
    const before = storedDefinitions();
    const field = { id: 'title', name: { 'en-GB': 'Title' }, dataType: 'string' };
    const cases: [unknown, number][] = [
      [{ name: { 'en-GB': 'No id' }, fields: [] }, 422],
      [{ id: 'has-dash', name: 'x', fields: [] }, 422],
      [{ id: 'x'.repeat(300), name: 'x', fields: [] }, 422],
      [{ id: 'noName', fields: [] }, 422],
      [{ id: 'longName', name: { 'en-GB': 'n'.repeat(300) }, fields: [] }, 422],
      [{ id: 'frenchName', name: { fr: 'Nom' }, fields: [] }, 422],
      [{ id: 'fieldsNotList', name: 'x', fields: { title: field } }, 422],
      [{ id: 'badType', name: 'x', fields: [{ ...field, dataType: 'text' }] }, 422],
      [{ id: 'noFieldName', name: 'x', fields: [{ id: 'title', dataType: 'string' }] }, 422],
      [{ id: 'badFieldId', name: 'x', fields: [{ ...field, id: '1st' }] }, 422],
      [{ id: 'reserved', name: 'x', fields: [{ ...field, id: 'sys' }] }, 422],
      [{ id: 'twice', name: 'x', fields: [field, { ...field, id: 'Title' }] }, 422],
      [{ id: 'badTitle', name: 'x', fields: [field], entryTitleField: 'headline' }, 422],
      [{ id: 'asComponent', name: 'x', fields: [field], dataFormat: 'component' }, 422],
      [{ id: 'badFormat', name: 'x', fields: [field], dataFormat: 'page' }, 422],
      [{ id: 'badLanguage', name: 'x', fields: [field], defaultLanguage: 'fr' }, 422],
      [
        {
          id: 'badGroup',
          name: 'x',
          fields: [{ ...field, groupId: 'side' }],
          groups: [{ id: 'main', name: 'Main' }],
        },
        422,
      ],
      [
        {
          id: 'badComponent',
          name: 'x',
          fields: [{ ...field, dataType: 'object', dataFormat: 'component.nope' }],
        },
        422,
      ],
      [{ id: 'badValidations', name: 'x', fields: [{ ...field, validations: { required: true } }] }, 422],
      [{ id: 'badParent', name: 'x', fields: [field], defaultParentNodeId: 'nowhere' }, 422],
      [{ id: 'newsArticle', name: 'x', fields: [field] }, 409],
      [{ id: 'NEWSARTICLE', name: 'x', fields: [field] }, 409],
      [[{ id: 'array', name: 'x', fields: [] }], 400],
    ];
    for (const [body, status] of cases) {
      const response = await rawRequest(platform, adminToken, 'POST', '/contenttypes', JSON.stringify(body));
      expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(status);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await rawRequest(platform, adminToken, 'POST', '/contenttypes', '{"id": ')).status).toBe(400);
    const validation = await rawRequest(
      platform,
      adminToken,
      'POST',
      '/contenttypes',
      JSON.stringify(cases[7]![0]),
    );
    expect(validation.body.data).toEqual([
      { field: 'fields[0].dataType', message: expect.stringContaining('text') },
    ]);
    expect(validation.body.type).toBe('Validation');
    expect(storedDefinitions()).toEqual(before);
  });

  it('keeps the id and data format of a content type', async () => {
    const current = await admin.contentTypes.get('faq');
    const before = storedDefinitions();
    const put = (body: unknown) =>
      rawRequest(platform, adminToken, 'PUT', '/contenttypes/faq', JSON.stringify(body));
    expect((await put({ ...current, id: 'faq2' })).status).toBe(422);
    expect((await put({ ...current, dataFormat: 'asset' })).status).toBe(422);
    expect((await put({ ...current, fields: 'none' })).status).toBe(422);
    expect((await put({ ...current, version: { versionNo: 'latest' } })).status).toBe(422);
    expect(storedDefinitions()).toEqual(before);
    await expectStatus(admin.contentTypes.update({ ...current, id: 'nothing' }), 404);
  });
});

describe('components', () => {
  function address(extra: Record<string, unknown> = {}): Component {
    return {
      id: 'address',
      name: { 'en-GB': 'Address' },
      fields: [
        { id: 'street', name: { 'en-GB': 'Street' }, dataType: 'string' },
        { id: 'postcode', name: { 'en-GB': 'Postcode' }, dataType: 'string' },
      ],
      ...extra,
    } as Component;
  }

  it('creates, updates, publishes and reads components; delivery never serves them', async () => {
    expect(await admin.components.list()).toEqual([]);
    const created = await admin.components.create(address({ canBeAddedAsChildComponent: true }));
    expect(created).toMatchObject({
      id: 'address',
      dataFormat: 'component',
      projectId: 'website',
      canBeAddedAsChildComponent: true,
      version: { versionNo: '0.1' },
    });
    expect(created).not.toHaveProperty('entryTitleField');
    expect(events.at(-1)).toMatchObject({
      resourceType: 'component',
      event: 'created',
      resourceId: 'address',
    });
    expect(await admin.components.list('published')).toEqual([]);
    const updated = await admin.components.update({
      ...created,
      description: { 'en-GB': 'A postal address' },
    });
    expect(updated.version).toMatchObject({ versionNo: '0.2' });
    const published = await admin.components.invokeWorkflow(updated, 'publish');
    expect(published.version).toMatchObject({ versionNo: '1.0', publishedBy: 'admin' });
    expect(await admin.components.list('published')).toEqual([published]);
    expect(await admin.components.get({ id: 'address', versionStatus: 'published' })).toEqual(published);
    expect(await admin.components.get({ id: 'address', version: '0.1' })).toEqual(created);
    // Components are not content types: neither list nor delivery shows them.
    expect((await admin.contentTypes.list()).map((ct) => ct.id)).not.toContain('address');
    await expectStatus(admin.contentTypes.get('address'), 404);
    await expectStatus(delivery.contentTypes.get('address'), 404);
    const body = JSON.stringify({ version: '1.0', event: 'publish', data: null });
    expect(
      (await rawRequest(platform, adminToken, 'POST', '/components/address/workflow/events', body)).status,
    ).toBe(200);
  });

  it('lets fields use components, and refuses unknown components, cycles and deleting one in use', async () => {
    await admin.components.create(
      address({ id: 'contact', fields: [{ id: 'email', name: 'Email', dataType: 'string' }] }),
    );
    const venue = await admin.contentTypes.create(
      faq('venueInfo', {
        fields: [
          { id: 'question', name: { 'en-GB': 'Name' }, dataType: 'string' },
          {
            id: 'location',
            name: { 'en-GB': 'Location' },
            dataType: 'object',
            dataFormat: 'component.address',
          },
        ],
      }),
    );
    expect(venue.fields[1]).toMatchObject({ dataFormat: 'component.address' });
    const before = storedDefinitions();
    expect(await expectStatus(admin.components.delete('address'), 409)).toMatch(/venueInfo/);
    const usesContact = {
      id: 'card',
      dataType: 'object',
      dataFormat: 'component.contact',
      name: { 'en-GB': 'Card' },
    };
    const usesAddress = {
      id: 'home',
      dataType: 'object',
      dataFormat: 'component.address',
      name: { 'en-GB': 'Home' },
    };
    const contact = await admin.components.get('contact');
    const address1 = await admin.components.get('address');
    await admin.components.update({ ...contact, fields: [...contact.fields, usesAddress] });
    const afterLink = storedDefinitions();
    await expectStatus(
      admin.components.update({ ...address1, fields: [...address1.fields, usesContact] }),
      422,
    );
    await expectStatus(
      admin.components.update({
        ...address1,
        fields: [
          { id: 'self', dataType: 'object', dataFormat: 'component.address', name: { 'en-GB': 'Self' } },
        ],
      }),
      422,
    );
    await expectStatus(
      admin.components.create(
        address({ id: 'broken', fields: [{ ...usesAddress, dataFormat: 'component.nowhere' }] }),
      ),
      422,
    );
    await expectStatus(admin.components.create(address({ dataFormat: 'entry', id: 'wrongFormat' })), 422);
    await expectStatus(admin.components.create(address()), 409);
    expect(storedDefinitions()).toEqual(afterLink);
    expect(afterLink.length).toBe(before.length + 1);
    await admin.contentTypes.delete('venueInfo');
    await expectStatus(admin.components.delete('address'), 409);
    await admin.components.delete('contact');
    await admin.components.delete('address');
    expect(await admin.components.list()).toEqual([]);
  });
});

describe('access', () => {
  it('needs a token (401), the content type scopes (403) and role permissions (403)', async () => {
    await expectStatus(clientWithToken(platform, null).contentTypes.list(), 401);
    const noRead = clientFor(platform, 'admin', { scopes: ['Entry_Read'] });
    await expectStatus(noRead.contentTypes.list(), 403);
    await expectStatus(noRead.components.list(), 403);
    const readOnly = clientFor(platform, 'admin', { scopes: ['ContentType_Read'] });
    expect((await readOnly.contentTypes.get('faq')).id).toBe('faq');
    await expectStatus(readOnly.contentTypes.create(faq('scoped')), 403);
    const noDelete = clientFor(platform, 'admin', { scopes: ['ContentType_Write'] });
    await expectStatus(noDelete.contentTypes.delete('faq'), 403);
    // Editors may view content types (role "Content editors") but not change them.
    const editor = clientFor(platform, 'editor');
    expect((await editor.contentTypes.list()).length).toBeGreaterThan(SEEDED.length);
    const faqType = await editor.contentTypes.get('faq');
    await expectStatus(editor.contentTypes.create(faq('byEditor')), 403);
    await expectStatus(editor.contentTypes.update({ ...faqType, name: { 'en-GB': 'Edited' } }), 403);
    await expectStatus(editor.contentTypes.invokeWorkflow(faqType, 'publish'), 403);
    await expectStatus(editor.contentTypes.delete('faq'), 403);
    const member = clientFor(platform, 'member');
    await expectStatus(member.contentTypes.list(), 403);
    await expectStatus(member.components.list(), 403);
    expect(await admin.contentTypes.get('faq')).toEqual(faqType);
    await expectStatus(admin.contentTypes.get('byEditor'), 404);
  });
});
