import { describe, expect, it } from 'vitest';
import { Op } from '../query/op.js';
import { OrderBy } from '../query/order-by.js';
import { Query } from '../query/query.js';
import { ZenqlQuery } from '../query/zenql-query.js';
import { ROOT, useDeliveryServer } from '../test-support/delivery-fixture.js';

const { server, client } = useDeliveryServer();

/** The GET URL (path and query) the contract prescribes for a one-clause title query. */
function expectedGetUrl(value: string): string {
  const where = encodeURIComponent(JSON.stringify([{ field: 'title', equalTo: value }]));
  return `${ROOT}/entries/search?pageIndex=0&pageSize=20&where=${where}`;
}

describe('entries.search (GET)', () => {
  it('sends the query as sorted, encoded GET parameters with the search content type', async () => {
    const query = new Query(
      Op.equalTo('sys.contentTypeId', 'movie'),
      Op.freeText('title', 'dark knight', true, 'or'),
    );
    query.orderBy = OrderBy.desc('releaseDate').asc('title');
    query.pageSize = 10;
    query.fields = ['entryTitle', 'releaseDate'];
    query.fieldLinkDepths = { director: 1 };
    query.aggregations = { genres: { field: 'genre', size: 10 } };
    server().respond({ body: { pageIndex: 0, pageSize: 10, totalCount: 0, pageCount: 0, items: [] } });
    await expect(client({ language: 'cy' }).entries.search(query, 2)).resolves.toMatchObject({
      totalCount: 0,
    });
    const request = server().last();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`${ROOT}/entries/search`);
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(request.query)).toEqual([
      'aggregations',
      'fieldLinkDepths',
      'fields',
      'linkDepth',
      'orderBy',
      'pageIndex',
      'pageSize',
      'where',
    ]);
    expect(JSON.parse(request.query.aggregations!)).toEqual({ genres: { field: 'genre', size: 10 } });
    expect(JSON.parse(request.query.fieldLinkDepths!)).toEqual({ director: 1 });
    expect(request.query.fields).toBe('entryTitle,releaseDate');
    expect(request.query.linkDepth).toBe('2');
    expect(JSON.parse(request.query.orderBy!)).toEqual([{ desc: 'releaseDate' }, { asc: 'title' }]);
    expect(request.query.pageIndex).toBe('0');
    expect(request.query.pageSize).toBe('10');
    expect(JSON.parse(request.query.where!)).toEqual([
      { field: 'sys.contentTypeId', equalTo: 'movie' },
      { field: 'title', freeText: { term: 'dark knight', fuzzy: true, operator: 'or' } },
    ]);
    // Neither language nor versionStatus travel with a search (contract §1.6.4).
    expect(request.query.language).toBeUndefined();
  });

  it('accepts a plain object query and applies the config page size', async () => {
    await client().entries.search({ orderBy: ['-releaseDate'] });
    expect(server().last().query).toEqual({
      orderBy: '["-releaseDate"]',
      pageIndex: '0',
      pageSize: '25',
      where: '[]',
    });
  });

  it('resolves null for a falsy query without a request', async () => {
    await expect(client().entries.search(null)).resolves.toBeNull();
    expect(server().requests).toHaveLength(0);
  });
});

describe('entries.search GET/POST switch', () => {
  it('stays GET at exactly the limit and posts one character past it', async () => {
    const value = 'x'.repeat(300);
    const url = expectedGetUrl(value);
    const at = client({ searchUrlLimit: url.length });
    await at.entries.search(new Query(Op.equalTo('title', value)));
    expect(server().last().method).toBe('GET');
    expect(`${server().last().rawPath}?${server().last().rawQuery}`).toBe(url);

    const below = client({ searchUrlLimit: url.length - 1 });
    const query = new Query(Op.equalTo('title', value));
    query.fieldLinkDepths = { author: 1 };
    await below.entries.search(query, 3);
    const post = server().last();
    expect(post.method).toBe('POST');
    expect(post.path).toBe(`${ROOT}/entries/search`);
    expect(post.query).toEqual({ fieldLinkDepths: '{"author":1}', linkDepth: '3' });
    expect(post.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(post.body)).toEqual({
      pageIndex: 0,
      pageSize: 20,
      where: [{ field: 'title', equalTo: value }],
    });
  });

  it('uses 8000 characters by default', async () => {
    const base = expectedGetUrl('').length;
    const exact = 'y'.repeat(8000 - base);
    await client().entries.search(new Query(Op.equalTo('title', exact)));
    expect(server().last().method).toBe('GET');
    expect(`${server().last().rawPath}?${server().last().rawQuery}`).toHaveLength(8000);
    await client().entries.search(new Query(Op.equalTo('title', `${exact}y`)));
    expect(server().last().method).toBe('POST');
  });
});

describe('entries.search (ZenQL)', () => {
  it('sends ZenQL to the list endpoint and never switches to POST', async () => {
    const query = new ZenqlQuery('sys.contentTypeId = plant and sys.version.created >= startOfWeek()');
    await client().entries.search(query, 99);
    expect(server().last().rawPath).toBe(`${ROOT}/entries`);
    expect(server().last().rawQuery).toBe(
      'linkDepth=99&pageIndex=0&pageSize=20&zenql=sys.contentTypeId%20%3D%20plant%20and%20sys.version.created%20%3E%3D%20startOfWeek()',
    );
    const long = new ZenqlQuery(`title = "${'z'.repeat(9000)}"`);
    await client().entries.search(long);
    expect(server().last().method).toBe('GET');
  });

  it('treats text as ZenQL', async () => {
    await client().entries.search('sys.contentTypeId = course');
    expect(server().last().query).toEqual({
      pageIndex: '0',
      pageSize: '20',
      zenql: 'sys.contentTypeId = course',
    });
  });
});
