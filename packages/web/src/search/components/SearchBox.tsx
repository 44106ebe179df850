import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useWords } from '../../i18n/use-words.js';
import type { SearchView } from '../hooks.js';

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  view: SearchView;
  /** The field's label (default "Search for", in the page's language). */
  label?: string;
  /** The button's words (default "Search", in the page's language). */
  buttonText?: string;
  placeholder?: string;
  /** Search while typing (after 500 ms without a keystroke); default true. */
  instant?: boolean;
}

/**
 * The term field (`name="term"`) and its submit button, inside a {@link SearchForm}. Typing
 * searches after a pause; the button (or Enter) searches at once, with or without JavaScript.
 */
export function SearchBox({ view, label, buttonText, placeholder, instant = true }: SearchBoxProps) {
  const id = useId();
  const text = useWords();
  const [term, setTerm] = useState(view.term);
  // A new term from elsewhere (back and forward, a link) replaces what the field shows.
  useEffect(() => setTerm(view.term), [view.term]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setTerm(event.target.value);
    if (instant) view.typeTerm(event.target.value);
  };
  return (
    <div className="search-box">
      <label htmlFor={id}>{label ?? text('Search for')}</label>
      <div className="search-box-row">
        <input
          id={id}
          type="search"
          name="term"
          value={term}
          onChange={onChange}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
        <button type="submit">{buttonText ?? text('Search')}</button>
      </div>
    </div>
  );
}
