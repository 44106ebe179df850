import { describe, expect, it } from 'vitest';
import { applyFieldSelection, parseFieldSelection, withoutPath } from './field-selection.js';

const entry = {
  title: 'T',
  body: { text: 'B', extra: 1 },
  entryTitle: 'T',
  sys: {
    id: 'e1',
    dataFormat: 'entry',
    language: 'en-GB',
    contentTypeId: 'page',
    uri: '/t',
    versionStatus: 'published',
    owner: 'o',
    version: { versionNo: '1.0', published: 'p', modifiedBy: 'm' },
  },
};
const minimal = {
  id: 'e1',
  dataFormat: 'entry',
  language: 'en-GB',
  contentTypeId: 'page',
  uri: '/t',
  versionStatus: 'published',
};

describe('field selection', () => {
  it('returns the entry untouched for an empty list', () => {
    expect(parseFieldSelection([])).toBeUndefined();
    expect(applyFieldSelection(entry, undefined)).toBe(entry);
  });

  it('keeps selected data fields with the minimal sys plus selected sys paths', () => {
    expect(applyFieldSelection(entry, parseFieldSelection(['title']))).toEqual({ title: 'T', sys: minimal });
    expect(
      applyFieldSelection(entry, parseFieldSelection(['title', 'sys.version.versionNo', 'sys.owner'])),
    ).toEqual({
      title: 'T',
      sys: { ...minimal, owner: 'o', version: { versionNo: '1.0' } },
    });
    expect(applyFieldSelection(entry, parseFieldSelection(['body.text', 'sys']))).toEqual({
      body: entry.body,
      sys: entry.sys,
    });
  });

  it('excludes fields, nested keys and sys paths but never the minimal sys', () => {
    const result = applyFieldSelection(
      entry,
      parseFieldSelection(['-title', '-body.extra', '-sys.version.modifiedBy', '-sys.id']),
    );
    expect(result).toEqual({
      body: { text: 'B' },
      entryTitle: 'T',
      sys: { ...entry.sys, version: { versionNo: '1.0', published: 'p' } },
    });
    expect(applyFieldSelection(entry, parseFieldSelection(['-sys'])).sys).toEqual(minimal);
    // The input is never modified.
    expect(entry.body).toEqual({ text: 'B', extra: 1 });
    expect(entry.sys.version.modifiedBy).toBe('m');
  });

  it('copies only the objects on a removed path', () => {
    const object = { a: { b: 1, c: 2 }, d: { e: 3 } };
    const result = withoutPath(object, ['a', 'b']);
    expect(result).toEqual({ a: { c: 2 }, d: { e: 3 } });
    expect(result.d).toBe(object.d);
    expect(withoutPath(object, ['x', 'y'])).toBe(object);
  });
});
