import { defineEntryForm } from '@canopy/web';
import { BOOKING_FORM_ID, EVENT_OVER, MAX_NAME_LENGTH, MAX_PLACES } from './booking.js';
import {
  BOOKING_CONFIRMATION_PATH,
  BOOKING_CONFIRMATION_PATH_CY,
  BOOKING_PATH,
  BOOKING_PATH_CY,
} from './booking-paths.js';

/**
 * The event booking form: a visitor's name, email address and number of places become a
 * `booking` entry on the platform, which mails the confirmation. Refused: anything missing or
 * wrong (a message at the field, nothing created), an event that does not exist, needs no
 * booking or is over, and more than ten bookings a minute from one address. Only the server uses this
 * (`entry-server.tsx`), so none of it is in the browser's bundle. Its messages are the English
 * words visitors see: they go to the page in the form's feedback as they are, and the booking
 * page shows them in the page's words (every one is a message of the demo's catalogues).
 */
export const bookingForm = defineEntryForm({
  id: BOOKING_FORM_ID,
  path: BOOKING_PATH,
  confirmationPath: BOOKING_CONFIRMATION_PATH,
  contentTypeId: 'booking',
  language: 'en-GB',
  // The confirmation page says where the mail went and how many places were booked.
  confirm: ['email', 'places'],
  fields: [
    {
      kind: 'text',
      name: 'title',
      required: 'Enter your full name',
      maxLength: MAX_NAME_LENGTH,
      tooLong: `Your name must be ${MAX_NAME_LENGTH} characters or fewer`,
    },
    {
      kind: 'email',
      name: 'email',
      required: 'Enter your email address',
      maxLength: 254,
      invalid: 'Enter an email address in the correct format, like name@example.com',
      tooLong: 'Your email address must be 254 characters or fewer',
    },
    {
      kind: 'integer',
      name: 'places',
      required: 'Enter how many places you need',
      min: 1,
      max: MAX_PLACES,
      invalid: `Number of places must be a whole number from 1 to ${MAX_PLACES}`,
    },
    {
      kind: 'entry',
      name: 'event',
      contentTypeId: 'event',
      required: 'Choose the event to book from its page',
      notFound: 'We could not find this event. It may have been cancelled or moved.',
      conditions: [
        {
          field: 'bookingRequired',
          equalTo: true,
          message: 'You do not need to book for this event: just come along.',
        },
        { field: 'eventDates.to', after: 'now', message: EVENT_OVER },
      ],
    },
  ],
  messages: {
    unavailable: 'Sorry, we could not take your booking just now. Try again in a few minutes.',
    tooMany: 'You have sent the form too many times. Wait a minute, then try again.',
  },
  rateLimit: { perMinute: 10, burst: 10 },
});

/**
 * The same form at a Welsh event's booking page (`/cy/digwyddiadau/{event}/book`): the same
 * id, fields and rate limit (the server keeps one limit per form id), so the booking pages
 * read its feedback alike, with the Welsh pages as where it goes back to and on to. Its
 * bookings are Welsh entries, so the platform's confirmation mail is the Welsh one.
 */
export const welshBookingForm = defineEntryForm({
  ...bookingForm,
  language: 'cy',
  path: `/cy${BOOKING_PATH_CY}`,
  confirmationPath: `/cy${BOOKING_CONFIRMATION_PATH_CY}`,
});

/** The booking forms the site server answers: an English event's and a Welsh event's. */
export const bookingForms = [bookingForm, welshBookingForm] as const;
