import type { Entry } from '@canopy/client';
import { type RefObject, useEffect, useId, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useWords } from '../../i18n/use-words.js';
import { useWordsMessage } from '../../i18n/use-words-message.js';
import { useSiteStore } from '../../state/hooks.js';
import { selectVersionStatus } from '../../state/selectors.js';
import type { SearchQueryParams } from '../config.js';
import {
  type ComboboxEvent,
  comboboxKeyDown,
  comboboxReducer,
  initialComboboxState,
  isSuggestible,
  type SuggestionGroup,
  suggestionAnnouncement,
} from '../suggestions/combobox.js';
import { buildSuggestionQuery, groupSuggestions, type SuggestionType } from '../suggestions/query.js';
import { createSuggestionRequests } from '../suggestions/requests.js';

/** Props of {@link SearchSuggestions}. */
export interface SearchSuggestionsProps {
  /** The search box: a `name="term"` input of a GET form; it becomes the combobox. */
  input: RefObject<HTMLInputElement | null>;
  /** The query of the results page the form leads to (a facet's `queryParams`): suggestions find what it finds. */
  queryParams: SearchQueryParams;
  /** The kinds of page suggested, in the order shown, with their group labels. */
  types: readonly SuggestionType[];
  /** A result's title and address (default: its entry title and `sys.uri`). */
  optionOf?: (entry: Entry) => { title: string; href: string } | null;
  /** Content language searched (default: the site's delivery language). */
  language?: string | null;
  /** Name of the list for screen readers (default "Suggestions"). */
  label?: string;
  /** Characters needed before suggesting (default 2). */
  minLength?: number;
  /** Results asked for (default 12), at most `perType` (3) of a kind and `total` (8) shown. */
  pageSize?: number;
  perType?: number;
  total?: number;
  /** Wait after a keystroke before asking (default 120 ms). */
  delayMs?: number;
  /** Class of the list (default `search-suggestions`). */
  className?: string;
}

/**
 * Suggestions as you type for a plain search form: the pages that best match what is typed,
 * grouped by kind, in a list under the box. It makes the given input a WAI-ARIA combobox
 * (`role="combobox"`, `aria-expanded`, `aria-controls`, `aria-activedescendant`) with a
 * listbox popup: the arrow keys move through the suggestions, Enter goes to the chosen page
 * (or, with none chosen, submits the form: the full results, through client navigation),
 * Escape closes the list and then clears the box, and a polite live region says how many
 * suggestions there are. Suggestions come through the site's delivery proxy after
 * `minLength` characters and a short pause; each keystroke cancels the previous request.
 *
 * The form works without it, so load it after hydration or when the box gets focus, to keep
 * it out of a page's first JavaScript:
 *
 * @example
 * const Suggestions = lazy(() => import('./HeaderSuggestions.js'));
 * // in the form, once the box had focus:
 * <Suspense fallback={null}><Suggestions input={inputRef} /></Suspense>
 * // HeaderSuggestions.tsx:
 * <SearchSuggestions input={input} queryParams={search.facets.all.queryParams} types={[{ contentTypeId: 'course', label: 'Courses' }]} />
 */
