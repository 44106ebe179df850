import { KEEP_SCROLL, Link, type SearchView } from '@canopy/web';
import { ListingResults } from './ListingResults.js';

const TIMES = [
  { key: 'upcoming', label: 'Upcoming', heading: 'Upcoming events' },
  { key: 'past', label: 'Past events', heading: 'Past events' },
] as const;

/** The selected key of a single-select filter of the listing, if any. */
function selected(view: SearchView, filter: string): string | null {
  return view.facet.filters[filter]?.items.find((item) => item.isSelected)?.key ?? null;
}

/**
 * The events listing: upcoming events (not over yet, soonest first) or past ones (latest
 * first), of every category or of one. The choices are links whose addresses the listing's
 * filters read (`/events?when=past`, `/events?category=open-day`), so they work without
 * JavaScript; with it they update the list in place.
 */
export function EventsListing({ view, leadPicture }: { view: SearchView; leadPicture?: boolean }) {
  const time = selected(view, 'when') === 'past' ? 'past' : 'upcoming';
  // The categories are the filter's items: the slug in the address is the key, the name the title.
  const categories = (view.facet.filters.category?.items ?? []).filter((item) => item.title);
  const chosen = categories.find((item) => item.isSelected) ?? null;
  const category = chosen?.title ?? null;
  const href = (when: string, slug: string | null) =>
    view.hrefFor({
      pageIndex: 0,
      filters: {
        ...(when === 'past' ? { when: ['past'] } : {}),
        ...(slug ? { category: [slug] } : {}),
      },
    });
  const heading = TIMES.find((t) => t.key === time)?.heading ?? '';
  const what = category ? `${category.toLowerCase()} events` : 'events';
  const slug = chosen?.key ?? null;
  return (
    <section className="section-listing event-listing" aria-labelledby="listing-heading">
      <nav aria-label="Upcoming or past events" className="listing-choices listing-tabs">
        <ul>
          {TIMES.map((t) => (
            <li key={t.key}>
              <Link
                to={href(t.key, slug)}
                state={KEEP_SCROLL}
                aria-current={t.key === time ? 'page' : undefined}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Event categories" className="listing-choices">
        <ul>
          {[{ key: null, title: 'All categories' }, ...categories].map((item) => (
            <li key={item.key ?? ''}>
              <Link
                to={href(time, item.key)}
                state={KEEP_SCROLL}
                aria-current={item.key === slug ? 'page' : undefined}
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListingResults
        view={view}
        heading={category ? `${heading}: ${category}` : heading}
        noun="events"
        leadPicture={leadPicture}
        empty={
          <p className="listing-empty">
            {time === 'upcoming'
              ? `No ${what} are coming up at the moment. `
              : `There are no past ${what} to show.`}
            {time === 'upcoming' ? <Link to={href('past', slug)}>{`See past ${what}`}</Link> : null}
          </p>
        }
      />
    </section>
  );
}
