import { unlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { assetUriProblem, STORED_FILE_NAME_PATTERN } from '../assets/uri.js';
import { ASSETS_DIR } from '../config.js';
import type { ProjectResource, StoredEntry } from '../contract.js';
import { assetFileUsers, insertAssetFile, projectAssetFileNames } from '../db/assets.js';
import { insertContentType } from '../db/content-types.js';
import {
  getEntryVersionByDoc,
  insertEntryVersion,
  type NewEntryVersion,
  parseEntryData,
  updateEntryVersionData,
} from '../db/entries.js';
import { setEntryRequireLogin } from '../db/entry-access.js';
import { insertNode, insertNodeLocalisation } from '../db/nodes.js';
import type { Db } from '../db/open.js';
import { deleteProjectRow, getProject, insertProject } from '../db/projects.js';
import { insertTaxonomyNode } from '../db/taxonomy.js';
import { insertDeliveryToken } from '../db/tokens.js';
import { createIndexer, createParallelIndexer, type Indexer, type ParallelIndexer } from '../search/index.js';
import { AssetStore } from './asset-store.js';
import { buildContentType } from './content-type.js';
import {
  type AssetFacts,
  buildEntryDocument,
  completeLinks,
  type DocumentLookups,
  type LinkTarget,
  type VersionKind,
} from './entry-document.js';
import { SiteViewBuilder } from './site-view.js';
import type { SeedContent, SeedContentType, SeedEntry, SeedNode, SeedTaxonomyNode } from './types.js';

/** Options of {@link loadSeedContent}. */
export interface LoadSeedOptions {
  /** The data directory; asset files go to `<dataDir>/assets/`. */
  dataDir: string;
  /** Called after every batch of entries with the entries written so far (and the total when known). */
  onProgress?: (done: number, total?: number) => void;
  /** Entries per batch: per progress report and per run of full-text indexing (default 2,000). */
  batchSize?: number;
  /**
   * Analyse the search index rows on a worker thread (`createParallelIndexer`), so a large
   * load uses a second core. Needs the compiled platform (a worker cannot load TypeScript).
   * Default false.
   */
  indexWorker?: boolean;
}

/** What a load wrote. */
export interface LoadSeedResult {
  projectId: string;
  entries: number;
  /** Stored versions (an entry variation with a pending draft has two). */
  versions: number;
  nodes: number;
  taxonomyNodes: number;
  assetFiles: number;
  deliveryTokens: number;
  milliseconds: number;
}

const DEFAULT_BATCH_SIZE = 2000;

/**
 * Writes a {@link SeedContent} into the database, replacing the project if it exists.
 *
 * Project, content types, taxonomy and tokens go in one transaction, then the site view and
 * the entries in a second one. Each entry variation becomes one or two stored versions whose
 * full Entry JSON is built here, and each stored version is handed to the search indexer.
 * Links are completed from their targets; a link to an entry that appears later in the stream
 * is completed in a final pass. If anything fails, the partly written project is removed
 * again and the error rethrown.
 *
 * The content goes in one transaction rather than one per batch: a commit writes every page
 * it dirtied to the WAL, and the indexes in random order (titles, entry ids) have most of
 * their pages dirtied by every batch, so per-batch commits wrote the database several times
 * over. It also means a crash leaves no half-loaded project and readers see the old content
 * until the end. The price: other writers of the database wait for the whole load (and give
 * up with SQLITE_BUSY after their busy timeout).
 *
 * @example
 * const db = openDatabase('.data/platform.db');
 * loadSeedContent(db, demoContent(), { dataDir: '.data', onProgress: (n, total) => log(n, total) });
 */
export function loadSeedContent(db: Db, content: SeedContent, options: LoadSeedOptions): LoadSeedResult {
  const started = performance.now();
  const project = validateProject(content.project);
  const assetsDir = join(options.dataDir, ASSETS_DIR);
  const loader = new SeedLoader(db, project, content.contentTypes, new AssetStore(assetsDir), options);
  const restore = bulkWriteSettings(db, hasNoEntries(db));
  try {
    db.transaction(() => {
      if (getProject(db, project.id)) deleteProjectContent(db, project.id, options.dataDir);
      insertProject(db, project);
      for (const contentType of content.contentTypes)
        insertContentType(db, buildContentType(project, contentType));
      if (content.taxonomy) loader.writeTaxonomy(content.taxonomy);
      for (const token of content.deliveryTokens) insertDeliveryToken(db, project.id, token);
    })();
    // The loader checks every reference it writes itself (parents before children, known
    // content types), so the per-row foreign key probes would only repeat that work.
    db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        // Into an empty database, building each index once at the end is several times
        // faster than inserting into it row by row; inside the transaction, a failed load
        // brings the indexes back with everything else.
        const rebuild = hasNoEntries(db) ? dropIndexes(db, DEFERRED_INDEX_TABLES) : undefined;
        loader.writeNodes(content.nodes);
        loader.siteView.seal();
        loader.writeEntries(content.entries);
        loader.completeForwardLinks();
        rebuild?.();
        // Rebuilding the deferred indexes and the fuzzy vocabulary belongs to the seed, not to
        // whoever searches first.
        loader.finishIndex();
      })();
    } finally {
      db.pragma('foreign_keys = ON');
    }
  } catch (error) {
    try {
      db.transaction(() => deleteProjectContent(db, project.id, options.dataDir))();
      // The rolled-back rows no longer name the files this load wrote.
      removeUnusedFiles(db, options.dataDir, loader.fileNames);
    } catch {
      // The original error matters more than a failed clean-up.
    }
    throw error;
  } finally {
    loader.closeIndexer();
    restore();
  }
  return {
    projectId: project.id,
    entries: loader.entryCount,
    versions: loader.versionCount,
    nodes: loader.siteView.size,
    taxonomyNodes: loader.taxonomyCount,
    assetFiles: loader.assetCount,
    deliveryTokens: content.deliveryTokens.length,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** Tables the loader fills row by row, whose secondary indexes it may build afterwards instead. */
const DEFERRED_INDEX_TABLES = ['entry_versions', 'search_docs', 'nodes', 'node_localisations'];

/** Whether no project has stored versions (the loader's own project was just emptied). */
function hasNoEntries(db: Db): boolean {
  return db.prepare('SELECT 1 FROM entry_versions LIMIT 1').get() === undefined;
}

/**
 * Drops the explicitly created indexes of `tables` and returns a function that creates them
 * again from their own definitions, so whatever the migrations declare comes back unchanged.
 * Constraint indexes (primary keys, UNIQUE columns) stay. Call both inside one transaction.
 */
function dropIndexes(db: Db, tables: readonly string[]): () => void {
  const indexes = db
    .prepare<[string], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (SELECT value FROM json_each(?))",
    )
    .all(JSON.stringify(tables));
  // Names come from sqlite_schema itself; quoting keeps any name a valid identifier.
  for (const { name } of indexes) db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
  return () => {
    for (const { sql } of indexes) db.exec(sql);
  };
}

