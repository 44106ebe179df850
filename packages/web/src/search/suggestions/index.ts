/**
 * Suggestions as you type for a search box: the combobox's state and keys (pure), the query
 * and grouping of suggestions, the requests that follow typing, and the component that wires
 * them to a plain search form. See `docs/web.md`, "Suggestions as you type".
 */
export { SearchSuggestions, type SearchSuggestionsProps } from '../components/SearchSuggestions.js';
export {
  activeOption,
  type ComboboxEvent,
  type ComboboxKey,
  type ComboboxKeyResult,
  type ComboboxState,
  comboboxKeyDown,
  comboboxReducer,
  initialComboboxState,
  isSuggestible,
  optionsOf,
  type SuggestionGroup,
  type SuggestionOption,
  suggestionAnnouncement,
} from './combobox.js';
export {
  buildSuggestionQuery,
  defaultSuggestionOf,
  type GroupSuggestionsOptions,
  groupSuggestions,
  SUGGESTION_FIELDS,
  SUGGESTION_PAGE_SIZE,
  type SuggestionQueryOptions,
  type SuggestionType,
} from './query.js';
export {
  createSuggestionRequests,
  SUGGESTION_DEBOUNCE_MS,
  type SuggestionRequestOptions,
  type SuggestionRequests,
} from './requests.js';
