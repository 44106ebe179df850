import { describe, expect, it } from 'vitest';
import { pageWordsOf } from '../../i18n/page-words.js';
import { formatWordsMessage, type WordsValues } from '../../i18n/words-message.js';
import {
  activeOption,
  type ComboboxEvent,
  type ComboboxState,
  comboboxKeyDown,
  comboboxReducer,
  initialComboboxState,
  type SuggestionGroup,
  suggestionAnnouncement,
} from './combobox.js';

const groups: SuggestionGroup[] = [
  {
    type: 'course',
    label: 'Courses',
    options: [
      { id: 'c1', title: 'BSc Marine Biology', href: '/courses/bsc-marine-biology', type: 'course' },
      { id: 'c2', title: 'MSc Marine Science', href: '/courses/msc-marine-science', type: 'course' },
    ],
  },
  {
    type: 'person',
    label: 'People',
    options: [{ id: 'p1', title: 'Dr Mari Evans', href: '/people/mari-evans', type: 'person' }],
  },
];

function run(...events: ComboboxEvent[]): ComboboxState {
  return events.reduce(comboboxReducer, initialComboboxState);
}

const typed = (term: string): ComboboxEvent => ({ type: 'typed', term, minLength: 2 });
/** The box with "mar" typed and its three suggestions loaded (list open, none active). */
const loaded = () => run(typed('mar'), { type: 'answered', term: 'mar', groups });
/** Presses keys one after another, as the component does: each key's event applied. */
function press(state: ComboboxState, ...keys: string[]): ComboboxState {
  return keys.reduce((current, key) => {
    const { event } = comboboxKeyDown(current, { key });
    return event ? comboboxReducer(current, event) : current;
  }, state);
}

describe('comboboxReducer', () => {
  it('searches from two characters and opens the list when suggestions arrive', () => {
    expect(run(typed('m'))).toMatchObject({ term: 'm', status: 'idle', expanded: false });
    expect(run(typed(' m '))).toMatchObject({ status: 'idle' });
    expect(run(typed('ma'))).toMatchObject({ status: 'loading', expanded: false });
    expect(loaded()).toMatchObject({ answered: 'mar', expanded: true, active: -1, status: 'idle' });
  });

  it('ignores an answer to a term no longer in the box', () => {
    const state = run(typed('mar'), typed('mari'), { type: 'answered', term: 'mar', groups });
    expect(state).toMatchObject({ term: 'mari', answered: null, expanded: false, status: 'loading' });
    expect(comboboxReducer(state, { type: 'failed', term: 'mar' })).toBe(state);
  });

  it('keeps the last list while the next answer loads, with no option active', () => {
    const state = comboboxReducer(press(loaded(), 'ArrowDown'), typed('mari'));
    expect(state).toMatchObject({ expanded: true, active: -1, status: 'loading', answered: 'mar' });
    expect(activeOption(state)).toBeNull();
  });

  it('closes and forgets the list when the term gets too short', () => {
    expect(comboboxReducer(loaded(), typed('m'))).toEqual({ ...initialComboboxState, term: 'm' });
  });

  it('stays closed when the answer has no suggestion', () => {
    const state = run(typed('zzz'), { type: 'answered', term: 'zzz', groups: [] });
    expect(state).toMatchObject({ expanded: false, answered: 'zzz', groups: [] });
  });

  it('closes on a failed search and says so', () => {
    const state = comboboxReducer(run(typed('mar')), { type: 'failed', term: 'mar' });
    expect(state).toMatchObject({ expanded: false, status: 'failed' });
    expect(suggestionAnnouncement(state)).toBe('Suggestions are not available right now.');
  });

  it('opens again on what is loaded for the same term', () => {
    const closed = comboboxReducer(loaded(), { type: 'closed' });
    expect(comboboxReducer(closed, { type: 'opened' })).toMatchObject({ expanded: true, active: -1 });
    const other = comboboxReducer(closed, typed('mari'));
    expect(comboboxReducer(other, { type: 'opened' })).toBe(other);
  });
});