/** Deletes asset files no asset row of any project uses any more. */
function removeUnusedFiles(db: Db, dataDir: string, fileNames: Iterable<string>): void {
  for (const fileName of fileNames) {
    if (!STORED_FILE_NAME_PATTERN.test(fileName) || assetFileUsers(db, fileName) > 0) continue;
    try {
      unlinkSync(join(dataDir, ASSETS_DIR, fileName));
    } catch {
      // Already gone; nothing to do.
    }
  }
}

/**
 * Removes a project and everything stored for it: its database rows and search index rows,
 * and asset files no other project uses. Call inside a transaction when it must be atomic
 * with other writes.
 */
export function deleteProjectContent(db: Db, projectId: string, dataDir: string): void {
  const fileNames = projectAssetFileNames(db, projectId);
  // The schema cascades from the project, and a trigger drops the search rows of every
  // deleted entry version.
  deleteProjectRow(db, projectId);
  removeUnusedFiles(db, dataDir, fileNames);
}

/**
 * Helper threads SQLite's sorter may use while a bulk load builds its deferred indexes. At a
 * million entries the value indexes sort 47 million rows; with a helper thread the seed's
 * last phase took 64 s instead of about 85 s on the 2-core machine, its peak memory 1,040 MB
 * instead of 965 (each thread sorts a run of the page cache's size).
 */
