import { describe, expect, it } from 'vitest';
import { BILINGUAL_PROJECT, problemFields } from '../../test-support/validation-problems.js';
import { readNodeCreate, readNodeUpdate } from './node-input.js';

const project = BILINGUAL_PROJECT;

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
      problemFields(() =>
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
    expect(problemFields(() => readNodeUpdate({ version: { versionNo: '1.1' } }, project, node))).toEqual([
      'version.versionNo',
    ]);
    expect(problemFields(() => readNodeUpdate({ parentId: 'q' }, project, node))).toEqual(['parentId']);
    expect(
      problemFields(() =>
        readNodeUpdate({ slug: { 'en-GB': 'home' } }, project, { ...node, parentId: null }),
      ),
    ).toEqual(['slug']);
  });
});
