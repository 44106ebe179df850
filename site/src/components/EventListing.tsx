import { Link, type RouteNode, selectMappedEntry, useSearchParams, useSiteSelector } from '@canopy/web';
import { childCards } from '../content/cards.js';
import {
  EVENT_CATEGORY_PARAM,
  EVENT_TIME_PARAM,
  type EventTime,
  eventCategories,
  eventListingSearch,
  eventTimeOf,
  listEvents,
  listingTime,
} from '../content/events.js';
import { pageOf, requestedPage } from '../content/paging.js';
import { CardList } from './Card.js';
import { Pager } from './Pager.js';

const TIMES: { time: EventTime; label: string; heading: string }[] = [
  { time: 'upcoming', label: 'Upcoming', heading: 'Upcoming events' },
  { time: 'past', label: 'Past events', heading: 'Past events' },
];

/**
 * The events section's listing: upcoming events (those not yet over, soonest first) or past
 * ones (latest first), of every category or of one. The choices are plain links with the
 * choice in the query string, so they work without JavaScript and every listing has an
 * address, e.g. `/events?category=open-day` for the upcoming open days.
 */
export function EventListing({ events }: { events: readonly RouteNode[] }) {
  const [searchParams] = useSearchParams();
  const now = listingTime(useSiteSelector(selectMappedEntry));
  const time = eventTimeOf(searchParams.get(EVENT_TIME_PARAM));
  const categories = eventCategories(events);
  const requested = searchParams.get(EVENT_CATEGORY_PARAM);
  const category = categories.find((c) => c.slug === requested) ?? null;
  const listed = childCards(listEvents(events, { time, category: category?.slug ?? null, now }));
  const page = pageOf(listed, requestedPage(searchParams.get('page')));
  const heading = TIMES.find((t) => t.time === time)?.heading ?? '';
  const what = category ? `${category.name.toLowerCase()} events` : 'events';
  return (
    <section className="section-listing event-listing" aria-labelledby="section-listing-heading">
      <div className="section-heading">
        <h2 id="section-listing-heading">{category ? `${heading}: ${category.name}` : heading}</h2>
        {page.pageCount > 1 ? (
          <p className="section-count">{`Showing ${page.first} to ${page.last} of ${page.total} events`}</p>
        ) : null}
      </div>
      <nav aria-label="Upcoming or past events" className="listing-choices listing-tabs">
        <ul>
          {TIMES.map((t) => (
            <li key={t.time}>
              <Link
                to={{ search: eventListingSearch(t.time, category?.slug ?? null) }}
                aria-current={t.time === time ? 'page' : undefined}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {categories.length > 1 ? (
        <nav aria-label="Event categories" className="listing-choices">
          <ul>
            {[{ name: 'All categories', slug: null }, ...categories].map((c) => (
              <li key={c.slug ?? ''}>
                <Link
                  to={{ search: eventListingSearch(time, c.slug) }}
                  aria-current={c.slug === (category?.slug ?? null) ? 'page' : undefined}
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {page.items.length ? (
        <CardList cards={page.items} />
      ) : (
        <p className="listing-empty">
          {time === 'upcoming'
            ? `No ${what} are coming up at the moment. `
            : `There are no past ${what} to show.`}
          {time === 'upcoming' ? (
            <Link
              to={{ search: eventListingSearch('past', category?.slug ?? null) }}
            >{`See past ${what}`}</Link>
          ) : null}
        </p>
      )}
      <Pager
        page={page.page}
        pageCount={page.pageCount}
        search={eventListingSearch(time, category?.slug ?? null)}
      />
    </section>
  );
}
