import { describe, expect, it } from 'vitest';
import type { StoredEntry } from '../../contract.js';
import { toManagementEntry, withoutLinkUris } from './shape.js';
import { linkPaths, usageItems } from './usage.js';

const stored = {
  title: 'Bridge works',
  author: {
    sys: { id: 'p1', language: 'en-GB', dataFormat: 'entry', contentTypeId: 'person', uri: '/people/p1' },
  },
  related: [{ sys: { id: 'p1', language: 'cy', uri: '/x' } }, { sys: { id: 'c1' } }],
  hero: { asset: { sys: { id: 'img', uri: '/image-library/a.jpg?w=1' } }, altText: 'A' },
  body: [{ type: 'image', value: { asset: { sys: { id: 'p1' } } } }],
  entryTitle: 'Bridge works',
  entryThumbnail: { asset: { sys: { id: 'p1', uri: '/y' } } },
  sys: {
    id: 'e1',
    projectId: 'website',
    contentTypeId: 'newsArticle',
    dataFormat: 'entry',
    language: 'en-GB',
    availableLanguages: ['en-GB'],
    slug: 'bridge-works',
    uri: '/news/bridge-works',
    allUris: ['/news/bridge-works'],
    owner: 'editor',
    isPublished: true,
    metadata: {},
    properties: {},
    workflow: { id: 'contensisEntryBasic', state: 'versionComplete' },
    version: { createdBy: 'a', created: 't', modifiedBy: 'a', modified: 't', versionNo: '1.0' },
  },
} as StoredEntry;

describe('the management shape', () => {
  it('drops link uris, keeps the entry uri and adds the live sys facts', () => {
    const entry = toManagementEntry(stored, {
      versionStatus: 'latest',
      availableLanguages: ['cy', 'en-GB'],
      unavailableLanguages: [],
      allowedEvents: ['sysUnpublish'],
      deleted: { at: 'then', by: 'editor' },
    });
    expect(JSON.stringify(entry)).not.toContain('/people/p1');
    expect(JSON.stringify(entry)).not.toContain('image-library');
    expect(entry.sys).toMatchObject({
      uri: '/news/bridge-works',
      versionStatus: 'latest',
      availableLanguages: ['cy', 'en-GB'],
      workflow: { state: 'versionComplete', allowedEvents: ['sysUnpublish'] },
      version: { versionNo: '1.0', deleted: 'then', deletedBy: 'editor' },
    });
    expect(withoutLinkUris({ sys: { id: 'a', uri: '/a' }, other: 1 })).toEqual({
      sys: { id: 'a', uri: '/a' },
      other: 1,
    });
  });
});

describe('usage', () => {
  it('finds every link to an entry in the data fields, by path', () => {
    expect(linkPaths(stored, 'p1')).toEqual(['author', 'related[0]', 'body[0].value.asset']);
    expect(linkPaths(stored, 'p1', 'cy')).toEqual(['related[0]', 'body[0].value.asset']);
    expect(linkPaths(stored, 'img')).toEqual(['hero.asset']);
    expect(usageItems(stored, 'c1')).toEqual([
      {
        id: 'e1',
        title: 'Bridge works',
        description: null,
        fieldId: 'related[1]',
        contentTypeId: 'newsArticle',
        dataFormat: 'entry',
        language: 'en-GB',
        workflowState: 'versionComplete',
      },
    ]);
  });
});
