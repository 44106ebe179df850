import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredEntry } from '../contract.js';
import { getAssetFile } from '../db/assets.js';
import { getContentType } from '../db/content-types.js';
import { getEntryVersion, parseEntryData } from '../db/entries.js';
import { findNodesByPath, getNodeLocalisation, getRootNode } from '../db/nodes.js';
import { type Db, openDatabase } from '../db/open.js';
import { getProject } from '../db/projects.js';
import { getTaxonomyNode } from '../db/taxonomy.js';
import { findDeliveryToken, hashToken } from '../db/tokens.js';
import { searchEntries } from '../search/search.js';
import { SMALL, smallSeed } from '../test-support/small-seed.js';
import { deleteProjectContent, loadSeedContent } from './load.js';

let dataDir: string;
let db: Db;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-load-'));
  db = openDatabase(join(dataDir, 'platform.db'));
});

afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every index of the database with its definition, to compare before and after a load. */
function indexes(): { name: string; sql: string | null }[] {
  return db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name").all() as {
    name: string;
    sql: string | null;
  }[];
}

/** Entry ids (with language) of the latest versions matching `where`. */
function find(where: unknown): string[] {
  const { hits } = searchEntries(db, {
    projectId: SMALL.projectId,
    where,
    pageIndex: 0,
    pageSize: 50,
    defaultVersionStatus: 'latest',
    allowLatest: true,
  });
  const entryOf = db.prepare("SELECT entry_id || ' ' || language FROM entry_versions WHERE doc = ?").pluck();
  return hits.map((hit) => entryOf.get(hit.doc) as string).sort();
}

function stored(
  entryId: string,
  language: string,
  status: 'published' | 'latest' = 'published',
): StoredEntry {
  const record = getEntryVersion(db, SMALL.projectId, entryId, language, status);
  if (!record) throw new Error(`no ${status} ${entryId} ${language}`);
  return parseEntryData(record);
}

