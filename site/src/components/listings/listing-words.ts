/**
 * What each listing calls its cards, as the default language's messages of the catalogue
 * (search.en-GB.ts): the components show them in the page's language (`useWords`,
 * `useWordsMessage`). Whole sentences per listing, not a noun put into a sentence, so every
 * language can word them its own way ("3 chwrs", "3 o bobl").
 */
export interface ListingWords {
  /** The heading of the whole list. */
  all: string;
  /** The heading while a term or a filter narrows it. */
  matching?: string;
  /** How many there are: a plural over `count`. */
  count: string;
  /** The "load more" link. */
  more: string;
  /** Said when nothing matches the term and filters. */
  empty?: string;
  /** The search landmark's name, the filters' and the search box's label. */
  search?: string;
  filter?: string;
  searchLabel?: string;
}

/** The courses listing (`/courses`). */
export const COURSE_WORDS: ListingWords = {
  all: 'All courses',
  matching: 'Matching courses',
  count: '{count, plural, one {# course} other {# courses}}',
  more: 'Show more courses',
  empty: 'No courses match. Try other words or fewer filters.',
  search: 'Search courses',
  filter: 'Filter courses',
  searchLabel: 'Search for a course by name',
};

/** The staff listing (`/people`). */
export const PEOPLE_WORDS: ListingWords = {
  all: 'All staff',
  matching: 'Matching people',
  count: '{count, plural, one {# person} other {# people}}',
  more: 'Show more people',
  empty: 'No people match. Try other words or fewer filters.',
  search: 'Search people',
  filter: 'Filter people',
  searchLabel: 'Search for staff by name, department or expertise',
};

/** The news listing (`/news`). */
export const NEWS_WORDS: ListingWords = {
  all: 'All news',
  count: '{count, plural, one {# article} other {# articles}}',
  more: 'Show more articles',
};

/** The events listing (`/events`); its headings are the period's (see `EventsListing`). */
export const EVENT_WORDS: ListingWords = {
  all: 'Upcoming events',
  count: '{count, plural, one {# event} other {# events}}',
  more: 'Show more events',
};
