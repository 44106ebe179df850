import { describe, expect, it } from 'vitest';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';

const { server, client } = useDeliveryServer();

describe('project and content types', () => {
  it('project.get reads the project resource', async () => {
    server().respond({ body: { id: 'website', primaryLanguage: 'en-GB' } });
    await expect(client().project.get()).resolves.toMatchObject({ id: 'website' });
    expect(server().last()).toMatchObject({ method: 'GET', path: ROOT, query: {} });
  });

  it('contentTypes.get reads one content type', async () => {
    await client({ language: 'cy' }).contentTypes.get('course');
    expect(server().last()).toMatchObject({ path: `${ROOT}/contentTypes/course`, query: {} });
    await client().contentTypes.get({ id: 'news article' });
    expect(server().last().rawPath).toBe(`${ROOT}/contentTypes/news%20article`);
  });
});

describe('entries.get', () => {
  it('sends the configured language and, for preview, versionStatus=latest', async () => {
    await client({ language: 'en-US' }).entries.get('1');
    expect(server().last()).toMatchObject({ path: `${ROOT}/entries/1`, query: { language: 'en-US' } });
    await client({ language: 'en-US', versionStatus: 'latest' }).entries.get('1');
    expect(server().last().query).toEqual({ language: 'en-US', versionStatus: 'latest' });
    await client().entries.get('1');
    expect(server().last().rawQuery).toBe('');
  });

  it('sends every option, sorted and encoded', async () => {
    await client({ language: 'en-US' }).entries.get({
      id: '1',
      language: 'de',
      linkDepth: 99,
      fields: ['title'],
      fieldLinkDepths: { linkField: 1 },
    });
    expect(server().last().rawQuery).toBe(
      'fieldLinkDepths=%7B%22linkField%22%3A1%7D&fields=title&language=de&linkDepth=99',
    );
  });

  it('encodes the entry id into one path segment', async () => {
    await client().entries.get('../../x?y');
    expect(server().last().rawPath).toBe(`${ROOT}/entries/..%2F..%2Fx%3Fy`);
  });
});

describe('entries.list', () => {
  it('lists a content type with the default paging', async () => {
    await client({ language: 'en-US' }).entries.list('cheese');
    expect(server().last().rawPath).toBe(`${ROOT}/contentTypes/cheese/entries`);
    expect(server().last().rawQuery).toBe('language=en-US&pageIndex=0&pageSize=25');
    await client({ language: 'en-US', versionStatus: 'latest' }).entries.list('cheese');
    expect(server().last().rawQuery).toBe('language=en-US&pageIndex=0&pageSize=25&versionStatus=latest');
  });

  it('sends every list option', async () => {
    await client({ language: 'en-US' }).entries.list({
      contentTypeId: 'cheese',
      pageOptions: { pageIndex: 5, pageSize: 100 },
      language: 'en-GB',
      linkDepth: 1,
      order: ['title', '-sys.version.published'],
      fields: ['title'],
      fieldLinkDepths: { linkField: 1 },
    });
    expect(server().last().query).toEqual({
      fieldLinkDepths: '{"linkField":1}',
      fields: 'title',
      language: 'en-GB',
      linkDepth: '1',
      order: 'title,-sys.version.published',
      pageIndex: '5',
      pageSize: '100',
    });
  });

  it('lists every entry without a content type', async () => {
    await client().entries.list({});
    expect(server().last()).toMatchObject({ path: `${ROOT}/entries`, rawQuery: 'pageIndex=0&pageSize=25' });
    await client({ pageSize: 10 }).entries.list();
    expect(server().last().query).toEqual({ pageIndex: '0', pageSize: '10' });
  });
});
