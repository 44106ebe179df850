// The server entry: the site server renders every page through this renderer.
import { createSiteRenderer, withEntryForms } from '@canopy/web';
import { consentWelsh } from './consent.cy.js';
import { bookingForms } from './content/booking-form.js';
import { SITE_CATALOGUES } from './messages/catalogues.js';
import { site } from './site.js';

/**
 * The renderer the site server loads from the server bundle (or, in development, from source),
 * with the event booking forms (an English and a Welsh event's), whose posts the server answers
 * (their rules stay out of the browser), and the interface words of each language (a Welsh
 * page carries its words in its state), and the cookie popup's wording in Welsh.
 */
export const renderer = withEntryForms(
  createSiteRenderer(site, { messages: SITE_CATALOGUES, consentWording: { cy: consentWelsh } }),
  bookingForms,
);
