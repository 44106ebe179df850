import { describe, expect, it } from 'vitest';
import { P, summary, useManagementServer } from '../test-support/management-fixture.js';

const { server, client } = useManagementServer();

describe('tags', () => {
  it('gets by id with the configured language, or by label in a group', async () => {
    await client({ language: 'cy' }).tags.get('t1');
    expect(summary(server().last())).toMatchObject({
      method: 'GET',
      path: `${P}/tags/t1`,
      query: { language: 'cy' },
    });
    await client().tags.get({ groupId: 'topics', label: 'Transport', language: 'en-GB' });
    expect(summary(server().last())).toMatchObject({
      path: `${P}/taggroups/topics/tags`,
      query: { label: 'Transport', language: 'en-GB' },
    });
  });

  it('lists all tags or a group’s, with paging and filters', async () => {
    await client().tags.list();
    expect(summary(server().last())).toMatchObject({
      path: `${P}/tags`,
      query: { pageIndex: '0', pageSize: '25' },
    });
    await client().tags.list('topics');
    expect(server().last().path).toBe(`${P}/taggroups/topics/tags`);
    await client().tags.list({
      groupId: 'topics',
      language: 'cy',
      order: ['-value'],
      pageOptions: { pageIndex: 1, pageSize: 3 },
      q: 'tra',
    });
    expect(server().last().rawQuery).toBe('language=cy&order=-value&pageIndex=1&pageSize=3&q=tra');
  });

  it('creates and updates', async () => {
    const tag = { groupId: 'topics', value: 'transport', label: { 'en-GB': 'Transport' } };
    await client().tags.create(tag);
    expect(summary(server().last())).toEqual({ method: 'POST', path: `${P}/tags`, query: {}, body: tag });
    await client().tags.update({ ...tag, id: 't1' });
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/tags/t1`,
      query: {},
      body: { ...tag, id: 't1' },
    });
  });

  it('reads usage, sending versionStatus=latest by default (contract §7.3 #11)', async () => {
    await client().tags.getUsage('t1');
    expect(summary(server().last())).toMatchObject({
      path: `${P}/tags/t1/usage`,
      query: { pageIndex: '0', pageSize: '25', versionStatus: 'latest' },
    });
    await client({ language: 'cy' }).tags.getUsage({
      id: 't1',
      q: 'bridge',
      versionStatus: 'published',
      pageOptions: { pageSize: 5 },
    });
    expect(server().last().rawQuery).toBe('language=cy&pageIndex=0&pageSize=5&q=bridge');
  });

  it('deletes one tag or several of a group, optionally re-pointing usages', async () => {
    await client().tags.delete('t1');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/tags/t1`, query: {} });
    await client().tags.delete('t1', 't9');
    expect(server().last().query).toEqual({ replacementTagId: 't9' });
    server().respond({ body: { success: [{ id: 't1' }, { id: 't2' }] } });
    await expect(client().tags.delete({ groupId: 'topics', ids: ['t1', 't2'] }, 't9')).resolves.toEqual({
      success: [{ id: 't1' }, { id: 't2' }],
    });
    expect(summary(server().last())).toEqual({
      method: 'DELETE',
      path: `${P}/taggroups/topics/tags/bulk`,
      query: { replacementTagId: 't9' },
      body: ['t1', 't2'],
    });
  });
});

describe('tag groups', () => {
  it('is the same object at tagGroups and tags.groups', () => {
    const c = client();
    expect(c.tags.groups).toBe(c.tagGroups);
  });

  it('gets, lists, creates, updates, reads usage and deletes', async () => {
    const c = client({ language: 'en-GB' });
    await c.tagGroups.get('topics');
    expect(summary(server().last())).toMatchObject({
      method: 'GET',
      path: `${P}/taggroups/topics`,
      query: {},
    });
    await c.tagGroups.list({ q: 'top', order: ['name'] });
    expect(server().last().rawQuery).toBe('language=en-GB&order=name&pageIndex=0&pageSize=25&q=top');
    const group = { id: 'topics', name: 'Topics', description: 'Editorial' };
    await c.tags.groups.create(group);
    expect(summary(server().last())).toEqual({
      method: 'POST',
      path: `${P}/taggroups`,
      query: {},
      body: group,
    });
    await c.tagGroups.update(group);
    expect(summary(server().last())).toEqual({
      method: 'PUT',
      path: `${P}/taggroups/topics`,
      query: {},
      body: group,
    });
    await c.tagGroups.getUsage({ id: 'topics', pageOptions: { pageIndex: 2 } });
    expect(summary(server().last())).toMatchObject({
      path: `${P}/taggroups/topics/usage`,
      query: { pageIndex: '2', pageSize: '25' },
    });
    await c.tagGroups.delete('topics');
    expect(summary(server().last())).toMatchObject({ method: 'DELETE', path: `${P}/taggroups/topics` });
  });
});
