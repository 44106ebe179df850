/**
 * The state of a search box with suggestions (a WAI-ARIA combobox with a listbox popup),
 * free of React and the DOM: what the visitor typed, the suggestions that answer it, whether
 * the list is open and which option is active, and what a key press does. The component
 * (`SearchSuggestions`) only wires these to the input and renders them.
 */

import { formatWordsMessage, type WordsValues } from '../../i18n/words-message.js';

/** One suggestion: a page to go to. */
export interface SuggestionOption {
  /** Unique within the list (the entry id). */
  id: string;
  title: string;
  /** The page's address on the site. */
  href: string;
  /** The kind of page (a content type id); options are grouped by it. */
  type: string;
}

/** The suggestions of one kind, under a label ("Courses"). */
export interface SuggestionGroup {
  type: string;
  label: string;
  options: readonly SuggestionOption[];
}

/** What the combobox shows. */
export interface ComboboxState {
  /** The text in the box, as typed. */
  term: string;
  /** The (trimmed) term the groups answer, or `null` before any answer. */
  answered: string | null;
  groups: readonly SuggestionGroup[];
  /** Whether the list is shown (`aria-expanded`). */
  expanded: boolean;
  /** Index of the active option among all options (`aria-activedescendant`), -1 for none. */
  active: number;
  /** A search for the current term is on its way, or the last one failed. */
  status: 'idle' | 'loading' | 'failed';
}

/** The combobox before anything is typed. */
export const initialComboboxState: ComboboxState = Object.freeze({
  term: '',
  answered: null,
  groups: Object.freeze([]) as readonly SuggestionGroup[],
  expanded: false,
  active: -1,
  status: 'idle',
});

/** Something that happened to the combobox. */
export type ComboboxEvent =
  /** The visitor changed the text; `minLength` characters (trimmed) are needed to search. */
  | { type: 'typed'; term: string; minLength: number }
  /** Suggestions arrived for `term`. */
  | { type: 'answered'; term: string; groups: readonly SuggestionGroup[] }
  /** The search for `term` failed. */
  | { type: 'failed'; term: string }
  /** The active option moves. */
  | { type: 'moved'; to: 'next' | 'previous' | 'first' | 'last' | number }
  /** The list closes (Escape, focus left, a page was chosen); the text stays. */
  | { type: 'closed' }
  /** The list opens again on what is already loaded (focus came back, Alt+ArrowDown). */
  | { type: 'opened' }
  /** The text is cleared (a second Escape). */
  | { type: 'cleared' };

/** Every option, in the order the list shows them (groups in order). */
export function optionsOf(state: Pick<ComboboxState, 'groups'>): SuggestionOption[] {
  return state.groups.flatMap((group) => group.options);
}

/** The active option, if any. */
export function activeOption(state: ComboboxState): SuggestionOption | null {
  if (!state.expanded || state.active < 0) return null;
  return optionsOf(state)[state.active] ?? null;
}

/** Whether a term is long enough to search for suggestions. */
export function isSuggestible(term: string, minLength: number): boolean {
  return term.trim().length >= minLength;
}

/** Whether the loaded suggestions answer the text in the box. */
function answersTerm(state: ComboboxState): boolean {
  return state.answered !== null && state.answered === state.term.trim();
}

/**
 * The next state of the combobox after an event. Answers for a term other than the one in
 * the box are ignored (a late answer to an older keystroke). Typing keeps the list of the last
 * answer until the new one comes, so it does not flicker, but no option stays active.
 *
 * @example
 * let state = comboboxReducer(initialComboboxState, { type: 'typed', term: 'ma', minLength: 2 });
 * state = comboboxReducer(state, { type: 'answered', term: 'ma', groups });
 * state.expanded; // true when `groups` has an option
 */