const SORTER_THREADS = Math.min(4, availableParallelism());

/**
 * Relaxes the database's per-commit durability for the length of a bulk load and restores it
 * afterwards. With WAL, `synchronous = NORMAL` skips the fsync on each commit but cannot
 * corrupt the database; a crash loses at most the load, which is redone anyway. A larger
 * auto-checkpoint interval writes hot index pages back to the database file less often. The
 * final checkpoint makes the whole load durable before the normal settings return.
 *
 * Into a database without entries (a first seed, a benchmark's), the load also leaves WAL for
 * an in-memory rollback journal while it runs: in WAL, every page the load's one transaction
 * spills from the page cache and dirties again is appended to the WAL once more, so a load
 * bigger than the cache wrote the database several times over and then copied it again at the
 * checkpoint; with the journal, spilled pages are written in place, once, and the journal only
 * holds the few pages that existed before. A process killed meanwhile may leave a broken
 * database, which the seed marker reports (`whileSeeding`); a seed is redone anyway. Memory
 * stays bounded: no memory-mapped reads, and sorts (building indexes) spill to temporary
 * files rather than memory.
 */
function bulkWriteSettings(db: Db, empty: boolean): () => void {
  const synchronous = db.pragma('synchronous', { simple: true }) as number;
  const autocheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  const mmap = db.pragma('mmap_size', { simple: true }) as number;
  const tempStore = db.pragma('temp_store', { simple: true }) as number;
  const threads = db.pragma('threads', { simple: true }) as number;
  const journal = String(db.pragma('journal_mode', { simple: true }));
  db.pragma('synchronous = NORMAL');
  // Building the deferred indexes at the end sorts every row of their tables, on its own:
  // the index worker has finished by then, so SQLite's sorter may use the idle cores.
  db.pragma(`threads = ${SORTER_THREADS}`);
  db.pragma('wal_autocheckpoint = 16384');
  db.pragma('mmap_size = 0');
  db.pragma('temp_store = FILE');
  // Only an in-memory database ('memory') or one other connections share stays as it is.
  const leaveWal =
    empty && journal === 'wal' && db.pragma('journal_mode = MEMORY', { simple: true }) === 'memory';
  return () => {
    if (leaveWal) db.pragma('journal_mode = WAL');
    // Values read from the database itself, so interpolating them is safe.
    db.pragma(`temp_store = ${Number(tempStore)}`);
    db.pragma(`threads = ${Number(threads)}`);
    db.pragma(`mmap_size = ${Number(mmap)}`);
    db.pragma(`wal_autocheckpoint = ${Number(autocheckpoint)}`);
    db.pragma(`synchronous = ${Number(synchronous)}`);
    db.pragma('wal_checkpoint(RESTART)');
  };
}

function validateProject(project: SeedContent['project']): ProjectResource {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(project.id ?? '')) {
    throw new Error(`Invalid project id "${project.id}": use letters, digits, "-" and "_"`);
  }
  const languages = project.supportedLanguages ?? [];
  if (!languages.includes(project.primaryLanguage)) {
    throw new Error(`Project ${project.id}: the primary language must be one of the supported languages`);
  }
  const resource: ProjectResource = {
    id: project.id,
    name: project.name,
    description: project.description,
    primaryLanguage: project.primaryLanguage,
    // Primary first, so "the first language" means the primary one everywhere.
    supportedLanguages: [project.primaryLanguage, ...languages.filter((l) => l !== project.primaryLanguage)],
    deliverySysExclusions: [...(project.deliverySysExclusions ?? [])],
  };
  if (project.color !== undefined) resource.color = project.color;
  return resource;
}

