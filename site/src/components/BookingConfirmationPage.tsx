import { Link, type RouteComponentProps, useEntryFormFeedback } from '@canopy/web';
import { BOOKING_FORM_ID, bookingPathOf } from '../content/booking.js';
import { formatDateRange } from '../content/dates.js';
import { objectField, pathOf, textField, titleOf } from '../content/fields.js';
import { PageHeader } from './PageHeader.js';

/**
 * `/events/{event}/book/confirmation`: where a booking that went through leads. It says so
 * once, with where the confirmation mail went; opened again later (the server keeps nothing
 * of the booking to show), it points to the mail and back to the booking form.
 */
export function BookingConfirmationPage({ entry }: RouteComponentProps) {
  const { sent, values } = useEntryFormFeedback(BOOKING_FORM_ID);
  if (entry?.sys.contentTypeId !== 'event') return null;
  const title = titleOf(entry);
  const eventPath = pathOf(entry);
  const bookingPath = eventPath ? bookingPathOf(eventPath) : null;
  const dates = objectField(entry, 'eventDates');
  const when = formatDateRange(dates?.from, dates?.to);
  const venue = textField(entry, 'venueName');
  const places = Number(values.places);

  if (!sent) {
    return (
      <div className="booking-page">
        <PageHeader title={`Booking: ${title}`} />
        <p>If you have booked a place, your confirmation is in your email.</p>
        <p>
          {bookingPath ? <Link to={bookingPath}>Book a place</Link> : null}
          {bookingPath && eventPath ? ' or ' : null}
          {eventPath ? <Link to={eventPath}>go back to {title}</Link> : null}
        </p>
      </div>
    );
  }
  return (
    <div className="booking-page">
      <div className="confirmation-panel">
        <h1>Booking confirmed</h1>
        <p>{`${places > 1 ? `${places} places` : 'Your place'} at ${title}`}</p>
      </div>
      <p>
        We have sent a confirmation email to <strong>{values.email ?? 'your email address'}</strong>.
      </p>
      {when || venue ? <p>{`See you${when ? ` on ${when}` : ''}${venue ? ` at ${venue}` : ''}.`}</p> : null}
      <h2>If you cannot come</h2>
      <p>Reply to the confirmation email, so that we can give your place to someone else.</p>
      <p>{eventPath ? <Link to={eventPath}>Back to {title}</Link> : null}</p>
    </div>
  );
}
