import type { Entry } from '@canopy/client';
import { useMemo } from 'react';
import { useSiteSelector } from '../state/hooks.js';
import type { SearchState } from './search-state.js';

/** A minilist as a component shows it. */
export interface MinilistView {
  title: string;
  results: Entry[];
  isLoading: boolean;
  isError: boolean;
}

/**
 * A minilist's entries, loaded with the page by `minilistLoader`; `null` when the page has
 * none. Kept apart from the search page's hooks so a page with a minilist stays light.
 *
 * @example
 * const latest = useMinilist('latestNews');
 * latest?.results.map((entry) => <li key={entry.sys.id}>{entry.entryTitle}</li>);
 */
export function useMinilist(id: string): MinilistView | null {
  const minilist = useSiteSelector((state) => (state.search as SearchState | undefined)?.minilist[id]);
  return useMemo(
    () =>
      minilist
        ? {
            title: minilist.title,
            results: minilist.entries.items,
            isLoading: minilist.entries.isLoading,
            isError: minilist.entries.isError,
          }
        : null,
    [minilist],
  );
}
