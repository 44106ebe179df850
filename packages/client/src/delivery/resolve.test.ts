import { describe, expect, it } from 'vitest';
import { useDeliveryServer } from '../test-support/delivery-fixture.js';
import type { RecordedRequest } from '../test-support/recording-server.js';
import type { Entry } from './models.js';

const { server, client } = useDeliveryServer();

function entry(id: string, fields: Record<string, unknown> = {}, language = 'en-GB'): Entry {
  return {
    sys: { id, language, contentTypeId: 't', dataFormat: 'entry', versionStatus: 'published' },
    entryTitle: id,
    ...fields,
  };
}

const link = (id: string, language?: string) => ({ sys: { id, ...(language ? { language } : {}) } });

type IdClause = { and: { field: string; equalTo: string }[] };

/** Answers searches from a store, like the platform: every requested entry that exists. */
function answerFrom(store: Entry[], omit: string[] = []) {
  return (request: RecordedRequest) => {
    const where: { or: IdClause[] }[] =
      request.method === 'POST' ? JSON.parse(request.body).where : JSON.parse(request.query.where!);
    const items = where[0]!.or
      .map((clause) => {
        const id = clause.and.find((c) => c.field === 'sys.id')!.equalTo;
        const language = clause.and.find((c) => c.field === 'sys.language')!.equalTo;
        return store.find((e) => e.sys.id === id && e.sys.language === language);
      })
      .filter((e): e is Entry => !!e && !omit.includes(e.sys.id));
    return { body: { pageIndex: 0, pageSize: items.length, totalCount: items.length, pageCount: 1, items } };
  };
}

function searchedIds(request: RecordedRequest): string[] {
  const where = JSON.parse(request.query.where!) as { or: { and: { field: string; equalTo: string }[] }[] }[];
  return where[0]!.or.map((clause) => clause.and[0]!.equalTo);
}

describe('entries.resolve', () => {
  it('resolves every link of every field one level deep with one search', async () => {
    const store = [entry('p1', { photo: { asset: link('img1') } }), entry('img1'), entry('c1'), entry('c2')];
    server().respond(answerFrom(store));
    const article = entry('a1', {
      author: link('p1'),
      related: [link('c1'), link('c2')],
      body: [
        { type: 'markup', value: '<p>x</p>' },
        { type: 'image', value: { asset: link('img1'), altText: 'x' } },
      ],
    });
    const resolved = await client().entries.resolve(article);
    expect(server().requests).toHaveLength(1);
    expect(searchedIds(server().last()).sort()).toEqual(['c1', 'c2', 'img1', 'p1']);
    const where = JSON.parse(server().last().query.where!);
    expect(where[0].or[0].and).toEqual([
      { field: 'sys.id', equalTo: expect.any(String) },
      { field: 'sys.language', equalTo: 'en-GB' },
      { field: 'sys.versionStatus', equalTo: 'published' },
    ]);
    expect((resolved.author as Entry).sys.id).toBe('p1');
    // One level only: the author's own photo stays a link.
    expect((resolved.author as Entry & { photo: { asset: unknown } }).photo.asset).toEqual(link('img1'));
    expect((resolved.related as Entry[]).map((e) => e.sys.id)).toEqual(['c1', 'c2']);
    expect((resolved.body as { value: { asset: Entry } }[])[1]!.value.asset.sys.id).toBe('img1');
    // The input is left as it was.
    expect(article.author).toEqual(link('p1'));
  });

  it('follows dotted paths level by level, through composer item types', async () => {
    const store = [
      entry('p1', { photo: { asset: link('img1') } }),
      entry('img1'),
      entry('q1', { source: link('p1') }),
    ];
    server().respond(answerFrom(store));
    const article = entry('a1', {
      author: link('p1'),
      body: [
        { type: 'quote', value: link('q1') },
        { type: 'other', value: link('zzz') },
      ],
    });
    const resolved = await client().entries.resolve(article, ['author.photo', 'body.quote.source']);
    // Level 1 fetches the author and the quote, level 2 the photo and the quote's source.
    expect(server().requests).toHaveLength(2);
    const author = resolved.author as Entry & { photo: { asset: Entry } };
    expect(author.photo.asset.sys.id).toBe('img1');
    const body = resolved.body as { type: string; value: Entry & { source: Entry } }[];
    expect(body[0]!.value.source.sys.id).toBe('p1');
    // Items of a type not on the path are not followed.
    expect(body[1]!.value).toEqual(link('zzz'));
  });

  it('uses the link language, else the parent entry language, and the configured version status', async () => {
    server().respond(answerFrom([entry('x', {}, 'cy'), entry('y', {}, 'cy')]));
    const welsh = entry('a', { one: link('x'), two: link('y', 'cy') }, 'cy');
    const resolved = await client({ versionStatus: 'latest' }).entries.resolve([welsh]);
    const where = JSON.parse(server().last().query.where!);
    expect(where[0].or.map((c: { and: { equalTo: string }[] }) => c.and.map((x) => x.equalTo))).toEqual([
      ['x', 'cy', 'latest'],
      ['y', 'cy', 'latest'],
    ]);
    expect((resolved[0]!.one as Entry).sys.id).toBe('x');
  });

  it('never hangs when the server returns only some entries: missing links become null or drop out', async () => {
    const store = [entry('c1'), entry('c2'), entry('p1')];
    server().respond(answerFrom(store, ['c2', 'p1']));
    const article = entry('a1', { author: link('p1'), related: [link('c1'), link('c2')] });
    const resolved = await client().entries.resolve({
      pageIndex: 0,
      pageSize: 1,
      totalCount: 1,
      pageCount: 1,
      items: [article],
    });
    const item = resolved.items[0]!;
    expect(item.author).toBeNull();
    expect((item.related as Entry[]).map((e) => e.sys.id)).toEqual(['c1']);
  });

  it('stops after a bounded number of levels on a cyclic graph', async () => {
    const store = [entry('a', { next: link('b') }), entry('b', { next: link('a') })];
    server().respond(answerFrom(store));
    const path = Array.from({ length: 30 }, () => 'next').join('.');
    await client().entries.resolve(entry('a', { next: link('b') }), [path]);
    expect(server().requests.length).toBeLessThanOrEqual(10);
  });

  it('makes no request when there is nothing to resolve', async () => {
    const resolved = await client().entries.resolve(entry('a', { title: 'plain', n: 3 }));
    expect(resolved.title).toBe('plain');
    expect(server().requests).toHaveLength(0);
  });
});
