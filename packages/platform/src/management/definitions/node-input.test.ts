import { describe, expect, it } from 'vitest';
import type { ProjectResource } from '../../contract.js';
import type { HttpError } from '../../delivery/errors.js';
import { readNodeCreate, readNodeUpdate } from './node-input.js';

const project: ProjectResource = {
  id: 'site',
  name: 'Site',
  description: '',
  primaryLanguage: 'en-GB',
  supportedLanguages: ['en-GB', 'cy'],
  deliverySysExclusions: [],
};

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect((error as HttpError).status).toBe(422);
    return ((error as HttpError).data as { field: string }[]).map((problem) => problem.field);
  }
  throw new Error('expected a 422');
}

describe('node bodies', () => {
  it('reads a create body, taking a plain display name as the primary language', () => {
    expect(
      readNodeCreate(
        {
          displayName: 'News',
          id: 'A1B2C3D4-0000-4000-8000-00000000AAAA',
          proxy: { id: 'p' },
          includeInMenu: false,
        },
        project,
        'parent',
      ),
    ).toEqual({
      id: 'a1b2c3d4-0000-4000-8000-00000000aaaa',
      displayName: { 'en-GB': 'News' },
      includeInMenu: false,
      proxy: { id: 'p', parseContent: false, enablePartialMatching: false },
    });
  });

  it('names every problem of a create body', () => {
    expect(
      problemsOf(() =>
        readNodeCreate(
          {
            parentId: 'elsewhere',
            id: 'news',
            displayName: { cy: 'Newyddion' },
            slug: { cy: 'a b' },
            renderer: 'x',
          },
          project,
          'parent',
        ),
      ),
    ).toEqual(['parentId', 'id', 'displayName.en-GB', 'slug.cy', 'renderer']);
  });

  it('checks the version of an update and keeps the root without a slug', () => {
    const node = { id: 'n', parentId: 'p', versionNo: '1.2' };
    expect(readNodeUpdate({ version: { versionNo: '1.2' }, includeInMenu: true }, project, node)).toEqual({
      includeInMenu: true,
    });
    expect(problemsOf(() => readNodeUpdate({ version: { versionNo: '1.1' } }, project, node))).toEqual([
      'version.versionNo',
    ]);
    expect(problemsOf(() => readNodeUpdate({ parentId: 'q' }, project, node))).toEqual(['parentId']);
    expect(
      problemsOf(() => readNodeUpdate({ slug: { 'en-GB': 'home' } }, project, { ...node, parentId: null })),
    ).toEqual(['slug']);
  });
});
