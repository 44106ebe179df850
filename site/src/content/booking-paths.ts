/** The booking page of an event, below the event's own address. */
export const BOOKING_PATH = '/events/:slug/book';

/** Where a booking that went through leads. */
export const BOOKING_CONFIRMATION_PATH = '/events/:slug/book/confirmation';

/**
 * The same pages of a Welsh event, below its address in the Welsh tree (`/digwyddiadau/…`,
 * under the Welsh prefix: `/cy/digwyddiadau/{event}/book`).
 */
export const BOOKING_PATH_CY = '/digwyddiadau/:slug/book';

/** Where a booking of a Welsh event that went through leads. */
export const BOOKING_CONFIRMATION_PATH_CY = '/digwyddiadau/:slug/book/confirmation';
