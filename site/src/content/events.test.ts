import { describe, expect, it } from 'vitest';
import { entry, node } from '../test/fixtures.js';
import {
  categorySlug,
  eventCategories,
  eventListingSearch,
  eventSpan,
  eventTimeOf,
  listEvents,
  listingTime,
  OPEN_DAYS_PATH,
} from './events.js';

const event = (slug: string, category: string, from: string, to?: string) =>
  node(`/events/${slug}`, slug, {
    entry: entry('event', `/events/${slug}`, { title: slug, category, eventDates: { from, to } }),
  });

const NOW = Date.parse('2027-03-15T12:00:00Z');
const events = [
  event('last-year', 'Workshop', '2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z'),
  event('this-morning', 'Open day', '2027-03-15T09:00:00Z', '2027-03-15T11:00:00Z'),
  event('exhibition-on-now', 'Exhibition', '2027-02-20T10:00:00Z', '2027-04-01T17:00:00Z'),
  event('next-month', 'Open day', '2027-04-10T10:00:00Z', '2027-04-10T16:00:00Z'),
  event('tomorrow', 'Public lecture', '2027-03-16T18:30:00Z', '2027-03-16T20:00:00Z'),
  event('last-week', 'Sport', '2027-03-08T09:00:00Z', '2027-03-08T15:00:00Z'),
  node('/events/about-our-events', 'About our events', {
    entry: entry('contentPage', '/events/about-our-events', { title: 'About our events' }),
  }),
];
const slugs = (nodes: { path: string }[]) => nodes.map((n) => n.path.replace('/events/', ''));

describe('listEvents', () => {
  it('lists what has not ended, soonest start first, events on now among them', () => {
    expect(slugs(listEvents(events, { time: 'upcoming', category: null, now: NOW }))).toEqual([
      'exhibition-on-now',
      'tomorrow',
      'next-month',
    ]);
  });

  it('lists what has ended, latest first', () => {
    expect(slugs(listEvents(events, { time: 'past', category: null, now: NOW }))).toEqual([
      'this-morning',
      'last-week',
      'last-year',
    ]);
  });

  it('keeps one category', () => {
    expect(slugs(listEvents(events, { time: 'upcoming', category: 'open-day', now: NOW }))).toEqual([
      'next-month',
    ]);
    expect(slugs(listEvents(events, { time: 'past', category: 'open-day', now: NOW }))).toEqual([
      'this-morning',
    ]);
    expect(listEvents(events, { time: 'upcoming', category: 'no-such-category', now: NOW })).toEqual([]);
  });

  it('moves an event to the past the moment it ends', () => {
    const ends = Date.parse('2027-03-16T20:00:00Z');
    expect(slugs(listEvents(events, { time: 'upcoming', category: 'public-lecture', now: ends }))).toEqual([
      'tomorrow',
    ]);
    expect(slugs(listEvents(events, { time: 'past', category: 'public-lecture', now: ends + 1 }))).toEqual([
      'tomorrow',
    ]);
  });
});

describe('eventSpan', () => {
  it('reads the dates, treating a missing or backwards end as the start', () => {
    const at = (from: unknown, to?: unknown) => eventSpan(entry('event', '/e', { eventDates: { from, to } }));
    expect(at('2027-03-15T09:00:00Z', '2027-03-15T11:00:00Z')).toEqual({
      from: Date.parse('2027-03-15T09:00:00Z'),
      to: Date.parse('2027-03-15T11:00:00Z'),
    });
    expect(at('2027-03-15T09:00:00Z')?.to).toBe(Date.parse('2027-03-15T09:00:00Z'));
    expect(at('2027-03-15T09:00:00Z', '2027-03-14T09:00:00Z')?.to).toBe(Date.parse('2027-03-15T09:00:00Z'));
    expect(at('soon')).toBeNull();
    expect(eventSpan(entry('event', '/e', {}))).toBeNull();
  });
});

describe('categories and addresses', () => {
  it('lists the categories of the events alphabetically, with their slugs', () => {
    expect(eventCategories(events).map((c) => c.slug)).toEqual([
      'exhibition',
      'open-day',
      'public-lecture',
      'sport',
      'workshop',
    ]);
    expect(categorySlug('Open day')).toBe('open-day');
    expect(categorySlug(' Talks & Tours! ')).toBe('talks-tours');
  });

  it('gives upcoming events of every category the bare address', () => {
    expect(eventListingSearch('upcoming', null)).toBe('');
    expect(eventListingSearch('past', null)).toBe('?when=past');
    expect(eventListingSearch('past', 'open-day')).toBe('?when=past&category=open-day');
    expect(OPEN_DAYS_PATH).toBe('/events?category=open-day');
    expect(eventTimeOf('past')).toBe('past');
    expect(eventTimeOf('PAST')).toBe('upcoming');
    expect(eventTimeOf(null)).toBe('upcoming');
  });

  it('reads the listing moment of a page, or takes the time without one', () => {
    expect(listingTime({ listedAt: '2027-03-15T12:00:00.000Z' })).toBe(NOW);
    const before = Date.now();
    expect(listingTime({ listedAt: 'yesterday' })).toBeGreaterThanOrEqual(before);
    expect(listingTime(null)).toBeGreaterThanOrEqual(before);
  });
});
