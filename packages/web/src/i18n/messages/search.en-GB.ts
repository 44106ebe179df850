/**
 * The framework's search words in English (the search components, the pager, suggestions),
 * merged into the reference catalogue (en-GB.ts). Plain words, or ICU MessageFormat with plain
 * arguments and plurals, so a page's words carry them (see `pageWordsOf`); the components
 * write these very messages (`text('Next')`, `message('Page {page}', …)`). The Welsh ones are
 * in search.cy.ts, with the same keys.
 */
export const searchMessages = {
  'search.resultCount': '{count, plural, =0 {No results} one {# result} other {# results}}',
  'search.results': '{count, plural, one {# result} other {# results}}',
  'search.forTerm': 'for “{term}”',
  'search.showing': 'showing {first, number}–{last, number}',
  'search.searching': 'Searching…',
  'search.unavailable': 'Search is not available right now.',
  'search.notWorking': 'Sorry, search is not working right now.',
  'search.tryAgain': 'Try again',
  'search.noResults': 'Nothing matches your search. Try other words or fewer filters.',
  'search.sections': 'Search sections',
  'search.count': '({count, number})',
  'search.searchFor': 'Search for',
  'search.search': 'Search',
  'search.sortBy': 'Sort by',
  'search.sort': 'Sort',
  'filters.apply': 'Apply filters',
  'filters.clearAll': 'Clear all filters',
  'filters.clear': 'Clear',
  'filters.notLoaded': 'These choices could not be loaded.',
  'filters.loading': 'Loading choices…',
  'pager.label': 'Pages of results',
  'pager.previous': 'Previous',
  'pager.next': 'Next',
  'pager.page': 'Page',
  'pager.pageNumber': 'Page {page}',
  'pager.pageOf': 'Page {page} of {pages}',
  'pager.loadMore': 'Load more',
  'pager.loading': 'Loading…',
  'suggestions.label': 'Suggestions',
  'suggestions.unavailable': 'Suggestions are not available right now.',
  'suggestions.none': 'No suggestions. Press Enter to search.',
  'suggestions.count':
    '{count, plural, one {# suggestion} other {# suggestions}}. Use the up and down arrows to choose one.',
} as const;