describe('comboboxKeyDown', () => {
  it('moves through the options with the arrow keys, across groups and round', () => {
    const state = loaded();
    expect(activeOption(press(state, 'ArrowDown'))?.id).toBe('c1');
    expect(activeOption(press(state, 'ArrowDown', 'ArrowDown', 'ArrowDown'))?.id).toBe('p1');
    expect(activeOption(press(state, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown'))?.id).toBe('c1');
    expect(activeOption(press(state, 'ArrowUp'))?.id).toBe('p1');
    expect(activeOption(press(state, 'ArrowDown', 'ArrowUp'))?.id).toBe('p1');
  });

  it('reopens a closed list with ArrowDown on its first option', () => {
    const closed = comboboxReducer(loaded(), { type: 'closed' });
    const next = press(closed, 'ArrowDown');
    expect(next.expanded).toBe(true);
    expect(activeOption(next)?.id).toBe('c1');
    expect(comboboxKeyDown(closed, { key: 'ArrowDown', altKey: true }).event).toEqual({ type: 'opened' });
  });

  it('goes to the active option’s page with Enter, and leaves Enter to the form otherwise', () => {
    const chosen = press(loaded(), 'ArrowDown', 'ArrowDown');
    expect(comboboxKeyDown(chosen, { key: 'Enter' })).toEqual({
      event: { type: 'closed' },
      go: '/courses/msc-marine-science',
      handled: true,
    });
    expect(comboboxKeyDown(loaded(), { key: 'Enter' })).toEqual({ event: null, go: null, handled: false });
  });

  it('closes with Escape, then clears, then leaves Escape alone', () => {
    const open = press(loaded(), 'ArrowDown');
    expect(comboboxKeyDown(open, { key: 'Escape' }).handled).toBe(true);
    const closed = press(open, 'Escape');
    expect(closed).toMatchObject({ expanded: false, active: -1, term: 'mar' });
    const cleared = press(closed, 'Escape');
    expect(cleared).toEqual(initialComboboxState);
    expect(comboboxKeyDown(cleared, { key: 'Escape' }).handled).toBe(false);
  });

  it('leaves keys without suggestions, Home, End and shortcuts to the text box', () => {
    const empty = run(typed('zz'), { type: 'answered', term: 'zz', groups: [] });
    expect(comboboxKeyDown(empty, { key: 'ArrowDown' }).handled).toBe(false);
    expect(comboboxKeyDown(run(typed('mar')), { key: 'ArrowDown' }).handled).toBe(false);
    for (const key of ['Home', 'End', 'ArrowLeft', 'a']) {
      expect(comboboxKeyDown(loaded(), { key }).handled).toBe(false);
    }
    expect(comboboxKeyDown(loaded(), { key: 'ArrowDown', ctrlKey: true }).handled).toBe(false);
  });

  it('closes the list on Tab without keeping focus', () => {
    expect(comboboxKeyDown(loaded(), { key: 'Tab' })).toEqual({
      event: { type: 'closed' },
      go: null,
      handled: false,
    });
  });
});

describe('suggestionAnnouncement', () => {
  it('says how many suggestions there are and how to reach them', () => {
    expect(suggestionAnnouncement(loaded())).toBe('3 suggestions. Use the up and down arrows to choose one.');
    const one = run(typed('mari'), {
      type: 'answered',
      term: 'mari',
      groups: [groups[1] as SuggestionGroup],
    });
    expect(suggestionAnnouncement(one)).toBe('1 suggestion. Use the up and down arrows to choose one.');
  });

  it('says when there is none, and nothing while searching or before two characters', () => {
    expect(suggestionAnnouncement(run(typed('zz'), { type: 'answered', term: 'zz', groups: [] }))).toBe(
      'No suggestions. Press Enter to search.',
    );
    expect(suggestionAnnouncement(run(typed('mar')))).toBe('');
    expect(suggestionAnnouncement(run(typed('m')))).toBe('');
  });
});

describe('suggestionAnnouncement in Welsh', () => {
  it("says it in the page's words", async () => {
    const words = await pageWordsOf({}, 'en-GB')('cy');
    const text = (english: string) => words[english] ?? english;
    const message = (english: string, values: WordsValues) =>
      formatWordsMessage(words[english] ?? english, 'cy', values);
    expect(suggestionAnnouncement(loaded(), text, message)).toBe(
      '3 awgrym. Defnyddiwch y saethau i fyny ac i lawr i ddewis un.',
    );
    expect(
      suggestionAnnouncement(run(typed('zz'), { type: 'answered', term: 'zz', groups: [] }), text, message),
    ).toBe('Dim awgrymiadau. Pwyswch Enter i chwilio.');
  });
});
