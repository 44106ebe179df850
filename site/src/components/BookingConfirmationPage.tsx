import { Link, type RouteComponentProps, useEntryFormFeedback, useWordsMessage } from '@canopy/web';
import { BOOKING_FORM_ID, bookingPathOf } from '../content/booking.js';
import { formatDateRange } from '../content/dates.js';
import { objectField, pathOf, textField, titleOf } from '../content/fields.js';
import { useText } from '../messages/words.js';
import { PageHeader } from './PageHeader.js';

/**
 * `/events/{event}/book/confirmation`: where a booking that went through leads. It says so
 * once, with where the confirmation mail went; opened again later (the server keeps nothing
 * of the booking to show), it points to the mail and back to the booking form. In the page's
 * words: a Welsh event's (`/cy/digwyddiadau/{event}/book/confirmation`) is in Welsh.
 */
export function BookingConfirmationPage({ entry }: RouteComponentProps) {
  const text = useText();
  const message = useWordsMessage();
  const { sent, values } = useEntryFormFeedback(BOOKING_FORM_ID);
  if (entry?.sys.contentTypeId !== 'event') return null;
  const title = titleOf(entry);
  const eventPath = pathOf(entry);
  const bookingPath = eventPath ? bookingPathOf(eventPath) : null;
  const dates = objectField(entry, 'eventDates');
  const when = formatDateRange(dates?.from, dates?.to, text);
  const venue = textField(entry, 'venueName');
  const places = Number(values.places);
  const back = eventPath ? <Link to={eventPath}>{message('Back to {title}', { title })}</Link> : null;

  if (!sent) {
    return (
      <div className="booking-page">
        <PageHeader title={message('Booking: {title}', { title })} />
        <p>{text('If you have booked a place, your confirmation is in your email.')}</p>
        {bookingPath ? (
          <p>
            <Link to={bookingPath}>{text('Book a place')}</Link>
          </p>
        ) : null}
        {back ? <p>{back}</p> : null}
      </div>
    );
  }
  // One place (or a number the feedback lacks) is "Your place"; a Welsh numeral changes the noun after it (2 le, 3 lle).
  const booked = message('{places, plural, one {Your place} other {# places}} at {title}', {
    places: places > 1 ? places : 1,
    title,
  });
  return (
    <div className="booking-page">
      <div className="confirmation-panel">
        <h1>{text('Booking confirmed')}</h1>
        <p>{booked}</p>
      </div>
      <p>
        {text('We have sent a confirmation email to')}{' '}
        <strong>{values.email ?? text('your email address')}</strong>.
      </p>
      {when || venue ? (
        <dl className="booking-event">
          {when ? (
            <>
              <dt>{text('When')}</dt>
              <dd>{when}</dd>
            </>
          ) : null}
          {venue ? (
            <>
              <dt>{text('Where')}</dt>
              <dd>{venue}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <h2>{text('If you cannot come')}</h2>
      <p>{text('Reply to the confirmation email, so that we can give your place to someone else.')}</p>
      {back ? <p>{back}</p> : null}
    </div>
  );
}
