import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatDuration,
  formatLongDate,
  formatTime,
  inWords,
  ukDateTime,
} from './dates.js';

/** Welsh words as a Welsh page's state carries them (filed under the English ones). */
const WORDS: Record<string, string> = {
  Friday: 'Dydd Gwener',
  Monday: 'Dydd Llun',
  January: 'Ionawr',
  October: 'Hydref',
  November: 'Tachwedd',
  December: 'Rhagfyr',
  September: 'Medi',
  am: 'yb',
  pm: 'yh',
  to: 'tan',
  '3 years': '3 blynedd',
};
/** `useText()`'s `text` on a Welsh page. */
const WELSH = (english: string) => WORDS[english] ?? english;

describe('dates in UK time', () => {
  it('read a timestamp as UK wall-clock time, summer time included', () => {
    expect(ukDateTime('2026-08-24T10:15:00Z')).toEqual({
      year: 2026,
      month: 8,
      day: 24,
      weekday: 1,
      hour: 11,
      minute: 15,
    });
    expect(ukDateTime('2026-01-09T10:00:00Z')).toMatchObject({ hour: 10, weekday: 5 });
    // 23:30 UTC on 31 August is already 1 September in London.
    expect(formatDate('2026-08-31T23:30:00Z')).toBe('1 September 2026');
    expect(ukDateTime('not a date')).toBeNull();
    expect(ukDateTime(42)).toBeNull();
  });

  it('format dates and times the British way', () => {
    expect(formatDate('2026-09-21T09:00:00Z')).toBe('21 September 2026');
    expect(formatLongDate('2026-09-21T09:00:00Z')).toBe('Monday 21 September 2026');
    expect(formatTime({ hour: 10, minute: 0 })).toBe('10am');
    expect(formatTime({ hour: 16, minute: 30 })).toBe('4:30pm');
    expect(formatTime({ hour: 12, minute: 0 })).toBe('12pm');
    expect(formatTime({ hour: 0, minute: 5 })).toBe('12:05am');
  });

  it('format event date ranges', () => {
    expect(formatDateRange('2026-01-09T10:00:00Z', '2026-01-09T16:00:00Z')).toBe(
      'Friday 9 January 2026, 10am to 4pm',
    );
    expect(formatDateRange('2026-10-05T09:00:00Z', '2026-11-27T17:00:00Z')).toBe(
      '5 October to 27 November 2026',
    );
    expect(formatDateRange('2026-12-14T09:00:00Z', '2027-01-08T17:00:00Z')).toBe(
      '14 December 2026 to 8 January 2027',
    );
    expect(formatDateRange('2026-03-02T19:00:00Z', undefined)).toBe('Monday 2 March 2026, 7pm');
    expect(formatDateRange('2026-03-02T19:00:00Z', '2026-03-02T19:00:00Z')).toBe('Monday 2 March 2026, 7pm');
    expect(formatDateRange(undefined, '2026-03-02T19:00:00Z')).toBeNull();
  });

  it('format course lengths', () => {
    expect(formatDuration(3)).toBe('3 years');
    expect(formatDuration(1)).toBe('1 year');
    expect(formatDuration(1.5)).toBe('18 months');
    expect(formatDuration(0.5)).toBe('6 months');
    expect(formatDuration(2.5)).toBe('2.5 years');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(0)).toBeNull();
  });

  it('write dates, weekdays, times and lengths in the page’s words, in the same order', () => {
    expect(formatDate('2026-09-21T09:00:00Z', WELSH)).toBe('21 Medi 2026');
    expect(formatLongDate('2026-09-21T09:00:00Z', WELSH)).toBe('Dydd Llun 21 Medi 2026');
    expect(formatTime({ hour: 16, minute: 30 }, WELSH)).toBe('4:30yh');
    expect(formatDateRange('2026-01-09T10:00:00Z', '2026-01-09T16:00:00Z', WELSH)).toBe(
      'Dydd Gwener 9 Ionawr 2026, 10yb tan 4yh',
    );
    expect(formatDateRange('2026-10-05T09:00:00Z', '2026-11-27T17:00:00Z', WELSH)).toBe(
      '5 Hydref tan 27 Tachwedd 2026',
    );
    expect(formatDateRange('2026-12-14T09:00:00Z', '2027-01-08T17:00:00Z', WELSH)).toBe(
      '14 Rhagfyr 2026 tan 8 Ionawr 2027',
    );
    expect(formatDuration(3, WELSH)).toBe('3 blynedd');
    // A length the words lack stays as it is, rather than half translated.
    expect(formatDuration(1, WELSH)).toBe('1 year');
    // A date a card was given in English, in the page's words; no words: as it is.
    expect(inWords('Friday 9 January 2026, 10am to 4pm', WELSH)).toBe(
      'Dydd Gwener 9 Ionawr 2026, 10yb tan 4yh',
    );
    expect(inWords('Friday 9 January 2026')).toBe('Friday 9 January 2026');
  });
});
