import { describe, expect, it } from 'vitest';
import { entry, nursingVolunteers } from '../test/fixtures.js';
import {
  booleanField,
  isResolvedEntry,
  linkedEntries,
  linkedEntry,
  numberField,
  objectField,
  pathOf,
  stringsField,
  textField,
  titleOf,
} from './fields.js';

const sample = entry('course', '/courses/x', {
  title: 'X',
  summary: '  ',
  durationYears: 1.5,
  bookingRequired: false,
  tags: ['a', 2, '', 'b'],
  subject: { key: '0/1', name: 'Law' },
  list: [1],
});

describe('field readers', () => {
  it('read values of their type and nothing else', () => {
    expect(textField(sample, 'title')).toBe('X');
    expect(textField(sample, 'summary')).toBeNull();
    expect(textField(sample, 'durationYears')).toBeNull();
    expect(textField(null, 'title')).toBeNull();
    expect(numberField(sample, 'durationYears')).toBe(1.5);
    expect(numberField(sample, 'title')).toBeNull();
    expect(booleanField(sample, 'bookingRequired')).toBe(false);
    expect(booleanField(sample, 'missing')).toBeNull();
    expect(stringsField(sample, 'tags')).toEqual(['a', 'b']);
    expect(stringsField(sample, 'title')).toEqual([]);
    expect(objectField(sample, 'subject')).toEqual({ key: '0/1', name: 'Law' });
    expect(objectField(sample, 'list')).toBeNull();
  });

  it('tell resolved links from links that carry only sys', () => {
    expect(isResolvedEntry(nursingVolunteers.author)).toBe(true);
    expect(isResolvedEntry({ sys: { id: 'x' } })).toBe(false);
    expect(isResolvedEntry({ sys: {}, title: 'no id' })).toBe(false);
    expect(isResolvedEntry('text')).toBe(false);
    expect(linkedEntry(nursingVolunteers, 'author')?.entryTitle).toBe('Tomos Griffiths');
    expect(linkedEntry(nursingVolunteers, 'heroImage')).toBeNull();
    expect(linkedEntries(nursingVolunteers, 'relatedCourses').map(titleOf)).toEqual([
      'BSc Adult Nursing',
      'MSc Advanced Clinical Practice',
    ]);
  });

  it('give the title and the path of an entry', () => {
    expect(titleOf(sample)).toBe('X');
    expect(titleOf({ sys: sample.sys, title: 'Only a title field' })).toBe('Only a title field');
    expect(pathOf(sample)).toBe('/courses/x');
    expect(pathOf(entry('image', null, {}))).toBeNull();
    expect(pathOf(entry('document', 'https://elsewhere.example/a', {}))).toBeNull();
  });
});
