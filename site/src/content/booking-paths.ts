/** The booking page of an event, below the event's own address. */
export const BOOKING_PATH = '/events/:slug/book';

/** Where a booking that went through leads. */
export const BOOKING_CONFIRMATION_PATH = '/events/:slug/book/confirmation';
