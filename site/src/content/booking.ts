// Booking a place at an event: the limits and words the event page, the booking pages and the
// booking form (booking-form.ts, server side) share.

// (The addresses are in booking-paths.ts: the route table, in every page's first load, needs
// them, and nothing else of this module.)

/** Names the booking form: its outcome on the next page carries it. */
export const BOOKING_FORM_ID = 'booking';

/** The most places one booking takes (the platform's `booking.places` allows no more). */
export const MAX_PLACES = 4;

/** The longest name the form takes. */
export const MAX_NAME_LENGTH = 100;

/** The form's fields, in the order the error summary lists them. */
export const BOOKING_FIELDS = ['title', 'email', 'places', 'event'] as const;

/**
 * The booking page of an event at `eventPath`, an event of the English or the Welsh tree
 * (`/events/open-day` → `/events/open-day/book`, `/digwyddiadau/diwrnod-agored` →
 * `/digwyddiadau/diwrnod-agored/book`), without the language prefix.
 */
export function bookingPathOf(eventPath: string): string | null {
  return /^\/(events|digwyddiadau)\/[^/]+$/.test(eventPath) ? `${eventPath}/book` : null;
}

/** What the booking pages say of an event that is over. */
export const EVENT_OVER = 'This event has finished, so it can no longer be booked.';

/** Whether an event is over (its end, or else its start, has passed). */
export function eventIsOver(dates: Record<string, unknown> | null, now: number = Date.now()): boolean {
  const end = typeof dates?.to === 'string' ? dates.to : typeof dates?.from === 'string' ? dates.from : null;
  const at = end ? Date.parse(end) : Number.NaN;
  return Number.isFinite(at) && at <= now;
}
