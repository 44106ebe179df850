import { KEEP_SCROLL, Link, type SearchView, selectResultsElsewhere, useSiteSelector } from '@canopy/web';

/** What each facet's results are called in "No … match". */
const FACET_NOUNS: Readonly<Record<string, string>> = {
  courses: 'courses',
  all: 'pages',
  news: 'news stories',
  events: 'events',
  people: 'people',
};

/**
 * What the search page says when the facet found nothing: when another facet has results for
 * the same term, that, with a link to them (the same search there, a plain link that works
 * without JavaScript); otherwise what to try instead.
 */
export function SearchNoResults({ view }: { view: SearchView }) {
  const elsewhere = useSiteSelector(selectResultsElsewhere);
  if (!elsewhere || !view.term) return <p>Nothing matches your search. Try other words or fewer filters.</p>;
  const noun = FACET_NOUNS[view.key] ?? 'results';
  const count = `${elsewhere.count.toLocaleString('en-GB')} ${elsewhere.count === 1 ? 'result' : 'results'}`;
  return (
    <p className="search-elsewhere">
      {`No ${noun} match “${view.term}” — `}
      <Link to={elsewhere.href} state={KEEP_SCROLL}>{`${count} in ${elsewhere.title}`}</Link>
    </p>
  );
}
