import { lazyComponent, useHref, usePageLanguage, useSite } from '@canopy/web';
import { useId, useRef, useState } from 'react';
import { useText } from '../messages/words.js';
import { siteSearchPathIn } from '../search-address.js';

/**
 * The suggestions' code (the combobox, the query building and the delivery client's search):
 * loaded when the box first gets focus, so it is in no page's first JavaScript.
 */
const Suggestions = lazyComponent(() =>
  import('./SearchSuggestions.js').then((module) => module.SiteSearchSuggestions),
);

/** Props of {@link SearchForm}. */
export interface SearchFormProps {
  /** The label of the field. */
  label?: string;
  defaultTerm?: string;
  /** Suggest pages while the visitor types (a combobox, once the box has had focus). */
  suggest?: boolean;
  /** Name of the `search` landmark, where a page has more than one. */
  landmark?: string;
  className?: string;
}

/**
 * A search box in a `search` landmark: a GET form to the site-wide results ("Everything",
 * not only courses) with the term in `term`, so it works before (and without) JavaScript and
 * its results have an address. With `suggest`, focusing the box loads the suggestions, which
 * make it a combobox; the form stays the same plain form.
 */
export function SearchForm({ label, defaultTerm = '', suggest, landmark, className }: SearchFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [suggesting, setSuggesting] = useState(false);
  const text = useText();
  // The search page's address in the page's language, under its prefix (`/cy/chwilio/all`),
  // so a search without script stays in it and needs no redirect.
  const action = useHref(siteSearchPathIn(useSite().routes, usePageLanguage()));
  return (
    <search className={className} aria-label={landmark}>
      <form className="search-form" method="get" action={action}>
        <label htmlFor={id}>{label ?? text('Search the site')}</label>
        <div className="search-form-row">
          <input
            ref={input}
            id={id}
            type="search"
            name="term"
            defaultValue={defaultTerm}
            autoComplete="off"
            // Shown once its code is there (so it never suspends), never when that code fails
            // to load: the box then stays the plain form it is without JavaScript.
            onFocus={
              suggest
                ? () =>
                    void Suggestions.preload().then(
                      () => setSuggesting(true),
                      () => 0,
                    )
                : undefined
            }
          />
          <button type="submit">{text('Search')}</button>
          {suggesting ? <Suggestions input={input} /> : null}
        </div>
      </form>
    </search>
  );
}
