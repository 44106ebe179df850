import { describe, expect, it } from 'vitest';
import { Op } from './op.js';
import { OrderBy } from './order-by.js';
import { Query } from './query.js';

function fullQuery(): Query {
  const query = new Query(Op.equalTo('a', 1));
  query.orderBy = '-b';
  query.pageIndex = 2;
  query.pageSize = 5;
  query.fields = ['entryTitle', '-body'];
  query.fieldLinkDepths = { author: 1 };
  query.aggregations = { tags: { field: 'entryTags', size: 3, missing: 'none' } };
  query.includeArchived = true;
  return query;
}

describe('Query defaults', () => {
  it('starts empty with page 0 of 20', () => {
    const query = new Query();
    expect(query.pageIndex).toBe(0);
    expect(query.pageSize).toBe(20);
    expect(query.orderBy).toBeUndefined();
    expect(query.fields).toEqual([]);
    expect(query.fieldLinkDepths).toEqual({});
    expect(query.aggregations).toEqual({});
    expect(query.includeArchived).toBe(false);
    expect(query.includeDeleted).toBe(false);
    expect(query.where.length).toBe(0);
  });

  it('serialises to the minimal document', () => {
    expect(JSON.stringify(new Query())).toBe('{"pageIndex":0,"pageSize":20,"where":[]}');
  });

  it('places constructor expressions in where', () => {
    const query = new Query(Op.equalTo('a', 1), { field: 'b', exists: true });
    expect(query.toJSON().where).toEqual([
      { field: 'a', equalTo: 1 },
      { field: 'b', exists: true },
    ]);
  });
});

describe('Query.toJSON', () => {
  it('writes every key in the contract order', () => {
    const json = fullQuery().toJSON();
    expect(Object.keys(json)).toEqual([
      'pageIndex',
      'pageSize',
      'orderBy',
      'where',
      'fields',
      'fieldLinkDepths',
      'aggregations',
    ]);
    expect(json).toEqual({
      pageIndex: 2,
      pageSize: 5,
      orderBy: [{ desc: 'b' }],
      where: [{ field: 'a', equalTo: 1 }],
      fields: ['entryTitle', '-body'],
      fieldLinkDepths: { author: 1 },
      aggregations: { tags: { field: 'entryTags', size: 3, missing: 'none' } },
    });
  });

  it('omits empty optional keys but keeps the order of the rest', () => {
    const query = new Query();
    query.orderBy = [];
    query.aggregations = { t: { field: 'x' } };
    expect(Object.keys(query.toJSON())).toEqual(['pageIndex', 'pageSize', 'where', 'aggregations']);
  });

  it('never includes the management flags', () => {
    const query = fullQuery();
    query.includeDeleted = true;
    expect(query.toJSON()).not.toHaveProperty('includeArchived');
    expect(query.toJSON()).not.toHaveProperty('includeDeleted');
  });

  it('normalises every orderBy form to the DTO array', () => {
    const query = new Query();
    query.orderBy = OrderBy.desc('releaseDate').asc('title');
    expect(query.toJSON().orderBy).toEqual([{ desc: 'releaseDate' }, { asc: 'title' }]);
    query.orderBy = ['+name', '-id'];
    expect(query.toJSON().orderBy).toEqual([{ asc: 'name' }, { desc: 'id' }]);
    query.orderBy = '-releaseDate';
    expect(query.toJSON().orderBy).toEqual([{ desc: 'releaseDate' }]);
  });

  it('reflects expressions added to where later', () => {
    const query = new Query();
    query.where.add(Op.startsWith('sys.uri', '/a'));
    expect(JSON.stringify(query)).toBe(
      '{"pageIndex":0,"pageSize":20,"where":[{"field":"sys.uri","startsWith":"/a"}]}',
    );
  });

  it('returns copies, not the query’s own arrays and objects', () => {
    const query = fullQuery();
    const json = query.toJSON();
    json.fields?.push('x');
    if (json.fieldLinkDepths) json.fieldLinkDepths.other = 2;
    if (json.aggregations?.tags) json.aggregations.tags.size = 99;
    expect(query.fields).toEqual(['entryTitle', '-body']);
    expect(query.fieldLinkDepths).toEqual({ author: 1 });
    expect(query.aggregations.tags?.size).toBe(3);
  });
});

describe('Query.toManagementJSON', () => {
  it('writes pageIndex, pageSize, orderBy, where, both flags, aggregations', () => {
    const json = fullQuery().toManagementJSON();
    expect(Object.keys(json)).toEqual([
      'pageIndex',
      'pageSize',
      'orderBy',
      'where',
      'includeArchived',
      'includeDeleted',
      'aggregations',
    ]);
    expect(json).toEqual({
      pageIndex: 2,
      pageSize: 5,
      orderBy: [{ desc: 'b' }],
      where: [{ field: 'a', equalTo: 1 }],
      includeArchived: true,
      includeDeleted: false,
      aggregations: { tags: { field: 'entryTags', size: 3, missing: 'none' } },
    });
  });

  it('always carries both booleans, even when false', () => {
    expect(JSON.stringify(new Query().toManagementJSON())).toBe(
      '{"pageIndex":0,"pageSize":20,"where":[],"includeArchived":false,"includeDeleted":false}',
    );
  });
});