export function comboboxReducer(state: ComboboxState, event: ComboboxEvent): ComboboxState {
  switch (event.type) {
    case 'typed': {
      if (event.term === state.term) return state;
      if (!isSuggestible(event.term, event.minLength)) {
        return { ...initialComboboxState, term: event.term };
      }
      const same = event.term.trim() === state.answered;
      return {
        ...state,
        term: event.term,
        active: -1,
        status: same ? 'idle' : 'loading',
        expanded: state.expanded || (same && optionsOf(state).length > 0),
      };
    }
    case 'answered': {
      if (event.term !== state.term.trim()) return state;
      const has = event.groups.some((group) => group.options.length > 0);
      return {
        ...state,
        answered: event.term,
        groups: has ? event.groups : [],
        expanded: has,
        active: -1,
        status: 'idle',
      };
    }
    case 'failed':
      if (event.term !== state.term.trim()) return state;
      return { ...state, answered: null, groups: [], expanded: false, active: -1, status: 'failed' };
    case 'moved': {
      const count = optionsOf(state).length;
      if (count === 0 || !answersTerm(state)) return state;
      const to = event.to;
      let active: number;
      if (to === 'first') active = 0;
      else if (to === 'last') active = count - 1;
      else if (to === 'next') active = !state.expanded || state.active >= count - 1 ? 0 : state.active + 1;
      else if (to === 'previous')
        active = !state.expanded || state.active <= 0 ? count - 1 : state.active - 1;
      else active = Math.min(Math.max(to, 0), count - 1);
      return { ...state, expanded: true, active };
    }
    case 'opened':
      if (state.expanded || !answersTerm(state) || optionsOf(state).length === 0) return state;
      return { ...state, expanded: true, active: -1 };
    case 'closed':
      if (!state.expanded && state.active === -1) return state;
      return { ...state, expanded: false, active: -1 };
    case 'cleared':
      return initialComboboxState;
  }
}

/** A key press as the combobox reads it. */
export interface ComboboxKey {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

/** What a key press does: an event for the state, a page to go to, and whether the browser's own handling is stopped. */
export interface ComboboxKeyResult {
  event: ComboboxEvent | null;
  /** Enter on an active option: the address of its page. */
  go: string | null;
  /** `true` when the key was the combobox's (call `preventDefault`). */
  handled: boolean;
}

const NOTHING: ComboboxKeyResult = Object.freeze({ event: null, go: null, handled: false });

/**
 * What a key press in the box does (WAI-ARIA authoring practices, combobox with a listbox
 * popup): ArrowDown and ArrowUp open the list and move through the options (wrapping round),
 * Alt+ArrowDown opens it without choosing, Enter on an active option goes to its page (else
 * the form submits as usual: the full results), Escape closes the list and, when it is
 * already closed, clears the box; Tab closes the list and moves on. Home, End and the other
 * keys stay the text box's.
 *
 * @example
 * comboboxKeyDown(state, { key: 'ArrowDown' }); // { event: { type: 'moved', to: 'next' }, go: null, handled: true }
 */
export function comboboxKeyDown(state: ComboboxState, key: ComboboxKey): ComboboxKeyResult {
  if (key.ctrlKey || key.metaKey) return NOTHING;
  const hasOptions = answersTerm(state) && optionsOf(state).length > 0;
  switch (key.key) {
    case 'ArrowDown':
      if (!hasOptions) return NOTHING;
      if (key.altKey) return { event: { type: 'opened' }, go: null, handled: true };
      return { event: { type: 'moved', to: 'next' }, go: null, handled: true };
    case 'ArrowUp':
      if (!hasOptions || key.altKey) return NOTHING;
      return { event: { type: 'moved', to: 'previous' }, go: null, handled: true };
    case 'Enter': {
      const option = activeOption(state);
      if (!option) return NOTHING;
      return { event: { type: 'closed' }, go: option.href, handled: true };
    }
    case 'Escape':
      if (state.expanded) return { event: { type: 'closed' }, go: null, handled: true };
      if (state.term !== '') return { event: { type: 'cleared' }, go: null, handled: true };
      return NOTHING;
    case 'Tab':
      return state.expanded ? { event: { type: 'closed' }, go: null, handled: false } : NOTHING;
    default:
      return NOTHING;
  }
}

/**
 * What the polite live region says about the suggestions: their number and how to reach
 * them, that there are none, or nothing (while the term is too short or a search runs). In
 * English unless given the page's words (`useWords`, `useWordsMessage`).
 *
 * @example
 * suggestionAnnouncement(state); // '5 suggestions. Use the up and down arrows to choose one.'
 * suggestionAnnouncement(state, useWords(), useWordsMessage()); // '5 awgrym. Defnyddiwch …' on a Welsh page
 */
export function suggestionAnnouncement(
  state: ComboboxState,
  text: (english: string) => string = (english) => english,
  message: (english: string, values: WordsValues) => string = (english, values) =>
    formatWordsMessage(english, 'en-GB', values),
): string {
  if (state.status === 'failed') return text('Suggestions are not available right now.');
  if (state.status === 'loading' || !answersTerm(state)) return '';
  const count = optionsOf(state).length;
  if (count === 0) return text('No suggestions. Press Enter to search.');
  return message(
    '{count, plural, one {# suggestion} other {# suggestions}}. Use the up and down arrows to choose one.',
    { count },
  );
}
