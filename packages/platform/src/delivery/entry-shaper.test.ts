import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, VersionStatus } from '../contract.js';
import { getEntryVersion, parseEntryData } from '../db/entries.js';
import { type Db, openDatabase } from '../db/open.js';
import { getProject } from '../db/projects.js';
import { loadSeedContent } from '../seed/load.js';
import { SMALL, smallSeed } from '../test-support/small-seed.js';
import { DeliveryContext } from './context.js';
import { EntryShaper, type ShapeOptions } from './entry-shaper.js';
import { parseFieldSelection } from './field-selection.js';

let dir: string;
let db: Db;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-shaper-'));
  db = openDatabase(join(dir, 'platform.db'));
  loadSeedContent(db, smallSeed(), { dataDir: dir });
});

afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function shape(language: string, options: Partial<ShapeOptions>, status: VersionStatus = 'published') {
  const context = new DeliveryContext(db, getProject(db, SMALL.projectId)!, {
    kind: 'test',
    name: 'test',
    canPreview: true,
  });
  const shaper = new EntryShaper(context, {
    language: undefined,
    versionStatus: status,
    linkDepth: 0,
    fieldLinkDepths: {},
    fields: undefined,
    ...options,
  });
  const record = getEntryVersion(db, SMALL.projectId, SMALL.article, language, status)!;
  return { entry: shaper.shape(parseEntryData(record)), keys: context.keys.header() };
}

const resolved = (value: unknown) => typeof value === 'object' && value !== null && 'entryTitle' in value;
const field = (entry: JsonObject, ...path: (string | number)[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], entry);

describe('EntryShaper', () => {
  it('leaves links alone at depth 0 and adds sys.versionStatus', () => {
    const { entry } = shape('en-GB', {});
    expect(field(entry, 'sys', 'versionStatus')).toBe('published');
    expect(Object.keys(entry.author as object)).toEqual(['sys']);
  });

  it('resolves every link one level deep with linkDepth 1, dropping missing array items', () => {
    const { entry, keys } = shape('en-GB', { linkDepth: 1 });
    expect(resolved(entry.author)).toBe(true);
    expect(field(entry, 'author', 'sys', 'versionStatus')).toBe('published');
    expect(Object.keys(field(entry, 'author', 'photo', 'asset') as object)).toEqual(['sys']);
    expect(resolved(field(entry, 'heroImage', 'asset'))).toBe(true);
    expect(resolved(field(entry, 'body', 1, 'value', 'person'))).toBe(true);
    expect(resolved(entry.reviewer)).toBe(true);
    expect((entry.related as unknown[]).length).toBe(1);
    expect(keys).toContain(`entry:${SMALL.person}`);
  });

  it('lets the longest matching fieldLinkDepths path win, through composer item types', () => {
    const composer = shape('en-GB', { fieldLinkDepths: { 'body.quote': 1 } }).entry;
    expect(resolved(field(composer, 'body', 1, 'value', 'person'))).toBe(true);
    expect(resolved(composer.author)).toBe(false);

    const deep = shape('en-GB', { fieldLinkDepths: { author: 2 } }).entry;
    expect(resolved(field(deep, 'author', 'photo', 'asset'))).toBe(true);

    const overridden = shape('en-GB', { fieldLinkDepths: { author: 2, 'author.photo': 0 } }).entry;
    expect(resolved(overridden.author)).toBe(true);
    expect(resolved(field(overridden, 'author', 'photo', 'asset'))).toBe(false);

    const exceptAuthor = shape('en-GB', { linkDepth: 1, fieldLinkDepths: { author: 0 } }).entry;
    expect(resolved(exceptAuthor.author)).toBe(false);
    expect(resolved(exceptAuthor.reviewer)).toBe(true);
  });

  it('resolves to the requested language, where missing variations become null', () => {
    const { entry } = shape('en-GB', { linkDepth: 1, language: 'cy' });
    expect(field(entry, 'author', 'sys', 'language')).toBe('cy');
    expect(field(entry, 'author', 'name')).toBe('Ann Awdur');
    // The image and the reviewer exist in English only.
    expect(field(entry, 'heroImage', 'asset')).toBeNull();
    expect(entry.reviewer).toBeNull();
    expect((entry.related as unknown[]).length).toBe(1);
  });

  it('resolves to the content type default language when the request names none', () => {
    const { entry } = shape('cy', { linkDepth: 1 });
    expect(field(entry, 'sys', 'language')).toBe('cy');
    expect(field(entry, 'author', 'sys', 'language')).toBe('en-GB');
  });

  it('applies fields to resolved entries and never modifies stored data', () => {
    const fields = parseFieldSelection(['title', 'author', 'name']);
    const first = shape('en-GB', { linkDepth: 2, fields }).entry;
    expect(Object.keys(first).sort()).toEqual(['author', 'sys', 'title']);
    expect(Object.keys(first.author as object).sort()).toEqual(['name', 'sys']);
    const again = shape('en-GB', { linkDepth: 0 }).entry;
    expect(Object.keys(again.author as object)).toEqual(['sys']);
  });
});
