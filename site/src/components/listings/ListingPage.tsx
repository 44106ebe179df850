import { type RouteComponentProps, useListing, useWords } from '@canopy/web';
import { composerItems } from '../../content/composer.js';
import { textField, titleOf } from '../../content/fields.js';
import { imageOf } from '../../content/images.js';
import { Composer } from '../Composer.js';
import { Figure } from '../Image.js';
import { PageHeader } from '../PageHeader.js';
import { EventsListing } from './EventsListing.js';
import { FilteredListing } from './FilteredListing.js';
import { ListingResults } from './ListingResults.js';
import { COURSE_WORDS, NEWS_WORDS, PEOPLE_WORDS } from './listing-words.js';

/**
 * A section's listing page (`/news`, `/events`, `/courses`, `/people`): the section page's
 * title, summary, picture and text, then its pages as cards from the search listing of the
 * same name, twelve at a time with "load more". Courses and people can be searched and
 * filtered; events are upcoming or past, of one category or all. Everything is a link or a
 * GET form, so it all works without JavaScript too.
 */
export function ListingPage({ entry }: RouteComponentProps) {
  const view = useListing();
  const text = useWords();
  const hero = imageOf(entry?.heroImage);
  // Without a hero, the first card's picture is the largest in the first screen.
  const leadPicture = !hero;
  let listing = null;
  if (view?.key === 'events') listing = <EventsListing view={view} leadPicture={leadPicture} />;
  else if (view?.key === 'courses')
    listing = <FilteredListing view={view} words={COURSE_WORDS} leadPicture={leadPicture} />;
  else if (view?.key === 'people')
    listing = <FilteredListing view={view} words={PEOPLE_WORDS} leadPicture={leadPicture} />;
  else if (view)
    listing = (
      <section className="section-listing" aria-labelledby="listing-heading">
        <ListingResults
          view={view}
          heading={text(NEWS_WORDS.all)}
          words={NEWS_WORDS}
          leadPicture={leadPicture}
        />
      </section>
    );
  return (
    <>
      <article className="content-page">
        <PageHeader
          title={entry ? titleOf(entry) : text(view?.facet.title ?? '')}
          lead={textField(entry, 'summary')}
        />
        {hero ? <Figure image={hero} priority caption={null} className="hero" /> : null}
        <Composer items={composerItems(entry?.body)} />
      </article>
      {listing}
    </>
  );
}
