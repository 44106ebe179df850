import { Link } from 'react-router';
import { useWords } from '../../i18n/use-words.js';
import { useWordsMessage } from '../../i18n/use-words-message.js';
import type { FacetsView } from '../hooks.js';
import { KEEP_SCROLL } from '../hooks.js';

/** Props of {@link FacetTabs}. */
export interface FacetTabsProps {
  view: FacetsView;
  /** Formats a count (default: the number in brackets, written in the page's language). */
  formatCount?: (count: number) => string;
}

/**
 * The tabs and, under the current tab, its facets, as plain links with counts: they work
 * without JavaScript and mark the current one with `aria-current`. The titles are the search
 * configuration's, shown in the page's language when its words have them (`useWords`).
 */
export function FacetTabs({ view, formatCount }: FacetTabsProps) {
  const text = useWords();
  const message = useWordsMessage();
  const countOf = formatCount ?? ((count: number) => message('({count, number})', { count }));
  const currentTab = view.tabs.find((tab) => tab.isCurrent);
  const facets = view.facets.filter((facet) => currentTab === undefined || facet.tabId === currentTab.id);
  return (
    <nav className="search-tabs" aria-label={text('Search sections')}>
      {view.tabs.length > 0 ? (
        <ul className="search-tab-list">
          {view.tabs.map((tab) => (
            <li key={tab.id}>
              <Link to={tab.href} state={KEEP_SCROLL} aria-current={tab.isCurrent ? 'page' : undefined}>
                {text(tab.title)}
                {tab.totalCount !== null ? (
                  <span className="search-count">{` ${countOf(tab.totalCount)}`}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {facets.length > 1 ? (
        <ul className="search-facet-list">
          {facets.map((facet) => (
            <li key={facet.key}>
              <Link to={facet.href} state={KEEP_SCROLL} aria-current={facet.isCurrent ? 'page' : undefined}>
                {text(facet.title)}
                {facet.count !== null ? (
                  <span className="search-count">{` ${countOf(facet.count)}`}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
