import { lazyComponent, type StaticRoute } from '@canopy/web';
import { BOOKING_CONFIRMATION_PATH, BOOKING_PATH } from './content/booking-paths.js';

// The booking pages' code loads with their routes: no other page carries it.
const BookingPage = lazyComponent(() => import('./components/BookingPage.js').then((m) => m.BookingPage));
const BookingConfirmationPage = lazyComponent(() =>
  import('./components/BookingConfirmationPage.js').then((m) => m.BookingConfirmationPage),
);

/**
 * Booking a place at an event: the form below the event's address and the page a booking
 * leads to. Both load the event's node (`/events/{event}`), so they show its title, time and
 * place; the form posts to its own address, which the site server answers (`bookingForm`).
 */
export const bookingRoutes: StaticRoute[] = [
  { path: BOOKING_PATH, title: 'Book a place', component: BookingPage, fetchNode: { level: 2 } },
  {
    path: BOOKING_CONFIRMATION_PATH,
    title: 'Booking confirmed',
    component: BookingConfirmationPage,
    fetchNode: { level: 2 },
  },
];
