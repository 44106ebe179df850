import { type EntryPageProps, useHref } from '@canopy/web';
import { bookingPathOf, eventIsOver } from '../content/booking.js';
import { formatDateRange } from '../content/dates.js';
import { bookingText, mapLink } from '../content/event-page.js';
import { booleanField, objectField, pathOf, textField, titleOf } from '../content/fields.js';
import type { EventEntry } from '../content/generated/content-types.js';
import { imageOf } from '../content/images.js';
import { useText } from '../messages/words.js';
import { FactList } from './FactList.js';
import { Figure } from './Image.js';
import { PageHeader } from './PageHeader.js';
import { Prose } from './Prose.js';

/**
 * An event: when (UK time, in the page's words), where (with a map link), whether to book
 * (with a link to the booking form when it must be booked), and what it is about.
 */
export function EventPage({ entry }: EntryPageProps<EventEntry>) {
  const text = useText();
  const eventPath = entry ? pathOf(entry) : null;
  // Events still to come that need booking link to their booking form, under the page's
  // language prefix (a plain link: the router's basename is not added to it by itself).
  const dates = entry ? objectField(entry, 'eventDates') : null;
  const bookingPath =
    entry && booleanField(entry, 'bookingRequired') === true && eventPath && !eventIsOver(dates)
      ? bookingPathOf(eventPath)
      : null;
  const bookingHref = useHref(bookingPath ?? '/');
  if (!entry) return null;
  const hero = imageOf(entry.heroImage);
  const when = formatDateRange(dates?.from, dates?.to, text);
  const venue = textField(entry, 'venueName');
  const map = mapLink(objectField(entry, 'location'));
  const description = textField(entry, 'description');
  const category = textField(entry, 'category');
  return (
    <article className="event-page">
      <PageHeader
        title={titleOf(entry)}
        lead={textField(entry, 'summary')}
        eyebrow={category ? text(category) : null}
      />
      <div className="page-columns">
        <div className="page-main">
          {hero ? <Figure image={hero} priority caption={null} className="hero" /> : null}
          {description ? (
            <section aria-labelledby="about-event">
              <h2 id="about-event">{text('About this event')}</h2>
              <Prose html={description} />
            </section>
          ) : null}
        </div>
        <aside className="page-aside" aria-labelledby="event-details">
          <div className="panel">
            <h2 id="event-details">{text('Event details')}</h2>
            <FactList
              facts={[
                {
                  term: 'When',
                  value:
                    when && typeof dates?.from === 'string' ? (
                      <time dateTime={dates.from}>{when}</time>
                    ) : null,
                },
                {
                  term: 'Where',
                  value: venue ? (
                    <>
                      {venue}
                      {map ? (
                        <>
                          <br />
                          <a href={map} rel="external noopener">
                            {text('View on OpenStreetMap')}
                            <span className="visually-hidden">{` (${text('another website')})`}</span>
                          </a>
                        </>
                      ) : null}
                    </>
                  ) : null,
                },
                { term: 'Booking', value: bookingText(booleanField(entry, 'bookingRequired')) },
                { term: 'Type of event', value: category },
              ]}
            />
            {bookingPath ? (
              // A whole page load, not a client navigation: the booking form needs the token
              // the server writes into its page (this page, kept in caches, has none).
              <p>
                <a className="button" href={bookingHref}>
                  {text('Book a place')}
                  <span className="visually-hidden">{` ${text('at')} ${titleOf(entry)}`}</span>
                </a>
              </p>
            ) : null}
          </div>
        </aside>
      </div>
    </article>
  );
}