/** One version waiting in the current batch. */
interface PendingVersion {
  version: NewEntryVersion;
  document: StoredEntry;
  linksComplete: boolean;
}

class SeedLoader {
  readonly siteView: SiteViewBuilder;
  entryCount = 0;
  versionCount = 0;
  taxonomyCount = 0;
  assetCount = 0;
  private readonly contentTypes = new Map<string, SeedContentType>();
  private readonly targets = new Map<string, LinkTarget>();
  private readonly assetUris = new Map<string, string>();
  private readonly forwardLinkDocs: number[] = [];
  private readonly sharedTargets = new Map<string, LinkTarget>();
  private readonly lookups: DocumentLookups;
  private indexerInUse: Indexer | undefined;
  private parallel: ParallelIndexer | undefined;
  private readonly batchSize: number;
  /** Asset files this load wrote, to delete again should it fail. */
  readonly fileNames = new Set<string>();
  private readonly created = new Date().toISOString();

  constructor(
    private readonly db: Db,
    private readonly project: ProjectResource,
    contentTypes: readonly SeedContentType[],
    private readonly assets: AssetStore,
    private readonly options: LoadSeedOptions,
  ) {
    for (const contentType of contentTypes) {
      if (this.contentTypes.has(contentType.id))
        throw new Error(`Content type ${contentType.id} is listed twice`);
      this.contentTypes.set(contentType.id, contentType);
    }
    this.siteView = new SiteViewBuilder(project.supportedLanguages);
    this.batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
    const view = this.siteView;
    const projectId = project.id;
    const assetUris = this.assetUris;
    const targets = this.targets;
    this.lookups = {
      projectId,
      target: (entryId) => targets.get(entryId),
      uriOf(entryId, language) {
        const assetUri = assetUris.get(entryId);
        if (assetUri !== undefined) return assetUri;
        const i = view.languageIndex(language);
        return i >= 0 ? view.pathOf(entryId, i) : undefined;
      },
      allUrisOf(entryId, language) {
        const i = view.languageIndex(language);
        return i < 0 ? [] : view.pathsOf(entryId, i);
      },
      nodeSlugOf(entryId, language) {
        const i = view.languageIndex(language);
        return i >= 0 ? view.slugOf(entryId, i) : undefined;
      },
    };
  }

  /**
   * The search indexer, created on first use inside the content transaction: after the old
   * project is gone, so that it sees whether the index is empty (and defers its indexes), and
   * so that dropping those indexes is undone should the load fail.
   */
  private get indexer(): Indexer {
    if (!this.indexerInUse) {
      if (this.options.indexWorker) {
        this.parallel = createParallelIndexer(this.db);
        this.indexerInUse = this.parallel;
      } else {
        // Fresh: every stored version is new when first indexed; the one re-index (forward
        // links) removes the old rows itself.
        this.indexerInUse = createIndexer(this.db, { fresh: true });
      }
    }
    return this.indexerInUse;
  }

  /** Ends the index worker, if one runs. */
  closeIndexer(): void {
    this.parallel?.close();
  }

  writeTaxonomy(root: SeedTaxonomyNode): void {
    const primary = this.project.primaryLanguage;
    const visit = (
      node: SeedTaxonomyNode,
      parentKey: string | null,
      parentPath: string | null,
      position: number,
    ) => {
      if (typeof node.key !== 'string' || node.key === '') throw new Error('A taxonomy node has no key');
      const name = node.name[primary] ?? Object.values(node.name)[0] ?? node.key;
      const path = parentPath === null ? name : `${parentPath}/${name}`;
      insertTaxonomyNode(this.db, {
        projectId: this.project.id,
        key: node.key,
        parentKey,
        name: node.name,
        path,
        position,
      });
      this.taxonomyCount++;
      (node.children ?? []).forEach((child, i) => {
        visit(child, node.key, path, i);
      });
    };
    visit(root, null, null, 0);
  }

