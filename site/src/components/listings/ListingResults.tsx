import {
  Highlight,
  LoadMore,
  ResultCount,
  SearchStatus,
  type SearchView,
  useTermMatcher,
  useWords,
} from '@canopy/web';
import { type ReactNode, useCallback } from 'react';
import { type CardData, cardOfEntry } from '../../content/cards.js';
import { listsPastEvents } from '../../content/events.js';
import { CardList } from '../Card.js';
import type { ListingWords } from './listing-words.js';

/** Props of {@link ListingResults}. */
export interface ListingResultsProps {
  view: SearchView;
  /** In the page's language already. */
  heading: string;
  /** What the listing calls its cards: the count and the "load more" link. */
  words: ListingWords;
  /** Shown when nothing matches. */
  empty?: ReactNode;
  /** The cards open the page's first screen (no picture above them): see `CardList`'s `leadPicture`. */
  leadPicture?: boolean;
}

/** Id of the card list, where "load more" moves the focus to the first new card. */
export const LISTING_LIST_ID = 'listing-cards';

/**
 * A listing's heading, count (a live region), cards and "load more" link. The heading's id
 * is `listing-heading`, which the enclosing section is labelled by.
 */
export function ListingResults({ view, heading, words, empty, leadPicture }: ListingResultsProps) {
  const text = useWords();
  const past = listsPastEvents(view);
  const cards = view.results
    .map((entry) => cardOfEntry(entry, undefined, { past }))
    .filter((card): card is CardData => card !== null);
  // A listing searched for a term marks the words it matched in the cards' titles and descriptions.
  const matcher = useTermMatcher();
  const marks = useCallback((words: string) => <Highlight text={words} matcher={matcher} />, [matcher]);
  return (
    <>
      <div className="section-heading">
        <h2 id="listing-heading">{heading}</h2>
        <ResultCount view={view} countMessage={words.count} />
      </div>
      <SearchStatus
        view={view}
        noResults={empty}
        error={<p>{text('Sorry, this list cannot be shown right now. Please try again in a moment.')}</p>}
      >
        <CardList
          cards={cards}
          id={LISTING_LIST_ID}
          marks={matcher ? marks : undefined}
          leadPicture={leadPicture}
        />
      </SearchStatus>
      {view.isError ? null : <LoadMore view={view} listId={LISTING_LIST_ID} text={text(words.more)} />}
    </>
  );
}
