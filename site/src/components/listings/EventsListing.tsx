import { KEEP_SCROLL, Link, type SearchView, useWords, useWordsMessage } from '@canopy/web';
import { ListingResults } from './ListingResults.js';
import { EVENT_WORDS } from './listing-words.js';

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
  const text = useWords();
  const message = useWordsMessage();
  const time = selected(view, 'when') === 'past' ? 'past' : 'upcoming';
  // The categories are the filter's items: the slug in the address is the key, the name the title.
  const categories = (view.facet.filters.category?.items ?? []).filter((item) => item.title);
  const chosen = categories.find((item) => item.isSelected) ?? null;
  const category = chosen?.title ? text(chosen.title) : null;
  const href = (when: string, slug: string | null) =>
    view.hrefFor({
      pageIndex: 0,
      filters: {
        ...(when === 'past' ? { when: ['past'] } : {}),
        ...(slug ? { category: [slug] } : {}),
      },
    });
  const heading = text(TIMES.find((t) => t.key === time)?.heading ?? '');
  // Within a sentence a category is a common noun: "No open day events …".
  const values = { category: category?.toLowerCase() ?? '' };
  const slug = chosen?.key ?? null;
  return (
    <section className="section-listing event-listing" aria-labelledby="listing-heading">
      <nav aria-label={text('Upcoming or past events')} className="listing-choices listing-tabs">
        <ul>
          {TIMES.map((t) => (
            <li key={t.key}>
              <Link
                to={href(t.key, slug)}
                state={KEEP_SCROLL}
                aria-current={t.key === time ? 'page' : undefined}
              >
                {text(t.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={text('Event categories')} className="listing-choices">
        <ul>
          {[{ key: null, title: 'All categories' }, ...categories].map((item) => (
            <li key={item.key ?? ''}>
              <Link
                to={href(time, item.key)}
                state={KEEP_SCROLL}
                aria-current={item.key === slug ? 'page' : undefined}
              >
                {text(item.title ?? '')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListingResults
        view={view}
        heading={category ? `${heading}: ${category}` : heading}
        words={EVENT_WORDS}
        leadPicture={leadPicture}
        empty={
          <p className="listing-empty">
            {time === 'upcoming'
              ? `${category ? message('No {category} events are coming up at the moment.', values) : text('No events are coming up at the moment.')} `
              : category
                ? message('There are no past {category} events to show.', values)
                : text('There are no past events to show.')}
            {time === 'upcoming' ? (
              <Link to={href('past', slug)}>
                {category ? message('See past {category} events', values) : text('See past events')}
              </Link>
            ) : null}
          </p>
        }
      />
    </section>
  );
}
