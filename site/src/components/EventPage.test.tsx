import { describe, expect, it } from 'vitest';
import { bookingText, mapLink } from '../content/event-page.js';
import { openDay } from '../test/fixtures.js';
import { expectHeadingOutline, expectStableImages } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

describe('EventPage', () => {
  const html = renderPage({ url: '/events/undergraduate-open-day-arts-and-humanities', entry: openDay });
  const main = mainOf(html);

  it('shows when, where, booking and the kind of event', () => {
    expect(main).toContain(
      '<h1>Undergraduate open day: Arts and Humanities</h1><p class="eyebrow">Open day</p>',
    );
    expect(main).toContain(
      '<dt>When</dt><dd><time dateTime="2026-01-09T10:00:00Z">Friday 9 January 2026, 10am to 4pm</time></dd>',
    );
    expect(main).toContain(
      '<dt>Where</dt><dd>Great Hall, Penlan Campus<br/><a href="https://www.openstreetmap.org/?mlat=52.2071&amp;mlon=-4.2952#map=16/52.2071/-4.2952" rel="external noopener">View on OpenStreetMap<span class="visually-hidden"> (another website)</span></a></dd>',
    );
    expect(main).toContain('<dt>Booking</dt><dd>Booking required: places are limited</dd>');
  });

  it('renders the description, a sound outline and sized images', () => {
    expect(main).toContain(
      '<h2 id="about-event">About this event</h2><div class="prose"><p>Staff and current students',
    );
    expectHeadingOutline(html);
    expectStableImages(main, { hero: true });
  });

  it('builds the map link only from valid coordinates', () => {
    expect(mapLink({ lat: 52.2, lon: -4.3 })).toBe(
      'https://www.openstreetmap.org/?mlat=52.2&mlon=-4.3#map=16/52.2/-4.3',
    );
    expect(mapLink({ lat: 91, lon: 0 })).toBeNull();
    expect(mapLink({ lat: '52', lon: 0 })).toBeNull();
    expect(mapLink(null)).toBeNull();
  });

  it('links an event to come that needs booking to its booking form, with a whole page load', () => {
    // An event that is over (the fixture's) has no link; the same event a year from now has one.
    expect(main).not.toContain('Book a place');
    const year = 365 * 24 * 3_600_000;
    const later = (iso: string) => new Date(Date.parse(iso) + 2 * year).toISOString();
    const upcoming = {
      ...openDay,
      eventDates: { from: later('2026-01-09T10:00:00Z'), to: later('2026-01-09T16:00:00Z') },
    };
    const page = mainOf(
      renderPage({ url: '/events/undergraduate-open-day-arts-and-humanities', entry: upcoming }),
    );
    expect(page).toContain(
      '<a class="button" href="/events/undergraduate-open-day-arts-and-humanities/book">Book a place<span class="visually-hidden"> at Undergraduate open day: Arts and Humanities</span></a>',
    );
    const free = mainOf(
      renderPage({
        url: '/events/undergraduate-open-day-arts-and-humanities',
        entry: { ...upcoming, bookingRequired: false },
      }),
    );
    expect(free).not.toContain('Book a place');
  });

  it('says whether to book', () => {
    expect(bookingText(false)).toBe('No booking needed');
    expect(bookingText(null)).toBeNull();
  });

  it('is in Welsh on a Welsh page: headings, terms, the date and time, and the booking link under /cy', () => {
    const welsh = mainOf(
      renderPage({ url: '/digwyddiadau/diwrnod-agored', entry: openDay, inLanguage: IN_WELSH }),
    );
    expect(welsh).toContain('<p class="eyebrow">Diwrnod agored</p>');
    expect(welsh).toContain('<h2 id="event-details">Manylion y digwyddiad</h2>');
    expect(welsh).toContain('<h2 id="about-event">Am y digwyddiad</h2>');
    expect(welsh).toContain(
      '<dt>Pryd</dt><dd><time dateTime="2026-01-09T10:00:00Z">Dydd Gwener 9 Ionawr 2026, 10yb tan 4yh</time></dd>',
    );
    expect(welsh).toContain('Gweld ar OpenStreetMap<span class="visually-hidden"> (gwefan arall)</span>');
    expect(welsh).toContain('<dt>Archebu</dt><dd>Rhaid archebu lle: mae nifer y lleoedd yn gyfyngedig</dd>');
    expect(welsh).toContain('<dt>Math o ddigwyddiad</dt><dd>Diwrnod agored</dd>');

    const year = 365 * 24 * 3_600_000;
    const later = (iso: string) => new Date(Date.parse(iso) + 2 * year).toISOString();
    const upcoming = {
      ...openDay,
      sys: { ...openDay.sys, uri: '/digwyddiadau/diwrnod-agored' },
      eventDates: { from: later('2026-01-09T10:00:00Z'), to: later('2026-01-09T16:00:00Z') },
    };
    const bookable = mainOf(
      renderPage({ url: '/digwyddiadau/diwrnod-agored', entry: upcoming, inLanguage: IN_WELSH }),
    );
    expect(bookable).toContain(
      '<a class="button" href="/cy/digwyddiadau/diwrnod-agored/book">Archebu lle<span class="visually-hidden"> ar gyfer Undergraduate open day: Arts and Humanities</span></a>',
    );
  });
});
