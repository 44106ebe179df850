import { selectCurrentNode, useSearchParams, useSiteSelector, useWordsMessage } from '@canopy/web';
import { childCards } from '../content/child-cards.js';
import { pageOf, requestedPage } from '../content/paging.js';
import { useText } from '../messages/words.js';
import { CardList } from './Card.js';
import { Pager } from './Pager.js';

/** What a section calls its pages, by their content type: its heading, and how it counts them. */
const HEADINGS: Record<string, { heading: string; count: string }> = {
  course: {
    heading: 'All courses',
    count: 'Showing {first} to {last} of {total, plural, one {# course} other {# courses}}',
  },
  newsArticle: {
    heading: 'All news',
    count: 'Showing {first} to {last} of {total, plural, one {# article} other {# articles}}',
  },
  person: {
    heading: 'All staff',
    count: 'Showing {first} to {last} of {total, plural, one {# person} other {# people}}',
  },
};
const DEFAULT_HEADING = {
  heading: 'In this section',
  count: 'Showing {first} to {last} of {total, plural, one {# page} other {# pages}}',
};

/**
 * The pages under the current page as cards, a page of them at a time: courses, news, events
 * and people on the section landing pages, sub-pages elsewhere. The children come from the
 * mapping's `nodeOptions.children`, in the site view's order. (The section landing pages
 * themselves are search listings: see `listings/ListingPage.tsx`.)
 */
export function SectionListing() {
  const text = useText();
  const message = useWordsMessage();
  const node = useSiteSelector(selectCurrentNode);
  const [searchParams] = useSearchParams();
  const cards = childCards(node?.children);
  if (!cards.length) return null;
  const { heading, count } = HEADINGS[cards[0]?.contentTypeId ?? ''] ?? DEFAULT_HEADING;
  const page = pageOf(cards, requestedPage(searchParams.get('page')));
  return (
    <section className="section-listing" aria-labelledby="section-listing-heading">
      <div className="section-heading">
        <h2 id="section-listing-heading">{text(heading)}</h2>
        {page.pageCount > 1 ? (
          <p className="section-count">
            {message(count, { first: page.first, last: page.last, total: page.total })}
          </p>
        ) : null}
      </div>
      <CardList cards={page.items} />
      <Pager page={page.page} pageCount={page.pageCount} />
    </section>
  );
}
