import type { ManagementClient, Redirect } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformEvent } from '../../../events/bus.js';
import {
  clientFor,
  clientWithToken,
  expectStatus,
  rawRequest,
} from '../../../test-support/management-client.js';
import { startManagementTestbed } from '../../../test-support/management-testbed.js';
import type { RunningPlatform } from '../../../test-support/platform-fixture.js';

let platform: RunningPlatform;
let editorToken: string;
let editor: ManagementClient;
let member: ManagementClient;
let site: ManagementClient;
const events: PlatformEvent[] = [];

beforeAll(async () => {
  ({ platform, editorToken, editor, member, site } = await startManagementTestbed(events));
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const oldNews: Redirect = {
  sourceDomain: '*',
  destination: '/news',
  statusCode: 301,
  appendSourcePathToDestination: false,
  match: { type: 'beginsWith', value: '/old-news' },
};

const storedRedirects = () => platform.db.prepare('SELECT * FROM redirects ORDER BY id').all();

describe('redirects', () => {
  it('creates, reads, lists, updates and deletes a redirect', async () => {
    events.length = 0;
    const created = await editor.redirects.create(oldNews);
    expect(created).toMatchObject({
      ...oldNews,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      version: { createdBy: 'editor', modifiedBy: 'editor', created: expect.any(String) },
    });
    expect(await editor.redirects.get(created.id!)).toEqual(created);
    const second = await editor.redirects.create({
      ...oldNews,
      sourceDomain: 'www.aberwen.example',
      destination: 'https://news.aberwen.example/',
      statusCode: 302,
      appendSourcePathToDestination: true,
      match: { type: 'regex', value: '^/press/(\\d{4})/' },
    });
    const list = await editor.redirects.list();
    expect(list).toMatchObject({ pageIndex: 0, pageSize: 25, totalCount: 2, pageCount: 1 });
    expect(list.items.map((item) => item.id)).toEqual([created.id, second.id]);
    expect((await editor.redirects.list({ pageIndex: 1, pageSize: 1 })).items.map((item) => item.id)).toEqual(
      [second.id],
    );

    const updated = await editor.redirects.update({
      ...created,
      statusCode: 307,
      destination: '/latest-news',
    });
    expect(updated).toMatchObject({ id: created.id, statusCode: 307, destination: '/latest-news' });
    expect(updated.version).toMatchObject({ created: created.version!.created, createdBy: 'editor' });
    expect(await editor.redirects.get(created.id!)).toEqual(updated);

    await editor.redirects.delete(created.id!);
    await editor.redirects.delete(second.id!);
    await expectStatus(editor.redirects.get(created.id!), 404);
    expect((await editor.redirects.list()).totalCount).toBe(0);
    expect(events.map((event) => `${event.resourceType} ${event.event}`)).toEqual([
      'redirect created',
      'redirect created',
      'redirect updated',
      'redirect deleted',
      'redirect deleted',
    ]);
  });

  it('merges partial PATCH bodies, with either JSON content type', async () => {
    const created = await editor.redirects.create(oldNews);
    const path = `/redirects/${created.id}`;
    const patched = await rawRequest(
      platform,
      editorToken,
      'PATCH',
      path,
      JSON.stringify({ statusCode: 302 }),
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ ...oldNews, statusCode: 302 });
    const merged = await rawRequest(
      platform,
      editorToken,
      'PATCH',
      path,
      JSON.stringify({ match: { value: '/archive' } }),
      'application/merge-patch+json',
    );
    expect(merged.body).toMatchObject({ statusCode: 302, match: { type: 'beginsWith', value: '/archive' } });
    const removed = await rawRequest(
      platform,
      editorToken,
      'PATCH',
      path,
      JSON.stringify({ destination: null }),
    );
    expect(removed.status).toBe(422);
    expect(removed.body.message).toMatch(/destination/);
    expect((await editor.redirects.get(created.id!)).destination).toBe('/news');
    await editor.redirects.delete(created.id!);
  });

  it('refuses two redirects matching the same requests (409)', async () => {
    const created = await editor.redirects.create(oldNews);
    await expectStatus(editor.redirects.create({ ...oldNews, destination: '/elsewhere' }), 409);
    const other = await editor.redirects.create({
      ...oldNews,
      match: { type: 'exactMatch', value: '/old-news' },
    });
    await expectStatus(editor.redirects.update({ ...other, match: oldNews.match }), 409);
    await editor.redirects.delete(created.id!);
    await editor.redirects.delete(other.id!);
  });

  it('needs the redirect permissions: editors yes, members and the site no', async () => {
    const created = await editor.redirects.create(oldNews);
    expect(await expectStatus(member.redirects.list(), 403)).toMatch(/redirects/);
    await expectStatus(member.redirects.get(created.id!), 403);
    await expectStatus(
      site.redirects.create({ ...oldNews, match: { type: 'exactMatch', value: '/x' } }),
      403,
    );
    await expectStatus(site.redirects.delete(created.id!), 403);
    await expectStatus(clientWithToken(platform, null).redirects.list(), 401);
    const readOnly = clientFor(platform, 'editor', { scopes: ['Project_Read'] });
    expect((await readOnly.redirects.list()).totalCount).toBe(1);
    expect(await expectStatus(readOnly.redirects.delete(created.id!), 403)).toMatch(/Project_Write/);
    await editor.redirects.delete(created.id!);
  });

  it('refuses bad input with a 4xx and a message, changing nothing', async () => {
    const created = await editor.redirects.create(oldNews);
    const before = storedRedirects();
    const post = (body: unknown) =>
      rawRequest(platform, editorToken, 'POST', '/redirects/', JSON.stringify(body));
    const bad: [unknown, RegExp][] = [
      [{ ...oldNews, statusCode: 308 }, /statusCode/],
      [{ ...oldNews, statusCode: '301' }, /statusCode/],
      [{ ...oldNews, match: { type: 'contains', value: '/x' } }, /match.type/],
      [{ ...oldNews, match: { type: 'regex', value: '([a-z' } }, /regular expression/],
      [{ ...oldNews, match: { type: 'regex', value: `^${'a'.repeat(501)}` } }, /at most 500/],
      [{ ...oldNews, match: { type: 'beginsWith', value: '' } }, /match.value/],
      [{ ...oldNews, sourceDomain: '' }, /sourceDomain/],
      [{ ...oldNews, sourceDomain: 'bad domain' }, /host name/],
      [{ ...oldNews, destination: 'ftp://files.example/' }, /destination/],
      [{ ...oldNews, destination: `/${'x'.repeat(2048)}` }, /at most 2048/],
      [{ ...oldNews, appendSourcePathToDestination: 'yes' }, /appendSourcePathToDestination/],
    ];
    for (const [body, message] of bad) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body).slice(0, 100)).toBe(422);
      expect(answer.body.message).toMatch(message);
    }
    expect((await rawRequest(platform, editorToken, 'POST', '/redirects/', '{"sourceDomain":')).status).toBe(
      400,
    );
    expect((await rawRequest(platform, editorToken, 'POST', '/redirects/', '[1,2]')).status).toBe(400);
    const path = `/redirects/${created.id}`;
    expect((await rawRequest(platform, editorToken, 'PATCH', path, '{"statusCode": 999}')).status).toBe(422);
    expect((await rawRequest(platform, editorToken, 'PATCH', path, '{"id": "another"}')).status).toBe(422);
    expect((await rawRequest(platform, editorToken, 'PATCH', path, 'not json')).status).toBe(400);
    expect(
      (await rawRequest(platform, editorToken, 'PATCH', '/redirects/missing', '{"statusCode": 302}')).status,
    ).toBe(404);
    await expectStatus(editor.redirects.delete('missing'), 404);
    await expectStatus(editor.redirects.list({ pageSize: 20_000 }), 400);
    expect(storedRedirects()).toEqual(before);
    await editor.redirects.delete(created.id!);
  });
});
