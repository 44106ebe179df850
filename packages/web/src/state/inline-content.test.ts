import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeeplyFrozen } from '../delivery/shared-answers.js';
import { DEFAULTS_KEY, restoreInlineContent, SAME_AS } from './inline-content.js';
import { trimInlineContent } from './inline-trim.js';

const defaults = { language: 'en-GB', versionStatus: 'published' };

const imageSys = {
  id: 'img-1',
  projectId: 'website',
  contentTypeId: 'image',
  dataFormat: 'asset',
  language: 'en-GB',
  uri: '/image-library/courses/law.svg',
  allUris: ['/image-library/courses/law.svg'],
  owner: 'media.library',
  workflow: { id: 'contensisEntryBasic', state: 'versionComplete' },
  version: { versionNo: '1.0', published: '2025-11-04T10:00:00Z' },
  properties: { width: 1200, height: 675 },
  versionStatus: 'published',
};

function image() {
  const ownThumbnail = { asset: { sys: { id: 'img-1', dataFormat: 'asset', uri: imageSys.uri } } };
  return {
    asset: {
      title: 'Law',
      entryTitle: 'Law',
      entryDescription: 'Banner for law courses',
      entryThumbnail: ownThumbnail,
      sys: { ...imageSys },
    },
    altText: 'Scales',
  };
}

function entry(language = 'en-GB') {
  return {
    title: 'LLB Law with a year abroad',
    heroImage: image(),
    entryTitle: 'LLB Law with a year abroad',
    entryThumbnail: image(),
    sys: {
      id: 'e1',
      projectId: 'website',
      contentTypeId: 'course',
      dataFormat: 'entry',
      language,
      availableLanguages: ['en-GB', 'cy'],
      uri: '/courses/llb-law',
      allUris: ['/courses/llb-law'],
      metadata: { includeInSearch: true },
      version: { versionNo: '1.0', modified: '2025-07-02T14:00:00Z' },
      properties: {},
      versionStatus: 'published',
    },
  };
}

interface TestNode {
  id: string;
  displayName: string;
  path: string;
  language?: string;
  includeInMenu?: boolean;
  children?: TestNode[];
  [member: string]: unknown;
}

const node = (path: string, extra: Record<string, unknown> = {}): TestNode => ({
  id: `node-${path}`,
  parentId: 'root',
  projectId: 'website',
  slug: path.slice(1),
  displayName: `Page ${path}`,
  language: 'en-GB',
  path,
  childCount: 0,
  isCanonical: true,
  includeInMenu: true,
  version: { versionNo: '1.0' },
  ...extra,
});

/** What the browser reads: the trimmed state through JSON and restored. */
const roundTrip = (lean: Record<string, unknown>, options = {}) =>
  restoreInlineContent(JSON.parse(JSON.stringify(trimInlineContent(lean, options, defaults))));

