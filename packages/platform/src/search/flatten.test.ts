import { describe, expect, it } from 'vitest';
import { flattenEntry } from './flatten.js';
import type { EntryJson } from './types.js';

const entry: EntryJson = {
  entryTitle: 'Harbour bridge reopens',
  headline: 'Harbour bridge reopens',
  standfirst: '<p>Works completed <b>two</b> weeks early &amp; on budget.</p>',
  publishDate: '2024-03-05T08:00:00Z',
  rating: 4.5,
  featured: false,
  empty: '',
  nothing: null,
  none: [],
  tags: ['Transport', 'transport', 'infrastructure'],
  author: { sys: { id: 'a-1', contentTypeId: 'person', uri: '/people/sam-jones' } },
  location: { lat: 51.4816, lon: -3.1791 },
  body: [
    { type: 'heading', value: 'What changed' },
    { type: 'pullQuote', value: { text: 'It is a relief', source: 'Local resident' } },
  ],
  long: 'x'.repeat(300),
  sys: {
    id: 'e-1',
    projectId: 'proj',
    contentTypeId: 'article',
    dataFormat: 'entry',
    language: 'en-GB',
    versionStatus: 'published',
    uri: '/news/harbour',
    allUris: ['/news/harbour', '/transport/harbour'],
    metadata: { includeInSearch: true },
    version: { published: '2024-03-05T07:56:02Z', versionNo: '2.0' },
  } as EntryJson['sys'],
};

describe('flattenEntry', () => {
  const flat = flattenEntry(entry);
  const values = (path: string) => flat.values.filter((v) => v.path === path);

  it('writes one row per leaf under its dot path, arrays without []', () => {
    expect(values('headline')).toEqual([
      { path: 'headline', seq: 0, text: 'Harbour bridge reopens', long: null, num: null },
    ]);
    expect(values('author.sys.id').map((v) => v.text)).toEqual(['a-1']);
    expect(values('location.lat').map((v) => v.num)).toEqual([51.4816]);
    expect(values('body.type').map((v) => v.text)).toEqual(['heading', 'pullQuote']);
    expect(values('body.value.source').map((v) => v.text)).toEqual(['Local resident']);
    expect(values('sys.allUris').map((v) => [v.seq, v.text])).toEqual([
      [0, '/news/harbour'],
      [1, '/transport/harbour'],
    ]);
  });

  it('stores numbers, booleans and dates with a numeric value', () => {
    expect(values('rating')).toEqual([{ path: 'rating', seq: 0, text: '4.5', long: null, num: 4.5 }]);
    expect(values('featured')).toEqual([{ path: 'featured', seq: 0, text: 'false', long: null, num: 0 }]);
    expect(values('publishDate')[0]!.num).toBe(Date.UTC(2024, 2, 5, 8));
    expect(values('sys.version.published')[0]!.num).toBe(Date.UTC(2024, 2, 5, 7, 56, 2));
    expect(values('sys.metadata.includeInSearch')[0]!.text).toBe('true');
  });

  it('skips empty values, the column-backed sys fields and versionStatus', () => {
    for (const path of [
      'empty',
      'nothing',
      'none',
      'sys.id',
      'sys.contentTypeId',
      'sys.language',
      'sys.versionStatus',
    ]) {
      expect(values(path)).toEqual([]);
    }
  });

  it('keeps one row per distinct value of a path, ignoring case', () => {
    expect(values('tags').map((v) => v.text)).toEqual(['Transport', 'infrastructure']);
  });

  it('cuts long text and keeps the whole value aside', () => {
    const [row] = values('long');
    expect(row!.text).toHaveLength(64);
    expect(row!.long).toHaveLength(300);
  });

  it('records locations for distance search', () => {
    expect(flat.geo).toEqual([{ path: 'location', seq: 0, lat: 51.4816, lon: -3.1791 }]);
  });

  it('collects plain text per field and all text for searchContent', () => {
    expect(flat.texts.get('standfirst')).toEqual([' Works completed  two  weeks early & on budget. ']);
    expect(flat.texts.get('body.value.text')).toEqual(['It is a relief']);
    expect(flat.texts.has('sys.uri')).toBe(false);
    expect(flat.texts.has('author.sys.uri')).toBe(false);
    expect(flat.content).toContain('/people/sam-jones');
    expect(flat.content).toContain('What changed');
    expect(flat.content).not.toContain('/news/harbour');
  });
});