describe('loadSeedContent', () => {
  it('writes the project, content types, taxonomy and hashed tokens', () => {
    const result = loadSeedContent(db, smallSeed(), { dataDir });
    expect(result).toMatchObject({
      projectId: 'tiny',
      entries: 6,
      versions: 9,
      nodes: 6,
      taxonomyNodes: 4,
      assetFiles: 1,
    });
    expect(getProject(db, 'tiny')).toEqual({
      id: 'tiny',
      name: 'Tiny',
      description: 'A tiny project for tests',
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB', 'cy'],
      deliverySysExclusions: [],
    });
    const article = getContentType(db, 'tiny', 'article')!;
    expect(article).toMatchObject({
      id: 'article',
      projectId: 'tiny',
      workflowId: 'contensisEntryBasic',
      enabled: true,
    });
    expect(article.groups).toEqual([
      { id: 'main', name: { 'en-GB': 'Main' } },
      { id: 'media', name: { 'en-GB': 'Media' } },
    ]);
    expect(getTaxonomyNode(db, 'tiny', '0/1/2')).toMatchObject({
      parentKey: '0/1',
      path: 'Root/Topics/Apes',
      position: 1,
    });
    const rows = db.prepare('SELECT token_hash FROM delivery_tokens').all() as { token_hash: string }[];
    expect(rows.map((row) => row.token_hash).sort()).toEqual(
      [hashToken('tiny-delivery'), hashToken('tiny-preview')].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain('tiny-delivery');
    expect(findDeliveryToken(db, 'tiny-preview')).toEqual({
      projectId: 'tiny',
      name: 'preview',
      canPreview: true,
    });
  });

  it('builds the full entry JSON with sys, synthetic fields and completed links', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    const entry = stored(SMALL.article, 'en-GB');
    expect(entry.sys).toEqual({
      id: SMALL.article,
      projectId: 'tiny',
      contentTypeId: 'article',
      dataFormat: 'entry',
      language: 'en-GB',
      availableLanguages: ['en-GB', 'cy'],
      slug: 'hello-world',
      uri: '/articles/hello-world',
      allUris: ['/articles/hello-world'],
      owner: 'editor',
      isPublished: true,
      metadata: { includeInSearch: true },
      properties: {},
      workflow: { id: 'contensisEntryBasic', state: 'versionComplete' },
      version: {
        createdBy: 'editor',
        created: '2026-02-01T10:00:00.000Z',
        modifiedBy: 'editor',
        modified: '2026-02-02T10:00:00.000Z',
        publishedBy: 'editor',
        published: '2026-02-02T10:00:00.000Z',
        versionNo: '1.0',
      },
    });
    expect(entry.sys).not.toHaveProperty('versionStatus');
    expect(entry.entryTitle).toBe('Hello world');
    expect(entry.entryDescription).toBe('A first article');
    expect(entry.entryTags).toEqual(['greeting', 'first']);
    expect(entry.author).toEqual({
      sys: {
        id: SMALL.person,
        language: 'en-GB',
        dataFormat: 'entry',
        contentTypeId: 'person',
        uri: '/people/ann',
      },
    });
    // Image transformations are appended to the asset URI (contract §1.6.2).
    expect(entry.heroImage).toEqual({
      asset: {
        sys: {
          id: SMALL.image,
          language: 'en-GB',
          dataFormat: 'asset',
          contentTypeId: 'image',
          uri: '/image-library/tiny/picture.svg?w=2',
        },
      },
      altText: 'A picture',
      transformations: 'w=2',
    });
    expect(entry.entryThumbnail).toEqual(entry.heroImage);
    // Links inside composer items are completed too.
    expect((entry.body as { value: { person: unknown } }[])[1]!.value.person).toMatchObject({
      sys: { id: SMALL.person, uri: '/people/ann' },
    });
    // A link to an entry listed later is completed in the final pass.
    expect(entry.reviewer).toEqual({
      sys: { id: SMALL.latePerson, language: 'en-GB', dataFormat: 'entry', contentTypeId: 'person' },
    });
    // A link to an entry that does not exist is kept as given.
    expect((entry.related as unknown[])[1]).toEqual({ sys: { id: '00000000-0000-4000-8000-00000000ffff' } });
  });

  it('serves node paths per language, falling back to the primary language slug', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    const cy = stored(SMALL.article, 'cy');
    expect(cy.sys.uri).toBe('/erthyglau/helo-byd');
    expect(cy.sys.slug).toBe('helo-byd');
    // The Welsh author link points at the Welsh variation and its Welsh path (Ann has no cy slug).
    expect(cy.author).toMatchObject({ sys: { language: 'cy', uri: '/pobl/ann' } });
    expect(getRootNode(db, 'tiny')).toMatchObject({ id: SMALL.rootNode, depth: 0, parentId: null });
    expect(getNodeLocalisation(db, 'tiny', SMALL.rootNode, 'cy', 'en-GB')).toMatchObject({
      path: '/',
      displayName: 'Hafan',
    });
    expect(getNodeLocalisation(db, 'tiny', SMALL.otherArticleNode, 'cy', 'en-GB')).toMatchObject({
      path: '/erthyglau/pending',
      slug: 'pending',
    });
    expect(findNodesByPath(db, 'tiny', '/erthyglau/helo-byd')).toEqual([
      { nodeId: SMALL.articleNode, language: 'cy' },
    ]);
  });

  it('stores drafts and pending drafts as separate versions', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    expect(getEntryVersion(db, 'tiny', SMALL.draftArticle, 'en-GB', 'published')).toBeUndefined();
    const draft = stored(SMALL.draftArticle, 'en-GB', 'latest');
    expect(draft.sys).toMatchObject({
      isPublished: false,
      workflow: { state: 'draft' },
      version: { versionNo: '0.1' },
    });
    expect(draft.sys.version).not.toHaveProperty('published');
    expect(draft.sys.uri).toBeUndefined();
    expect(draft.sys.slug).toBe('coming-soon');
    const published = stored(SMALL.pendingArticle, 'en-GB', 'published');
    const latest = stored(SMALL.pendingArticle, 'en-GB', 'latest');
    expect(published.entryTitle).toBe('Old title');
    expect(published.sys.version.versionNo).toBe('1.0');
    expect(latest.entryTitle).toBe('New title');
    expect(latest.summary).toBe('Same');
    expect(latest.sys).toMatchObject({
      isPublished: true,
      workflow: { state: 'draft' },
      version: { versionNo: '1.1' },
    });
    expect(published.sys.version.published! < latest.sys.version.modified).toBe(true);
    const flags = db
      .prepare('SELECT is_latest, is_published FROM entry_versions WHERE entry_id = ? ORDER BY doc')
      .all(SMALL.pendingArticle);
    expect(flags).toEqual([
      { is_latest: 0, is_published: 1 },
      { is_latest: 1, is_published: 0 },
    ]);
  });

  it('writes asset files under generated names with their hash', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    const sha = createHash('sha256').update(SMALL.svg).digest('hex');
    const file = getAssetFile(db, '/image-library/tiny/picture.svg')!;
    expect(file).toMatchObject({
      entryId: SMALL.image,
      mimeType: 'image/svg+xml',
      sha256: sha,
      fileName: `${sha}.svg`,
    });
    expect(readFileSync(join(dataDir, 'assets', file.fileName), 'utf8')).toBe(SMALL.svg);
    const image = stored(SMALL.image, 'en-GB');
    expect(image.sys.uri).toBe('/image-library/tiny/picture.svg');
    expect(image.sys.properties).toEqual({
      filename: 'picture.svg',
      fileSize: Buffer.byteLength(SMALL.svg),
      fileId: SMALL.image,
      filePath: '/image-library/tiny/',
      width: 4,
      height: 2,
    });
    expect(image.entryThumbnail).toMatchObject({ asset: { sys: { id: SMALL.image } } });
  });

  it('replaces a project on reseed and reports progress', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    const progress: [number, number | undefined][] = [];
    loadSeedContent(db, smallSeed(), {
      dataDir,
      batchSize: 2,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(progress).toEqual([
      [2, 6],
      [4, 6],
      [6, 6],
      [6, 6],
    ]);
    expect((db.prepare('SELECT COUNT(*) AS n FROM entry_versions').get() as { n: number }).n).toBe(9);
    expect(readdirSync(join(dataDir, 'assets'))).toHaveLength(1);
  });

  it('indexes every stored version for search', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    const indexed = db.prepare('SELECT COUNT(DISTINCT doc) AS n FROM search_values').get() as { n: number };
    expect(indexed.n).toBe(9);
  });

  it('indexes a version with forward links once, with the links completed', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    const article = `${SMALL.article} en-GB`;
    expect(find([{ field: 'reviewer.sys.contentTypeId', equalTo: 'person' }])).toEqual([article]);
    expect(find([{ field: 'reviewer.sys.id', equalTo: SMALL.latePerson }])).toEqual([article]);
    expect(find([{ field: 'title', freeText: 'hello' }])).toEqual([article]);
    const rows = db
      .prepare(
        `SELECT count(*) FROM search_values v JOIN search_paths p ON p.id = v.path
         WHERE p.path = 'reviewer.sys.id' AND v.doc IN (SELECT doc FROM entry_versions WHERE entry_id = ?)`,
      )
      .pluck()
      .get(SMALL.article);
    const versions = db
      .prepare('SELECT count(*) FROM entry_versions WHERE entry_id = ? AND data LIKE ?')
      .pluck()
      .get(SMALL.article, `%${SMALL.latePerson}%`);
    expect(rows).toBe(versions);
  });

  it('builds the indexes it deferred again, exactly as the schema declares them', () => {
    const before = indexes();
    loadSeedContent(db, smallSeed(), { dataDir });
    expect(indexes()).toEqual(before);
    loadSeedContent(db, smallSeed(), { dataDir });
    expect(indexes()).toEqual(before);
  });

  it('gives the connection back with the settings it had: relaxed durability and the journal in memory end with the load', () => {
    const settings = () =>
      ['cache_size', 'synchronous', 'journal_mode', 'temp_store', 'mmap_size', 'threads'].map((name) =>
        db.pragma(name, { simple: true }),
      );
    const before = settings();
    loadSeedContent(db, smallSeed(), { dataDir });
    expect(settings()).toEqual(before);
  });

  it('leaves nothing behind when a late entry fails, asset files and indexes included', () => {
    const before = indexes();
    const content = smallSeed();
    const entries = [...content.entries];
    const failing = {
      ...content,
      entries: [...entries, { ...entries[1]!, id: 'late', contentTypeId: 'nope' }],
    };
    expect(() => loadSeedContent(db, failing, { dataDir, batchSize: 1 })).toThrow(
      /unknown content type nope/,
    );
    expect(getProject(db, 'tiny')).toBeUndefined();
    for (const table of ['entry_versions', 'nodes', 'search_values', 'search_fts_pending', 'asset_files']) {
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
    }
    expect(readdirSync(join(dataDir, 'assets'))).toEqual([]);
    expect(indexes()).toEqual(before);
  });

  it('deletes a project with its files', () => {
    loadSeedContent(db, smallSeed(), { dataDir });
    deleteProjectContent(db, 'tiny', dataDir);
    expect(getProject(db, 'tiny')).toBeUndefined();
    expect((db.prepare('SELECT COUNT(*) AS n FROM search_values').get() as { n: number }).n).toBe(0);
    expect(readdirSync(join(dataDir, 'assets'))).toEqual([]);
  });

  it.each([
    [
      'an unknown content type',
      (c: ReturnType<typeof smallSeed>) => ({
        ...c,
        entries: [{ ...[...c.entries][1]!, contentTypeId: 'nope' }],
      }),
      /unknown content type nope/,
    ],
    [
      'an unsupported language',
      (c: ReturnType<typeof smallSeed>) => ({
        ...c,
        entries: [{ ...[...c.entries][1]!, variations: { fr: { published: true, fields: {} } } }],
      }),
      /does not support/,
    ],
    [
      'an asset URI outside the libraries',
      (c: ReturnType<typeof smallSeed>) => ({
        ...c,
        entries: [
          {
            ...[...c.entries][0]!,
            asset: { uri: '/image-library/../etc/passwd', mimeType: 'text/plain', content: 'x' },
          },
        ],
      }),
      /invalid URI/,
    ],
    [
      'a node before its parent',
      (c: ReturnType<typeof smallSeed>) => ({ ...c, nodes: [...c.nodes].slice(1) }),
      /before its parent/,
    ],
    [
      'a bad project id',
      (c: ReturnType<typeof smallSeed>) => ({ ...c, project: { ...c.project, id: '../x' } }),
      /Invalid project id/,
    ],
  ])('rejects %s and leaves nothing behind', (_name, mutate, message) => {
    expect(() => loadSeedContent(db, mutate(smallSeed()), { dataDir })).toThrow(message);
    expect(getProject(db, 'tiny')).toBeUndefined();
    expect((db.prepare('SELECT COUNT(*) AS n FROM entry_versions').get() as { n: number }).n).toBe(0);
    expect(existsSync(join(dataDir, 'etc'))).toBe(false);
  });
});
