import { useId } from 'react';

/** Props of {@link SearchForm}. */
export interface SearchFormProps {
  /** The visible label of the field. */
  label?: string;
  defaultTerm?: string;
}

/**
 * A search box in a `search` landmark: a GET form to `/search` with the term in `term`, so it
 * works before (and without) JavaScript and its results have an address.
 */
export function SearchForm({ label = 'Search the site', defaultTerm = '' }: SearchFormProps) {
  const id = useId();
  return (
    <search>
      <form className="search-form" method="get" action="/search">
        <label htmlFor={id}>{label}</label>
        <div className="search-form-row">
          <input id={id} type="search" name="term" defaultValue={defaultTerm} autoComplete="off" />
          <button type="submit">Search</button>
        </div>
      </form>
    </search>
  );
}
