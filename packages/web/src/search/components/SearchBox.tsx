import { type ChangeEvent, useEffect, useId, useState } from 'react';
import type { SearchView } from '../hooks.js';

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  view: SearchView;
  label?: string;
  buttonText?: string;
  placeholder?: string;
  /** Search while typing (after 500 ms without a keystroke); default true. */
  instant?: boolean;
}

/**
 * The term field (`name="term"`) and its submit button, inside a {@link SearchForm}. Typing
 * searches after a pause; the button (or Enter) searches at once, with or without JavaScript.
 */
export function SearchBox({
  view,
  label = 'Search for',
  buttonText = 'Search',
  placeholder,
  instant = true,
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(view.term);
  // A new term from elsewhere (back and forward, a link) replaces what the field shows.
  useEffect(() => setText(view.term), [view.term]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    if (instant) view.typeTerm(event.target.value);
  };
  return (
    <div className="search-box">
      <label htmlFor={id}>{label}</label>
      <div className="search-box-row">
        <input
          id={id}
          type="search"
          name="term"
          value={text}
          onChange={onChange}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
        <button type="submit">{buttonText}</button>
      </div>
    </div>
  );
}
