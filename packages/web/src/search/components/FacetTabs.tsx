import { Link } from 'react-router';
import type { FacetsView } from '../hooks.js';
import { KEEP_SCROLL } from '../hooks.js';

/** Props of {@link FacetTabs}. */
export interface FacetTabsProps {
  view: FacetsView;
  /** Formats a count (default: the number in brackets). */
  formatCount?: (count: number) => string;
}

const defaultCount = (count: number) => `(${count.toLocaleString('en-GB')})`;

/**
 * The tabs and, under the current tab, its facets, as plain links with counts: they work
 * without JavaScript and mark the current one with `aria-current`.
 */
export function FacetTabs({ view, formatCount = defaultCount }: FacetTabsProps) {
  const currentTab = view.tabs.find((tab) => tab.isCurrent);
  const facets = view.facets.filter((facet) => currentTab === undefined || facet.tabId === currentTab.id);
  return (
    <nav className="search-tabs" aria-label="Search sections">
      {view.tabs.length > 0 ? (
        <ul className="search-tab-list">
          {view.tabs.map((tab) => (
            <li key={tab.id}>
              <Link to={tab.href} state={KEEP_SCROLL} aria-current={tab.isCurrent ? 'page' : undefined}>
                {tab.title}
                {tab.totalCount !== null ? (
                  <span className="search-count">{` ${formatCount(tab.totalCount)}`}</span>
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
                {facet.title}
                {facet.count !== null ? (
                  <span className="search-count">{` ${formatCount(facet.count)}`}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
