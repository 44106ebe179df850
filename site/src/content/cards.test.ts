import { describe, expect, it } from 'vitest';
import {
  entry,
  history,
  marineBiology,
  node,
  nursingVolunteers,
  openDay,
  tomosGriffiths,
} from '../test/fixtures.js';
import { cardOfEntry, gridColumns } from './cards.js';
import { cardOfNode } from './child-cards.js';

describe('cards', () => {
  it('show a course with its level, mode and length', () => {
    expect(cardOfEntry(marineBiology)).toMatchObject({
      path: '/courses/bsc-marine-biology',
      title: 'BSc Marine Biology',
      contentTypeId: 'course',
      facts: ['Undergraduate', 'Full-time', '3 years'],
      image: { src: '/image-library/courses/marine-biology.svg', width: 1200, height: 675 },
    });
  });

  it('show a news article with its date and category', () => {
    expect(cardOfEntry(nursingVolunteers)).toMatchObject({
      date: { dateTime: '2026-08-24T10:15:00Z', text: '24 August 2026' },
      label: 'Community',
      description:
        'Student volunteers have given more than a thousand hours to classroom projects this year.',
    });
  });

  it('show an event with its dates and venue, and a person with their department', () => {
    expect(cardOfEntry(openDay)).toMatchObject({
      date: { dateTime: '2026-01-09T10:00:00Z', text: 'Friday 9 January 2026, 10am to 4pm' },
      label: 'Open day',
      facts: ['Great Hall, Penlan Campus'],
    });
    expect(cardOfEntry(tomosGriffiths)).toMatchObject({
      description: 'Press Officer',
      facts: ['Communications and Marketing'],
      image: { width: 600, height: 600 },
    });
    expect(cardOfEntry(history)).toMatchObject({ facts: [], date: null });
  });

  it('come from child nodes, which give the path, and skip nodes without an entry', () => {
    const child = node('/about/history', 'Our history', { entry: { ...history, entryTitle: undefined } });
    expect(cardOfNode(child)).toMatchObject({ path: '/about/history', title: 'Our history' });
    expect(cardOfNode(node('/news/draft', 'A draft'))).toBeNull();
    expect(cardOfEntry(entry('image', null, { title: 'An asset' }))).toBeNull();
  });

  it('lay out in rows of four where rows of three would leave one card alone', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 24].map(gridColumns)).toEqual([
      3, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3,
    ]);
  });
});
