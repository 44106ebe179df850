import { describe, expect, it } from 'vitest';
import type { SeedEntry } from '../types.js';
import { demoToday, nextAnniversary } from './dates.js';
import { demoContent } from './index.js';

describe('demoToday', () => {
  it('is midnight UTC of the given day, or of the current day', () => {
    expect(demoToday('2027-03-15')).toBe('2027-03-15T00:00:00Z');
    expect(demoToday('2027-03-15T23:59:59Z')).toBe('2027-03-15T00:00:00Z');
    expect(demoToday()).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  });

  it('rejects what is not a date', () => {
    expect(() => demoToday('next Tuesday')).toThrow('Not a date: next Tuesday');
  });
});

describe('nextAnniversary', () => {
  it('is the next time the day comes round, strictly after the given moment', () => {
    expect(nextAnniversary('2026-09-01T00:00:00Z', 9, 21)).toBe('2026-09-21T09:00:00Z');
    expect(nextAnniversary('2026-11-26T00:00:00Z', 9, 21)).toBe('2027-09-21T09:00:00Z');
    expect(nextAnniversary('2026-09-21T09:00:00Z', 9, 21)).toBe('2027-09-21T09:00:00Z');
    expect(nextAnniversary('2026-12-31T00:00:00Z', 1, 25)).toBe('2027-01-25T09:00:00Z');
  });
});

const english = (entry: SeedEntry) => entry.variations['en-GB']!;
const eventsOf = (today: string) =>
  [...demoContent({ today }).entries]
    .filter((e) => e.contentTypeId === 'event')
    .map((e) => ({
      entry: e,
      category: english(e).fields.category as string,
      ...(english(e).fields.eventDates as { from: string; to: string }),
    }));
const DAY_MS = 86_400_000;
const daysFrom = (today: string, iso: string) => (Date.parse(iso) - Date.parse(today)) / DAY_MS;

// Seeding days across the year, a leap day among them, years apart.
describe.each(['2026-09-01', '2026-11-26', '2028-02-29', '2031-06-30'])(
  'the demo calendar seeded on %s',
  (day) => {
    const today = demoToday(day);
    const events = eventsOf(day);
    const upcoming = events.filter((e) => e.to >= today);
    const past = events.filter((e) => e.to < today);

    it('has past events and twice as many still to come', () => {
      expect(events).toHaveLength(60);
      expect(past.length).toBeGreaterThanOrEqual(15);
      expect(upcoming.length).toBeGreaterThanOrEqual(35);
      const firstStart = upcoming.map((e) => e.from).toSorted()[0]!;
      // Events are twelve days apart: the soonest upcoming one is at most about a fortnight away.
      expect(daysFrom(today, firstStart)).toBeLessThan(17);
      expect(Math.max(...events.map((e) => daysFrom(today, e.to)))).toBeLessThan(500);
    });

    it('has an upcoming open day within two and a half months', () => {
      const openDays = upcoming.filter((e) => e.category === 'Open day' && e.from >= today);
      expect(openDays.length).toBeGreaterThanOrEqual(4);
      expect(Math.min(...openDays.map((e) => daysFrom(today, e.from)))).toBeLessThan(80);
    });

    it('writes every event before the seeding day', () => {
      for (const { entry } of events) {
        expect(entry.created < today).toBe(true);
        expect(entry.modified < today).toBe(true);
      }
    });

    it('starts every course at its next intake, within a year; the draft course a year later', () => {
      const courses = [...demoContent({ today: day }).entries].filter((e) => e.contentTypeId === 'course');
      for (const course of courses) {
        const start = english(course).fields.startDate as string;
        const published = english(course).published;
        expect(daysFrom(today, start)).toBeGreaterThan(0);
        expect(daysFrom(today, start)).toBeLessThanOrEqual(published ? 366 : 731);
      }
    });
  },
);

describe('reseeding on another day', () => {
  it('moves the calendar only: ids, titles and the order of events stay', () => {
    const a = eventsOf('2026-09-01');
    const b = eventsOf('2027-09-01');
    expect(b.map((e) => [e.entry.id, english(e.entry).fields.title])).toEqual(
      a.map((e) => [e.entry.id, english(e.entry).fields.title]),
    );
    expect(daysFrom(a[0]!.from, b[0]!.from)).toBe(365);
  });
});
