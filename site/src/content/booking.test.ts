import { describe, expect, it } from 'vitest';
import { bookingProblems } from '../components/BookingPage.js';
import { bookingPathOf, eventIsOver } from './booking.js';

describe('bookingPathOf', () => {
  it('puts the booking form below an event’s own address, and nowhere else', () => {
    expect(bookingPathOf('/events/open-day')).toBe('/events/open-day/book');
    expect(bookingPathOf('/events')).toBeNull();
    expect(bookingPathOf('/events/a/b')).toBeNull();
    expect(bookingPathOf('/courses/law')).toBeNull();
  });
});

describe('eventIsOver', () => {
  const at = Date.parse('2026-09-10T12:00:00Z');

  it('is over once its end has passed (its start, without an end)', () => {
    expect(eventIsOver({ from: '2026-09-10T09:00:00Z', to: '2026-09-10T13:00:00Z' }, at)).toBe(false);
    expect(eventIsOver({ from: '2026-09-10T09:00:00Z', to: '2026-09-10T12:00:00Z' }, at)).toBe(true);
    expect(eventIsOver({ from: '2026-09-10T11:00:00Z' }, at)).toBe(true);
  });

  it('is not over without dates it can read', () => {
    expect(eventIsOver(null, at)).toBe(false);
    expect(eventIsOver({ from: 'soon' }, at)).toBe(false);
  });
});

describe('bookingProblems', () => {
  it('lists a problem with the form or the event first, then the fields in order, linking those with inputs', () => {
    expect(
      bookingProblems({
        places: 'Places wrong',
        _form: 'Try later',
        title: 'Name missing',
        event: 'No booking needed',
      }),
    ).toEqual([
      { text: 'Try later', href: null },
      { text: 'Name missing', href: '#field-title' },
      { text: 'Places wrong', href: '#field-places' },
      { text: 'No booking needed', href: null },
    ]);
    expect(bookingProblems({})).toEqual([]);
  });
});