  writeNodes(nodes: Iterable<SeedNode>): void {
    const languages = this.project.supportedLanguages;
    for (const node of nodes) {
      const placed = this.siteView.add(node);
      insertNode(this.db, {
        projectId: this.project.id,
        id: placed.id,
        parentId: placed.parentId,
        entryId: placed.entryId ?? null,
        isCanonical: placed.isCanonical,
        includeInMenu: placed.includeInMenu,
        position: placed.position,
        depth: placed.depth,
        versionNo: '1.0',
        created: this.created,
      });
      languages.forEach((language, i) => {
        // Readers fall back to the primary language, so a localisation identical to it
        // (common: most nodes are not translated) need not be stored.
        const same =
          i > 0 &&
          placed.slugs[i] === placed.slugs[0] &&
          placed.displayNames[i] === placed.displayNames[0] &&
          placed.paths[i] === placed.paths[0];
        if (same) return;
        insertNodeLocalisation(this.db, this.project.id, placed.id, {
          language,
          slug: placed.slugs[i]!,
          displayName: placed.displayNames[i]!,
          path: placed.paths[i]!,
        });
      });
    }
  }

  /**
   * One target object per distinct content type, format and languages: a million link targets
   * share a handful (they are never changed).
   */
  private sharedTarget(
    contentTypeId: string,
    dataFormat: SeedEntry['dataFormat'],
    languages: string[],
    contentType: SeedContentType,
  ): LinkTarget {
    const key = [contentTypeId, dataFormat, contentType.defaultLanguage, ...languages].join('\u0000');
    let found = this.sharedTargets.get(key);
    if (!found) {
      found = { contentTypeId, dataFormat, languages, defaultLanguage: contentType.defaultLanguage };
      this.sharedTargets.set(key, found);
    }
    return found;
  }

  /** Completes the search index once every entry is written. */
  finishIndex(): void {
    this.indexer.finish();
  }

  writeEntries(entries: Iterable<SeedEntry>): void {
    const total = Array.isArray(entries) ? entries.length : undefined;
    let batch: SeedEntry[] = [];
    const flush = (list: SeedEntry[]) => {
      for (const entry of list) this.writeEntry(entry);
      this.indexer.flush();
    };
    for (const entry of entries) {
      this.register(entry);
      batch.push(entry);
      if (batch.length >= this.batchSize) {
        flush(batch);
        batch = [];
        this.options.onProgress?.(this.entryCount, total);
      }
    }
    if (batch.length > 0) flush(batch);
    this.options.onProgress?.(this.entryCount, total);
  }

  /** Records what links to this entry need, before any document of its batch is built. */
  private register(entry: SeedEntry): void {
    if (typeof entry.id !== 'string' || entry.id === '') throw new Error('An entry has no id');
    if (this.targets.has(entry.id)) throw new Error(`Entry ${entry.id} is listed twice`);
    const contentType = this.contentTypes.get(entry.contentTypeId);
    if (!contentType) throw new Error(`Entry ${entry.id} has unknown content type ${entry.contentTypeId}`);
    const languages = Object.keys(entry.variations ?? {});
    if (languages.length === 0) throw new Error(`Entry ${entry.id} has no language variations`);
    for (const language of languages) {
      if (!this.project.supportedLanguages.includes(language)) {
        throw new Error(
          `Entry ${entry.id} has a variation in ${language}, which the project does not support`,
        );
      }
    }
    if (entry.asset) {
      const problem = assetUriProblem(entry.asset.uri);
      if (problem)
        throw new Error(`Asset entry ${entry.id} has an invalid URI "${entry.asset.uri}": ${problem}`);
      this.assetUris.set(entry.id, entry.asset.uri);
    }
    this.targets.set(
      entry.id,
      this.sharedTarget(entry.contentTypeId, entry.dataFormat, languages, contentType),
    );
  }

