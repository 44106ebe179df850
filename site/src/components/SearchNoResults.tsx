import {
  KEEP_SCROLL,
  Link,
  type SearchView,
  selectResultsElsewhere,
  useSiteSelector,
  useWords,
  useWordsMessage,
} from '@canopy/web';

/** "No … match" for each facet's results (messages of the catalogue, shown in the page's language). */
const NO_MATCH: Readonly<Record<string, string>> = {
  courses: 'No courses match “{term}”',
  all: 'No pages match “{term}”',
  news: 'No news stories match “{term}”',
  events: 'No events match “{term}”',
  people: 'No people match “{term}”',
};

/**
 * What the search page says when the facet found nothing: when another facet has results for
 * the same term, that, with a link to them (the same search there, a plain link that works
 * without JavaScript); otherwise what to try instead.
 */
export function SearchNoResults({ view }: { view: SearchView }) {
  const elsewhere = useSiteSelector(selectResultsElsewhere);
  const text = useWords();
  const message = useWordsMessage();
  if (!elsewhere || !view.term)
    return <p>{text('Nothing matches your search. Try other words or fewer filters.')}</p>;
  const noMatch = message(NO_MATCH[view.key] ?? 'Nothing matches “{term}”', { term: view.term });
  return (
    <p className="search-elsewhere">
      {`${noMatch} — `}
      <Link to={elsewhere.href} state={KEEP_SCROLL}>
        {message('{count, plural, one {# result} other {# results}} in {facet}', {
          count: elsewhere.count,
          facet: text(elsewhere.title),
        })}
      </Link>
    </p>
  );
}
