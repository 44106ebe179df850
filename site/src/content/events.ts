import type { FilterItem } from '@canopy/web';

/** One where-clause expression, as filter items and facets take them. */
type Expression = NonNullable<FilterItem['where']>[number];

/**
 * The periods events are chosen by, relative to the day they are searched: the where clauses
 * use the platform's date functions (contract §2.5), which the platform resolves on its own
 * clock when it searches, so the periods never go stale and the server and the browser ask
 * the same (no date is read while rendering). Events still to come are those not over yet
 * (`eventDates.to` from now on), soonest first; past ones are over, latest first. "This
 * month" runs to the end of the calendar month (UTC), the next three months to the same time
 * three months on, and "later" is what starts after that.
 */
export const EVENT_PERIODS: readonly FilterItem[] = [
  {
    key: 'upcoming',
    title: 'All upcoming',
    where: [{ field: 'eventDates.to', greaterThanOrEqualTo: 'now()' }],
    orderBy: 'eventDates.from',
  },
  {
    key: 'this-month',
    title: 'This month',
    where: [
      { field: 'eventDates.to', greaterThanOrEqualTo: 'now()' },
      { field: 'eventDates.from', lessThanOrEqualTo: 'endOfMonth()' },
    ],
    orderBy: 'eventDates.from',
  },
  {
    key: 'next-three-months',
    title: 'Next three months',
    where: [
      { field: 'eventDates.to', greaterThanOrEqualTo: 'now()' },
      { field: 'eventDates.from', lessThan: 'now(3M)' },
    ],
    orderBy: 'eventDates.from',
  },
  {
    key: 'later',
    title: 'Later',
    where: [{ field: 'eventDates.from', greaterThanOrEqualTo: 'now(3M)' }],
    orderBy: 'eventDates.from',
  },
  {
    key: 'past',
    title: 'Past events',
    where: [{ field: 'eventDates.to', lessThan: 'now()' }],
    orderBy: '-eventDates.from',
  },
];

/** The period every event list starts with: events not over yet. */
export const UPCOMING = 'upcoming';
/** The period of events that are over. */
export const PAST = 'past';

/** The periods the `/events` listing offers: upcoming, or past. */
export const LISTING_PERIODS = EVENT_PERIODS.filter(
  (period) => period.key === UPCOMING || period.key === PAST,
);

/**
 * What an "everything" search asks of events: only those not over yet, other pages as they
 * are (past events are one explicit choice away, in the events facet's "When" filter).
 */
export const NOT_PAST_EVENTS: Expression = {
  or: [
    { not: { field: 'sys.contentTypeId', equalTo: 'event' } },
    { field: 'eventDates.to', greaterThanOrEqualTo: 'now()' },
  ],
};

/** What a card or result says of an event that is over. */
export const PAST_EVENT_LABEL = 'Past event';

/** The part of a facet that says which period of events it lists. */
interface FacetFilters {
  filters: Readonly<Record<string, { items: readonly { key: string; isSelected?: boolean }[] }>>;
}

/** Whether a view lists past events: the visitor chose "Past events" in its `when` filter. */
export function listsPastEvents(view: { facet: FacetFilters }): boolean {
  return view.facet.filters.when?.items.some((item) => item.key === PAST && item.isSelected) ?? false;
}

/** The categories of the demo's events (the `event.category` choices), in alphabetical order. */
export const EVENT_CATEGORIES = [
  'Exhibition',
  'Open day',
  'Performance',
  'Public lecture',
  'Sport',
  'Workshop',
] as const;

/**
 * A category name as it appears in addresses.
 *
 * @example
 * categorySlug('Open day'); // 'open-day'
 */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Where the open-day calls to action lead: the upcoming open days (the `/events` listing's
 * `category` filter, see `search.ts`).
 */
export const OPEN_DAYS_PATH = `/events?category=${categorySlug('Open day')}`;