describe('trimInlineContent and restoreInlineContent', () => {
  it('inline what the browser reads of sys and nodes, and leave the bookkeeping on the server', () => {
    const lean = {
      routing: { entry: entry(), currentNode: node('/courses/llb-law', { includeInMenu: false }) },
      navigation: { root: node('/', { children: [node('/courses')] }) },
    };
    const trimmed = trimInlineContent(lean, {}, defaults) as typeof lean;
    // The page's language and version status, the format `entry` and empty properties are
    // left out of each sys and node, and come back in the browser.
    expect(trimmed.routing.entry.sys).toEqual({ id: 'e1', contentTypeId: 'course', uri: '/courses/llb-law' });
    expect(trimmed.navigation.root.children?.[0]).toEqual({
      id: 'node-/courses',
      displayName: 'Page /courses',
      path: '/courses',
    });
    expect(trimmed).toHaveProperty(DEFAULTS_KEY, defaults);

    const read = restoreInlineContent(JSON.parse(JSON.stringify(trimmed))) as typeof lean;
    expect(read).not.toHaveProperty(DEFAULTS_KEY);
    expect(read.routing.entry.sys).toEqual({
      id: 'e1',
      contentTypeId: 'course',
      dataFormat: 'entry',
      language: 'en-GB',
      uri: '/courses/llb-law',
      properties: {},
      versionStatus: 'published',
    });
    expect(read.routing.entry.heroImage.asset.sys).toEqual({
      id: 'img-1',
      contentTypeId: 'image',
      dataFormat: 'asset',
      language: 'en-GB',
      uri: '/image-library/courses/law.svg',
      properties: { width: 1200, height: 675 },
      versionStatus: 'published',
    });
    expect(read.navigation.root).toEqual({
      id: 'node-/',
      displayName: 'Page /',
      language: 'en-GB',
      path: '/',
      includeInMenu: true,
      children: [
        {
          id: 'node-/courses',
          displayName: 'Page /courses',
          language: 'en-GB',
          path: '/courses',
          includeInMenu: true,
        },
      ],
    });
    expect(read.routing.currentNode.includeInMenu).toBe(false);
    // The state itself is not changed.
    expect(lean.routing.entry.sys.allUris).toEqual(['/courses/llb-law']);
  });

  it('keep values that differ from the defaults', () => {
    const read = roundTrip({ routing: { entry: entry('cy') } }) as {
      routing: { entry: ReturnType<typeof entry> };
    };
    expect(read.routing.entry.sys.language).toBe('cy');
  });

  it("leave out an asset's copies of its title and description and its link to itself", () => {
    const read = roundTrip({ routing: { entry: entry() } }) as {
      routing: { entry: ReturnType<typeof entry> };
    };
    expect(read.routing.entry.heroImage.asset).toEqual({
      title: 'Law',
      sys: read.routing.entry.heroImage.asset.sys,
    });
    const kept = roundTrip({ routing: { entry: entry() } }, { assetEntryMembers: true }) as {
      routing: { entry: ReturnType<typeof entry> };
    };
    expect(kept.routing.entry.heroImage.asset.entryDescription).toBe('Banner for law courses');
  });

  it('write repeated members of an entry once, and the browser reads them twice', () => {
    const trimmed = trimInlineContent({ routing: { entry: entry() } }, {}, defaults) as {
      routing: { entry: Record<string, unknown> };
    };
    expect(trimmed.routing.entry.entryThumbnail).toEqual({ [SAME_AS]: 'heroImage' });
    expect(trimmed.routing.entry.entryTitle).toEqual({ [SAME_AS]: 'title' });
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(entry()).length / 3);
    const read = restoreInlineContent(JSON.parse(JSON.stringify(trimmed))).routing.entry;
    expect(read.entryTitle).toBe('LLB Law with a year abroad');
    expect(read.entryThumbnail).toEqual(read.heroImage);
  });

  it('keep shared objects shared, so the mapped entry is still the entry', () => {
    const shared = entry();
    const trimmed = trimInlineContent({ routing: { entry: shared, mappedEntry: shared } }, {}, defaults) as {
      routing: { entry: unknown; mappedEntry: unknown };
    };
    expect(trimmed.routing.mappedEntry).toBe(trimmed.routing.entry);
  });

  it('leave ancestors without entries unless asked, and keep the members a site names', () => {
    const lean = { routing: { currentNodeAncestors: [node('/', { entry: entry() })], entry: entry() } };
    const plain = roundTrip(lean) as { routing: { currentNodeAncestors: Record<string, unknown>[] } };
    expect(plain.routing.currentNodeAncestors[0]).not.toHaveProperty('entry');
    const kept = roundTrip(lean, { ancestorEntries: true, sys: ['version'], node: ['slug'] }) as {
      routing: { currentNodeAncestors: { entry: { sys: Record<string, unknown> }; slug: string }[] };
    };
    expect(kept.routing.currentNodeAncestors[0]?.slug).toBe('');
    expect(kept.routing.currentNodeAncestors[0]?.entry.sys.version).toEqual(entry().sys.version);
  });

  it('leave slices other than routing, navigation and search as they are', () => {
    const mine = { saved: entry() };
    expect(trimInlineContent({ mine }, {}, defaults).mine).toBe(mine);
  });

  it("trim an answer of the server's delivery cache once, and hand every page its frozen copy", () => {
    const shared = deepFreeze(entry());
    const pageOf = (pageDefaults = defaults) =>
      (trimInlineContent({ routing: { entry: shared } }, {}, pageDefaults) as { routing: { entry: unknown } })
        .routing.entry;
    const first = pageOf();
    expect(pageOf()).toBe(first);
    expect(isDeeplyFrozen(first)).toBe(true);
    // Another language or version status leaves out other values: another copy.
    expect(pageOf({ language: 'cy', versionStatus: 'published' })).not.toBe(first);
  });

  it('give back a state that was not trimmed (`?redux=true`) as it is', () => {
    const whole = { routing: { entry: entry() } };
    expect(restoreInlineContent(structuredClone(whole))).toEqual(whole);
  });
});
