import { KEEP_SCROLL, Link, type SearchView, useWords } from '@canopy/web';

/**
 * What the search page says above results that are not a plain answer to the term: "Did you
 * mean …" with the corrected search as a plain link (it works without JavaScript), when the
 * results matched some words only through typo corrections; and that the results match only
 * some of the words, when all of them together found nothing. Nothing while a search loads.
 */
export function SearchAdvice({ view }: { view: SearchView }) {
  const text = useWords();
  if (view.isLoading || view.isError || !view.term) return null;
  const { correction, someWords } = view.facet;
  if (!correction && !someWords) return null;
  return (
    <div className="search-advice">
      {correction ? (
        <p className="search-did-you-mean">
          {`${text('Did you mean')} `}
          <Link to={view.hrefFor({ term: correction, pageIndex: 0 })} state={KEEP_SCROLL}>
            {correction}
          </Link>
          {'?'}
        </p>
      ) : null}
      {someWords ? (
        <p>{text('No results for all of your words — showing results for some of them.')}</p>
      ) : null}
    </div>
  );
}
