import {
  CsrfField,
  FORM_PROBLEM,
  Link,
  type RouteComponentProps,
  useEntryFormFeedback,
  useHref,
  useLocation,
  useWordsMessage,
} from '@canopy/web';
import { useEffect, useState } from 'react';
import type { SummaryItem } from '../content/account-messages.js';
import { BOOKING_FIELDS, BOOKING_FORM_ID, EVENT_OVER, eventIsOver, MAX_PLACES } from '../content/booking.js';
import { formatDateRange } from '../content/dates.js';
import { booleanField, objectField, pathOf, textField, titleOf } from '../content/fields.js';
import { useText } from '../messages/words.js';
import { ErrorSummary, Field } from './account/FormParts.js';
import { PageHeader } from './PageHeader.js';

/** The fields that have an input of their own (the event is named by the page). */
const INPUTS: ReadonlySet<string> = new Set(['title', 'email', 'places']);

/**
 * The error summary's lines: a problem with the form or the event first, then the fields in
 * order, each in the page's words (`say`; the form's messages are English, see booking-form.ts).
 */
export function bookingProblems(
  fieldErrors: Readonly<Record<string, string>>,
  say: (english: string) => string = (english) => english,
): SummaryItem[] {
  const items: SummaryItem[] = [];
  const general = fieldErrors[FORM_PROBLEM];
  if (general) items.push({ text: say(general), href: null });
  for (const name of BOOKING_FIELDS) {
    const text = fieldErrors[name];
    if (text) items.push({ text: say(text), href: INPUTS.has(name) ? `#field-${name}` : null });
  }
  return items;
}

/**
 * `/events/{event}/book`: book places at an event that needs booking. The form posts to this
 * address; the site server creates the booking on the platform (which mails the
 * confirmation) and sends the visitor on to the confirmation page, or back here with what to
 * put right. Works without JavaScript; with it, the button says the form is being sent. A
 * Welsh event's (`/cy/digwyddiadau/{event}/book`) is in Welsh, its messages too.
 */
export function BookingPage({ entry }: RouteComponentProps) {
  const text = useText();
  const message = useWordsMessage();
  // The address as the browser has it, language prefix included: the form posts back to it.
  const action = useHref(useLocation().pathname);
  const { fieldErrors, values } = useEntryFormFeedback(BOOKING_FORM_ID);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // Back to this page from the browser's history while it was sending: it is not any more.
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  if (entry?.sys.contentTypeId !== 'event') return null;
  const title = titleOf(entry);
  const eventPath = pathOf(entry);
  const dates = objectField(entry, 'eventDates');
  const when = formatDateRange(dates?.from, dates?.to, text);
  const venue = textField(entry, 'venueName');
  const back = eventPath ? <Link to={eventPath}>{message('Back to {title}', { title })}</Link> : null;
  const heading = message('Book a place: {title}', { title });

  const closed =
    booleanField(entry, 'bookingRequired') !== true
      ? text('You do not need to book for this event: just come along.')
      : eventIsOver(dates)
        ? text(EVENT_OVER)
        : null;
  if (closed) {
    return (
      <div className="booking-page">
        <PageHeader title={heading} />
        <div className="notice">
          <p>{closed}</p>
        </div>
        <p>{back}</p>
      </div>
    );
  }

  const problems = bookingProblems(fieldErrors, text);
  const error = (name: string) => (fieldErrors[name] ? text(fieldErrors[name]) : undefined);
  return (
    <div className="booking-page">
      <PageHeader title={heading} lead={text('Places are limited: book before you come.')} />
      <ErrorSummary items={problems} />
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
      <form
        className="account-form"
        method="post"
        action={action}
        aria-label={text('Book a place')}
        noValidate
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else setBusy(true);
        }}
      >
        <CsrfField />
        <input type="hidden" name="event" value={entry.sys.id} />
        <Field
          name="title"
          label={text('Full name')}
          autoComplete="name"
          error={error('title')}
          defaultValue={values.title}
        />
        <Field
          name="email"
          label={text('Email address')}
          type="email"
          autoComplete="email"
          hint={text('We will send your booking confirmation to this address.')}
          error={error('email')}
          defaultValue={values.email}
        />
        <PlacesField error={error('places')} defaultValue={values.places ?? '1'} />
        <button type="submit" aria-busy={busy || undefined} disabled={busy}>
          {busy ? text('Booking your place…') : text('Book your place')}
        </button>
      </form>
      <p>{back}</p>
    </div>
  );
}

/**
 * The number of places: a short text input that brings up the number keypad (the GOV.UK
 * advice for whole numbers, instead of `type="number"`), with its hint and inline error.
 */
function PlacesField({ error, defaultValue }: { error: string | undefined; defaultValue: string }) {
  const text = useText();
  const id = 'field-places';
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{text('Number of places')}</label>
      <p className="field-hint" id={`${id}-hint`}>
        {text(`Up to ${MAX_PLACES} places, including yourself.`)}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">{text('Error:')} </span>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name="places"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="input-narrow"
        defaultValue={defaultValue}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
    </div>
  );
}
