import { describe, expect, it } from 'vitest';
import type { FilterItem } from './config.js';
import { type FilterChoice, filterChoices, selectedChoiceCount } from './filter-choices.js';

const level = (aggregates: (number | undefined)[], selected: number[] = []): FilterItem[] =>
  ['Undergraduate', 'Postgraduate taught', 'Postgraduate research'].map((key, index) => ({
    key,
    title: key,
    ...(aggregates[index] === undefined ? {} : { aggregate: aggregates[index] }),
    ...(selected.includes(index) ? { isSelected: true } : {}),
  }));

/** The shown choices as `title (count)` lines, children indented. */
function shown(choices: readonly FilterChoice[], indent = ''): string[] {
  return choices.flatMap((choice) => [
    `${indent}${choice.item.title}${choice.count === null ? '' : ` (${choice.count})`}`,
    ...shown(choice.children ?? [], `${indent}  `),
  ]);
}

describe('filterChoices', () => {
  it('leaves out items whose count says choosing them finds nothing', () => {
    expect(shown(filterChoices({ items: level([3, 0, 1]) }))).toEqual([
      'Undergraduate (3)',
      'Postgraduate research (1)',
    ]);
  });

  it('keeps a selected item with no results, so it can be cleared', () => {
    expect(shown(filterChoices({ items: level([0, 0, 0], [1]) }))).toEqual([
      'Undergraduate',
      'Postgraduate taught (0)',
      'Postgraduate research',
    ]);
  });

  it('shows the other items of an "or" filter with a selection without a count, since their 0 only counts results already chosen', () => {
    expect(shown(filterChoices({ items: level([4, 0, 0], [0]) }))).toEqual([
      'Undergraduate (4)',
      'Postgraduate taught',
      'Postgraduate research',
    ]);
    expect(shown(filterChoices({ items: level([4, 0, 0], [0]), isSingleSelect: true }))).toEqual([
      'Undergraduate (4)',
      'Postgraduate taught',
      'Postgraduate research',
    ]);
  });

  it('still leaves out items of an "and" filter that would find nothing with the selection', () => {
    expect(shown(filterChoices({ items: level([4, 0, 2], [0]), logicOperator: 'and' }))).toEqual([
      'Undergraduate (4)',
      'Postgraduate research (2)',
    ]);
  });

  it('trusts the counts of items with their own where clause, counted as if chosen', () => {
    const items: FilterItem[] = [
      {
        key: 'upcoming',
        title: 'Upcoming',
        aggregate: 5,
        isSelected: true,
        where: [{ field: 'a', equalTo: 1 }],
      },
      { key: 'today', title: 'Today', aggregate: 0, where: [{ field: 'a', equalTo: 2 }] },
      { key: 'past', title: 'Past', aggregate: 7, where: [{ field: 'a', equalTo: 3 }] },
    ];
    expect(shown(filterChoices({ items, isSingleSelect: true }))).toEqual(['Upcoming (5)', 'Past (7)']);
  });

  it('shows items without a count while counts are unknown, and never hides those of a "not" filter', () => {
    expect(shown(filterChoices({ items: level([undefined, undefined, undefined]) }))).toEqual([
      'Undergraduate',
      'Postgraduate taught',
      'Postgraduate research',
    ]);
    expect(shown(filterChoices({ items: level([3, 0, 1]), logicOperator: 'not' }))).toEqual([
      'Undergraduate',
      'Postgraduate taught',
      'Postgraduate research',
    ]);
  });

  it('keeps a taxonomy branch only while one of its leaves is shown, and skips untitled items', () => {
    const items: FilterItem[] = [
      {
        key: 'arts',
        title: 'Arts',
        children: [
          { key: 'history', title: 'History', aggregate: 0 },
          { key: 'welsh', title: 'Welsh', aggregate: 0 },
        ],
      },
      {
        key: 'science',
        title: 'Science',
        children: [
          { key: 'marine', title: 'Marine Biology', aggregate: 3 },
          { key: 'geo', title: 'Geography', aggregate: 0 },
        ],
      },
      { key: 'unknown-from-the-address', aggregate: 0, isSelected: false },
    ];
    expect(shown(filterChoices({ items }))).toEqual(['Science', '  Marine Biology (3)']);
  });
});

describe('selectedChoiceCount', () => {
  it('counts the selected titled items of the shown filters, taxonomy leaves included', () => {
    const subject = {
      items: [
        { key: 'science', title: 'Science', children: [{ key: 'm', title: 'Marine', isSelected: true }] },
      ],
    };
    const hidden = { items: [{ key: 'x', title: 'X', isSelected: true }], renderable: false };
    const unknown = { items: [{ key: 'from-the-address', isSelected: true }] };
    expect(selectedChoiceCount([{ items: level([1, 1, 1], [0, 2]) }, subject, hidden, unknown])).toBe(3);
    expect(selectedChoiceCount([{ items: level([1, 1, 1]) }])).toBe(0);
  });
});
