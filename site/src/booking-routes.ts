import { lazyComponent, type StaticRoute } from '@canopy/web';
import {
  BOOKING_CONFIRMATION_PATH,
  BOOKING_CONFIRMATION_PATH_CY,
  BOOKING_PATH,
  BOOKING_PATH_CY,
} from './content/booking-paths.js';

// The booking pages' code loads with their routes: no other page carries it.
const BookingPage = lazyComponent(() => import('./components/BookingPage.js').then((m) => m.BookingPage));
const BookingConfirmationPage = lazyComponent(() =>
  import('./components/BookingConfirmationPage.js').then((m) => m.BookingConfirmationPage),
);

/**
 * Booking a place at an event: the form below the event's address and the page a booking
 * leads to. Both load the event's node (`/events/{event}`), so they show its title, time and
 * place; the form posts to its own address, which the site server answers (`bookingForms`).
 * A Welsh event's are below its Welsh address (`/cy/digwyddiadau/{event}/book`).
 */
export const bookingRoutes: StaticRoute[] = [
  {
    path: BOOKING_PATH,
    paths: { cy: BOOKING_PATH_CY },
    title: 'Book a place',
    component: BookingPage,
    fetchNode: { level: 2 },
  },
  {
    path: BOOKING_CONFIRMATION_PATH,
    paths: { cy: BOOKING_CONFIRMATION_PATH_CY },
    title: 'Booking confirmed',
    component: BookingConfirmationPage,
    fetchNode: { level: 2 },
  },
];
