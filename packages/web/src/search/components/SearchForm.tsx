import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useWords } from '../../i18n/use-words.js';
import { KEEP_SCROLL, type SearchView } from '../hooks.js';
import { buildSearchPath, parseSearchRoute } from '../url-codec.js';
import { useSiteAddress } from './site-address.js';

/** Props of {@link SearchForm}. */
export interface SearchFormProps {
  view: SearchView;
  children: ReactNode;
  className?: string;
  /** Accessible name of the search landmark (default "Search", in the page's language). */
  label?: string;
}

/**
 * The search page's form: a GET form to the facet's address holding the search box (the
 * filters and the sort join it with the `form` attribute wherever they are on the page), so
 * without JavaScript submitting it gives the very address that JavaScript navigates to
 * (read and rewritten by the same codec).
 */
export function SearchForm({ view, children, className, label }: SearchFormProps) {
  const address = useSiteAddress();
  const text = useWords();
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string') params.append(name, value);
    }
    const route = parseSearchRoute(
      { pathname: view.formAction, search: `?${params}` },
      { basePath: view.basePath },
    );
    navigate(buildSearchPath(route, { basePath: view.basePath }), { state: KEEP_SCROLL });
  };
  return (
    <search aria-label={label ?? text('Search')}>
      <form
        id={view.formId}
        className={className}
        method="get"
        action={address(view.formAction)}
        onSubmit={onSubmit}
      >
        {children}
      </form>
    </search>
  );
}
