import { afterEach, describe, expect, it, vi } from 'vitest';
import { Op } from '../query/op.js';
import { OrderBy } from '../query/order-by.js';
import { Query } from '../query/query.js';
import { ZenqlQuery } from '../query/zenql-query.js';
import { jsonBody, P, summary, useManagementServer } from '../test-support/management-fixture.js';
import type { ManagementEntry } from './models.js';
import { ManagementZenqlQuery } from './search-encoding.js';

const { server, client } = useManagementServer();

const entry = {
  sys: {
    id: 'e1',
    contentTypeId: 'article',
    dataFormat: 'entry',
    language: 'en-GB',
    version: { versionNo: '0.4' },
  },
  entryTitle: 'Bridge reopens',
} as ManagementEntry;

describe('entries.get / list', () => {
  it('gets an entry with the configured language; versionStatus only when published', async () => {
    await client().entries.get('e1');
    expect(summary(server().last())).toMatchObject({ method: 'GET', path: `${P}/entries/e1`, query: {} });
    await client({ language: 'cy' }).entries.get({ id: 'e1', version: '0.2', versionStatus: 'published' });
    expect(server().last().rawQuery).toBe('language=cy&version=0.2&versionStatus=published');
    await client({ language: 'cy' }).entries.get({ id: 'e1', language: 'en-GB', versionStatus: 'latest' });
    expect(server().last().query).toEqual({ language: 'en-GB' });
  });

  it('lists all entries or one content type, always with paging', async () => {
    await client().entries.list();
    expect(summary(server().last())).toMatchObject({
      path: `${P}/entries`,
      query: { pageIndex: '0', pageSize: '25' },
    });
    await client({ language: 'en-GB', pageSize: 10 }).entries.list('article');
    expect(server().last().path).toBe(`${P}/contenttypes/article/entries`);
    expect(server().last().rawQuery).toBe('language=en-GB&pageIndex=0&pageSize=10');
    await client().entries.list({
      contentTypeId: 'article',
      language: 'cy',
      order: ['-sys.version.modified', 'entryTitle'],
      pageOptions: { pageIndex: 2, pageSize: 5 },
      versionStatus: 'published',
    });
    expect(server().last().query).toEqual({
      language: 'cy',
      order: '-sys.version.modified,entryTitle',
      pageIndex: '2',
      pageSize: '5',
      versionStatus: 'published',
    });
  });
});

