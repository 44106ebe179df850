import { type Entry, SearchSuggestions, type SuggestionType, useWords } from '@canopy/web';
import type { RefObject } from 'react';
import { pathOf, titleOf } from '../content/fields.js';
import { search } from '../search.js';

/** The kinds of page suggested, in this order, under these labels (in the default language: shown in the page's). */
const SUGGESTION_TYPES: readonly SuggestionType[] = [
  { contentTypeId: 'course', label: 'Courses' },
  { contentTypeId: 'contentPage', label: 'Pages' },
  { contentTypeId: 'newsArticle', label: 'News' },
  { contentTypeId: 'event', label: 'Events' },
  { contentTypeId: 'person', label: 'People' },
];

/** A suggestion's title and address: the entry's title and its page. */
function optionOf(entry: Entry): { title: string; href: string } | null {
  const href = pathOf(entry);
  const title = titleOf(entry).trim();
  return href && title ? { title, href } : null;
}

/**
 * Suggestions for the header's search box: the best matches of the "Everything" search
 * (the same query as its results page, a dozen results), at most three of a kind, grouped
 * as courses, pages, news, events and people. Loaded on demand by `SearchForm`.
 */
export function SiteSearchSuggestions({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const everything = search.facets.all;
  const text = useWords();
  const types = SUGGESTION_TYPES.map((type) => ({ ...type, label: text(type.label) }));
  if (!everything) return null;
  return (
    <SearchSuggestions
      input={input}
      queryParams={everything.queryParams}
      types={types}
      optionOf={optionOf}
      label={text('Suggested pages')}
    />
  );
}
