import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../test-support/expectations.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';

interface TaxonomyNode {
  key: string;
  name: string;
  path: string;
  hasChildren: boolean;
  children: TaxonomyNode[];
}

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe('D1 project and D2 content type', () => {
  it('serves the project', async () => {
    const { status, body } = await platform.json('');
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 'website',
      name: 'Aberwen University',
      description: expect.any(String),
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB', 'cy'],
      deliverySysExclusions: [],
      color: 'teal',
    });
    expect((await platform.json('/')).body).toEqual(body);
  });

  it('serves a content type, and 404 for an unknown one', async () => {
    const { body } = await platform.json<Record<string, unknown>>('/contentTypes/course');
    expect(body).toMatchObject({
      id: 'course',
      projectId: 'website',
      dataFormat: 'entry',
      defaultLanguage: 'en-GB',
      entryTitleField: 'title',
      version: { versionNo: '1.0' },
    });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((body.fields as { id: string }[]).map((field) => field.id)).toContain('subject');
    expect((await platform.json('/contenttypes/COURSE')).status).toBe(404);
    const missing = await platform.json('/contentTypes/nope');
    expect(missing.status).toBe(404);
    expectErrorBody(missing.body, /content type/);
  });
});

describe('D16 / D17 taxonomy', () => {
  it('serves a node by key with one level of children in alphabetical order', async () => {
    const { body } = await platform.json<TaxonomyNode>('/taxonomy/nodes/0/1');
    expect(body).toMatchObject({ key: '0/1', name: 'Subjects', path: 'Root/Subjects', hasChildren: true });
    const names = body.children.map((child) => child.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(body.children.every((child) => child.children.length === 0 && child.hasChildren)).toBe(true);
    expect(body.children[0]!.path).toBe(`Root/Subjects/${body.children[0]!.name}`);
  });

  it('orders children as defined, embeds childDepth levels and speaks the requested language', async () => {
    const defined = await platform.json<TaxonomyNode>('/taxonomy/nodes/0/1?order=defined&childDepth=2');
    expect(defined.body.children.map((child) => child.key)).toEqual(
      [...defined.body.children.map((child) => child.key)].sort(
        (a, b) => Number(a.split('/')[2]) - Number(b.split('/')[2]),
      ),
    );
    expect(defined.body.children[0]!.children.length).toBeGreaterThan(0);
    const none = await platform.json<TaxonomyNode>('/taxonomy/nodes/0?childDepth=0');
    expect(none.body).toMatchObject({ key: '0', hasChildren: true, children: [] });
    const welsh = await platform.json<TaxonomyNode>('/taxonomy/nodes/0/1?language=cy');
    expect(welsh.body).toMatchObject({ name: 'Pynciau', path: 'Gwraidd/Pynciau' });
  });

  it('finds a node by path, ignoring case, in either language', async () => {
    const subjects = await platform.json<TaxonomyNode>('/taxonomy/nodes?path=root%2Fsubjects');
    expect(subjects.body.key).toBe('0/1');
    const leaf = (await platform.json<TaxonomyNode>('/taxonomy/nodes/0/1/1?childDepth=1')).body.children[0]!;
    const byPath = await platform.json<TaxonomyNode>(`/taxonomy/nodes?path=${encodeURIComponent(leaf.path)}`);
    expect(byPath.body).toMatchObject({ key: leaf.key, hasChildren: false, children: [] });
    const welsh = await platform.json<TaxonomyNode>(
      `/taxonomy/nodes?path=${encodeURIComponent('Gwraidd/Pynciau')}&language=cy`,
    );
    expect(welsh.body.key).toBe('0/1');
  });

  it('answers 404 for unknown keys, paths and languages and 400 for bad options', async () => {
    for (const path of [
      '/taxonomy/nodes/0/99',
      '/taxonomy/nodes?path=Root%2FNope',
      '/taxonomy/nodes/0?language=fr',
    ]) {
      const { status, body } = await platform.json(path);
      expect(status, path).toBe(404);
      expectErrorBody(body);
    }
    for (const path of [
      '/taxonomy/nodes',
      '/taxonomy/nodes/0?order=random',
      '/taxonomy/nodes/0?childDepth=-1',
    ]) {
      const { status, body } = await platform.json(path);
      expect(status, path).toBe(400);
      expectErrorBody(body);
    }
  });
});