export function SearchSuggestions({
  input,
  queryParams,
  types,
  optionOf,
  language,
  label,
  minLength = 2,
  pageSize,
  perType,
  total,
  delayMs,
  className = 'search-suggestions',
}: SearchSuggestionsProps) {
  const text = useWords();
  const message = useWordsMessage();
  const [state, dispatch] = useReducer(comboboxReducer, initialComboboxState);
  const current = useRef(state);
  current.current = state;
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const store = useSiteStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // What the effects read without being re-run: the latest props.
  const settings = useRef({ queryParams, types, optionOf, language, minLength, pageSize, perType, total });
  settings.current = { queryParams, types, optionOf, language, minLength, pageSize, perType, total };

  // The input becomes the combobox while this is mounted, and listens for typing and keys.
  // biome-ignore lint/correctness/useExhaustiveDependencies: wired once; later props are read from `settings`
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const form = box.form;
    const requests = createSuggestionRequests<SuggestionGroup[]>({
      delayMs,
      load: async (term, signal) => {
        const { delivery } = store.services;
        await delivery.ready?.();
        const versionStatus = selectVersionStatus(store.getState());
        const own = settings.current;
        const query = buildSuggestionQuery(own.queryParams, term, {
          versionStatus,
          language: own.language === undefined ? delivery.language : own.language,
          ...(own.pageSize ? { pageSize: own.pageSize } : {}),
        });
        const answer = await delivery.client({ versionStatus }).entries.search(query, 0, { signal });
        return groupSuggestions(answer?.items ?? [], {
          types: own.types,
          ...(own.perType ? { perType: own.perType } : {}),
          ...(own.total ? { total: own.total } : {}),
          ...(own.optionOf ? { optionOf: own.optionOf } : {}),
        });
      },
      onAnswer: (term, groups) => dispatch({ type: 'answered', term, groups }),
      onError: (term) => dispatch({ type: 'failed', term }),
    });
    const apply = (event: ComboboxEvent) => {
      dispatch(event);
      if (event.type === 'closed' || event.type === 'cleared') requests.cancel();
    };
    const typed = () => {
      const term = box.value;
      const { minLength: min } = settings.current;
      dispatch({ type: 'typed', term, minLength: min });
      if (isSuggestible(term, min)) requests.request(term.trim());
      else requests.cancel();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const result = comboboxKeyDown(current.current, event);
      if (result.handled) event.preventDefault();
      if (result.event) apply(result.event);
      if (result.event?.type === 'cleared') box.value = '';
      if (result.go) navigate(result.go);
    };
    const onBlur = () => apply({ type: 'closed' });
    // With script the full results come through client navigation, as a link would.
    const onSubmit = (event: SubmitEvent) => {
      if (!form || event.defaultPrevented || (form.method || 'get').toLowerCase() !== 'get') return;
      const action = new URL(form.action, window.location.href);
      if (action.origin !== window.location.origin) return;
      event.preventDefault();
      apply({ type: 'closed' });
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === 'string') params.append(name, name === box.name ? value.trim() : value);
      }
      const query = params.toString();
      navigate(`${action.pathname}${query ? `?${query}` : ''}`);
    };
    box.setAttribute('role', 'combobox');
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('aria-controls', listboxId);
    box.setAttribute('aria-expanded', 'false');
    box.addEventListener('input', typed);
    box.addEventListener('keydown', onKeyDown);
    box.addEventListener('blur', onBlur);
    form?.addEventListener('submit', onSubmit);
    // Typed before this code arrived: suggest for it now.
    if (document.activeElement === box && box.value) typed();
    return () => {
      requests.cancel();
      box.removeEventListener('input', typed);
      box.removeEventListener('keydown', onKeyDown);
      box.removeEventListener('blur', onBlur);
      form?.removeEventListener('submit', onSubmit);
      for (const name of [
        'role',
        'aria-autocomplete',
        'aria-controls',
        'aria-expanded',
        'aria-activedescendant',
      ]) {
        box.removeAttribute(name);
      }
    };
  }, [input, listboxId, navigate, store]);

  // The box says whether the list is open and which suggestion is active.
  // biome-ignore lint/correctness/useExhaustiveDependencies: optionId derives from listboxId
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute('aria-expanded', String(state.expanded));
    if (state.expanded && state.active >= 0) {
      box.setAttribute('aria-activedescendant', optionId(state.active));
      document.getElementById(optionId(state.active))?.scrollIntoView({ block: 'nearest' });
    } else {
      box.removeAttribute('aria-activedescendant');
    }
  }, [input, state.expanded, state.active, listboxId]);

  // Another page closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => dispatch({ type: 'closed' }), [pathname]);

  const choose = (href: string) => {
    dispatch({ type: 'closed' });
    navigate(href);
  };
  let index = -1;
  return (
    <>
      <div
        id={listboxId}
        role="listbox"
        aria-label={label ?? text('Suggestions')}
        className={className}
        hidden={!state.expanded || state.groups.length === 0}
      >
        {state.groups.map((group) => {
          const groupLabel = `${listboxId}-${group.type}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group" (WAI-ARIA), a fieldset holds form fields
            <div
              key={group.type}
              role="group"
              aria-labelledby={groupLabel}
              className={`${className}-options`}
            >
              <div role="presentation" id={groupLabel} className={`${className}-group`}>
                {group.label}
              </div>
              {group.options.map((option) => {
                index++;
                const position = index;
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox, which points here with aria-activedescendant
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (arrows and Enter), the click is for pointers
                  <div
                    key={option.id}
                    id={optionId(position)}
                    role="option"
                    aria-selected={state.active === position}
                    className={`${className}-option`}
                    // Keeps focus in the box, so the list is still open when the click lands.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option.href)}
                  >
                    {option.title}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <p role="status" className="visually-hidden">
        {suggestionAnnouncement(state, text, message)}
      </p>
    </>
  );
}