  private writeEntry(entry: SeedEntry): void {
    const contentType = this.contentTypes.get(entry.contentTypeId)!;
    if (entry.requireLogin !== undefined && entry.requireLogin !== false) {
      setEntryRequireLogin(this.db, this.project.id, entry.id, entry.requireLogin);
    }
    let asset: AssetFacts | undefined;
    if (entry.asset) {
      const stored = this.assets.store(entry.asset);
      this.fileNames.add(stored.fileName);
      insertAssetFile(this.db, {
        uri: entry.asset.uri,
        projectId: this.project.id,
        entryId: entry.id,
        fileName: stored.fileName,
        mimeType: entry.asset.mimeType,
        size: stored.size,
        sha256: stored.sha256,
      });
      this.assetCount++;
      asset = { uri: entry.asset.uri, size: stored.size, mimeType: entry.asset.mimeType };
      if (entry.asset.width !== undefined) asset.width = entry.asset.width;
      if (entry.asset.height !== undefined) asset.height = entry.asset.height;
    }
    const availableLanguages = Object.keys(entry.variations);
    for (const [language, variation] of Object.entries(entry.variations)) {
      const versions: {
        kind: VersionKind;
        fields: Record<string, unknown>;
        latest: boolean;
        published: boolean;
      }[] = [];
      if (!variation.published) {
        versions.push({ kind: 'draft', fields: variation.fields, latest: true, published: false });
      } else if (variation.draftFields) {
        versions.push({
          kind: 'publishedUnderDraft',
          fields: variation.fields,
          latest: false,
          published: true,
        });
        versions.push({
          kind: 'pendingDraft',
          fields: { ...variation.fields, ...variation.draftFields },
          latest: true,
          published: false,
        });
      } else {
        versions.push({ kind: 'published', fields: variation.fields, latest: true, published: true });
      }
      for (const spec of versions) {
        const built = buildEntryDocument(
          {
            entry,
            contentType,
            language,
            kind: spec.kind,
            fields: spec.fields,
            availableLanguages,
            ...(asset ? { asset } : {}),
          },
          this.lookups,
        );
        this.store({
          version: {
            projectId: this.project.id,
            entryId: entry.id,
            language,
            isLatest: spec.latest,
            isPublished: spec.published,
            contentTypeId: entry.contentTypeId,
            dataFormat: entry.dataFormat,
            versionNo: built.document.sys.version.versionNo,
            entryTitle: String(built.document.entryTitle ?? ''),
            data: JSON.stringify(built.document),
          },
          document: built.document,
          linksComplete: built.linksComplete,
        });
      }
    }
    this.entryCount++;
  }

  private store(pending: PendingVersion): void {
    const doc = insertEntryVersion(this.db, pending.version);
    const indexer = this.indexer;
    // The worker takes the JSON text just written rather than a copy of the object.
    if (this.parallel) this.parallel.indexJson(doc, pending.version.data);
    else indexer.index(doc, pending.document);
    this.versionCount++;
    if (!pending.linksComplete) this.forwardLinkDocs.push(doc);
  }

  /** Completes links that pointed at entries later in the stream, now that all are known. */
  completeForwardLinks(): void {
    for (let start = 0; start < this.forwardLinkDocs.length; start += this.batchSize) {
      const docs = this.forwardLinkDocs.slice(start, start + this.batchSize);
      for (const doc of docs) {
        const record = getEntryVersionByDoc(this.db, doc);
        if (!record) continue;
        const stored = parseEntryData(record);
        const state = { complete: true };
        const updated: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(stored)) {
          updated[key] =
            key === 'sys' ? value : completeLinks(value, stored.sys.language, this.lookups, state);
        }
        const document = updated as StoredEntry;
        updateEntryVersionData(this.db, doc, JSON.stringify(document), record.entryTitle);
        this.indexer.remove(doc);
        this.indexer.index(doc, document);
      }
      this.indexer.flush();
    }
  }
}