describe('entries.search', () => {
  it('sends a query as GET with the archive flags only when true', async () => {
    const query = new Query(Op.equalTo('sys.contentTypeId', 'article'));
    query.orderBy = OrderBy.desc('sys.version.modified');
    query.pageSize = 10;
    query.fields = ['entryTitle']; // not a management search parameter
    query.aggregations = { types: { field: 'sys.contentTypeId' } };
    await client().entries.search(query);
    const request = server().last();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`${P}/entries/search`);
    expect(Object.keys(request.query)).toEqual(['aggregations', 'orderBy', 'pageIndex', 'pageSize', 'where']);
    expect(JSON.parse(request.query.aggregations!)).toEqual({ types: { field: 'sys.contentTypeId' } });
    expect(JSON.parse(request.query.orderBy!)).toEqual([{ desc: 'sys.version.modified' }]);
    expect(JSON.parse(request.query.where!)).toEqual([{ field: 'sys.contentTypeId', equalTo: 'article' }]);
    expect(request.query).toMatchObject({ pageIndex: '0', pageSize: '10' });

    query.includeArchived = true;
    query.includeDeleted = true;
    await client().entries.search(query);
    expect(server().last().query).toMatchObject({ includeArchived: 'true', includeDeleted: 'true' });
  });

  it('accepts plain-object queries with the config page size', async () => {
    await client().entries.search({ orderBy: ['-entryTitle'], includeDeleted: true });
    expect(server().last().query).toEqual({
      includeDeleted: 'true',
      orderBy: '["-entryTitle"]',
      pageIndex: '0',
      pageSize: '25',
      where: '[]',
    });
  });

  it('sends ZenQL to the entries list endpoint', async () => {
    await client().entries.search('sys.contentTypeId = article');
    expect(summary(server().last())).toMatchObject({
      method: 'GET',
      path: `${P}/entries`,
      query: { pageIndex: '0', pageSize: '20', zenql: 'sys.contentTypeId = article' },
    });
    const query = new ManagementZenqlQuery('sys.workflow.state = draft');
    query.includeArchived = true;
    query.pageSize = 50;
    query.aggregations = { states: { field: 'sys.workflow.state' } };
    await client().entries.search(query);
    expect(server().last().query).toEqual({
      aggregations: '{"states":{"field":"sys.workflow.state"}}',
      includeArchived: 'true',
      pageIndex: '0',
      pageSize: '50',
      zenql: 'sys.workflow.state = draft',
    });
    await client().entries.search(new ZenqlQuery('a = 1'));
    await client().entries.search({ zenql: 'b = 2', includeDeleted: true });
    expect(server().last().query).toMatchObject({ includeDeleted: 'true', zenql: 'b = 2', pageSize: '25' });
  });

  it('resolves null for a falsy query without a request', async () => {
    await expect(client().entries.search(null)).resolves.toBeNull();
    await expect(client().entries.search('')).resolves.toBeNull();
    expect(server().requests).toHaveLength(0);
  });

  describe('in Internet Explorer 11 (old-browser rule on the absolute URL)', () => {
    afterEach(() => vi.unstubAllGlobals());

    function pretendOldInternetExplorer() {
      vi.stubGlobal('document', { documentMode: 11 });
      vi.stubGlobal('window', globalThis);
    }

    it('POSTs the management body when the absolute GET URL is longer than 2083 characters', async () => {
      pretendOldInternetExplorer();
      const query = new Query(
        Op.in('sys.id', ...Array.from({ length: 60 }, (_, i) => `id-${i}-${'x'.repeat(20)}`)),
      );
      query.orderBy = ['-entryTitle'];
      query.includeArchived = true;
      await client().entries.search(query);
      const request = server().last();
      expect(request.method).toBe('POST');
      expect(request.path).toBe(`${P}/entries/search`);
      expect(request.rawQuery).toBe('');
      expect(request.body).toBe(JSON.stringify(query.toManagementJSON()));
      expect(Object.keys(jsonBody(request) as object)).toEqual([
        'pageIndex',
        'pageSize',
        'orderBy',
        'where',
        'includeArchived',
        'includeDeleted',
      ]);
    });

    it('measures the absolute URL, root included', async () => {
      pretendOldInternetExplorer();
      const c = client();
      const path = `${P}/entries/search?pageIndex=0&pageSize=25&where=`;
      // A where value whose GET URL is 2083 characters without the root but longer with it.
      const padding = 2083 - path.length - encodeURIComponent('[{"field":"a","equalTo":""}]').length;
      const value = 'v'.repeat(padding);
      const where = encodeURIComponent(JSON.stringify([{ field: 'a', equalTo: value }]));
      expect(`${path}${where}`.length).toBe(2083);
      await c.entries.search({ where: [{ field: 'a', equalTo: value }] });
      expect(server().last().method).toBe('POST');
      expect(jsonBody(server().last())).toEqual({
        pageIndex: 0,
        pageSize: 25,
        where: [{ field: 'a', equalTo: value }],
        includeArchived: false,
        includeDeleted: false,
      });
    });

    it('keeps a short search as GET', async () => {
      pretendOldInternetExplorer();
      await client().entries.search(new Query(Op.equalTo('a', 1)));
      expect(server().last().method).toBe('GET');
    });
  });

  it('never switches to POST outside old Internet Explorer, however long the URL', async () => {
    const query = new Query(
      Op.in('sys.id', ...Array.from({ length: 400 }, (_, i) => `id-${i}-${'x'.repeat(20)}`)),
    );
    await client().entries.search(query);
    expect(server().last().method).toBe('GET');
    expect(server().last().rawQuery.length).toBeGreaterThan(8000);
  });
});

describe('entry writes and workflow', () => {
  it('creates and updates', async () => {
    await client().entries.create(entry);
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/entries`,
      query: {},
      body: entry,
    });
    await client().entries.update(entry);
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/entries/e1`,
      query: {},
      body: entry,
    });
  });

  it('deletes all variations to the recycle bin, or named languages permanently', async () => {
    await client().entries.delete('e1');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/entries/e1`, query: {} });
    await client().entries.delete('e1', ['en-GB', 'fr'], true);
    expect(server().last().rawQuery).toBe('language=en-GB%2Cfr&permanent=true');
    await client().entries.delete('e1', [], false);
    expect(server().last().rawQuery).toBe('');
  });

  it('reads usage, sending versionStatus only when published', async () => {
    await client().entries.getUsage('e1');
    expect(summary(server().last())).toMatchObject({
      method: 'GET',
      path: `${P}/entries/e1/usage`,
      query: { pageIndex: '0', pageSize: '25' },
    });
    await client({ language: 'cy' }).entries.getUsage({
      id: 'e1',
      pageOptions: { pageIndex: 1, pageSize: 5 },
      version: '0.3',
      versionStatus: 'published',
    });
    expect(server().last().rawQuery).toBe(
      'language=cy&pageIndex=1&pageSize=5&version=0.3&versionStatus=published',
    );
  });

  it('invokes a workflow event with the entry language and version', async () => {
    await client().entries.invokeWorkflow(entry, 'draft.submit');
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/entries/e1/workflow/events`,
      query: {},
      body: { language: 'en-GB', version: '0.4', event: 'draft.submit', data: null },
    });
    await client().entries.invokeWorkflow(entry, 'awaitingApproval.decline', { comment: 'no' });
    expect(jsonBody(server().last())).toMatchObject({ data: { comment: 'no' } });
  });

  it('invokes a workflow trigger as given', async () => {
    const trigger = { language: 'en-GB', event: '*.sysUnpublish' };
    await client().entries.invokeWorkflowByTrigger(entry, trigger);
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/entries/e1/workflow/events`,
      query: {},
      body: trigger,
    });
  });
});
