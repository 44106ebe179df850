import { describe, expect, it } from 'vitest';
import { addPeriod, DateValueError, parseIsoDate, parseRelativePeriod, resolveDateOperand } from './dates.js';

// Wednesday 2024-03-06 14:30:15.250 UTC.
const NOW = Date.UTC(2024, 2, 6, 14, 30, 15, 250);
const iso = (epoch: number | undefined) => (epoch === undefined ? undefined : new Date(epoch).toISOString());

describe('parseIsoDate', () => {
  it('reads dates with and without time and zone, taking no zone as UTC', () => {
    expect(iso(parseIsoDate('2024-03-05') ?? undefined)).toBe('2024-03-05T00:00:00.000Z');
    expect(iso(parseIsoDate('2024-03-05T09:00:00') ?? undefined)).toBe('2024-03-05T09:00:00.000Z');
    expect(iso(parseIsoDate('2024-03-05T09:00') ?? undefined)).toBe('2024-03-05T09:00:00.000Z');
    expect(iso(parseIsoDate('2024/03/05 09:00:30') ?? undefined)).toBe('2024-03-05T09:00:30.000Z');
    expect(iso(parseIsoDate('2024-03-05T09:00:00.123456Z') ?? undefined)).toBe('2024-03-05T09:00:00.123Z');
    expect(iso(parseIsoDate('2024-03-05T09:00:00+01:00') ?? undefined)).toBe('2024-03-05T08:00:00.000Z');
    expect(iso(parseIsoDate('2024-03-05T09:00:00-0230') ?? undefined)).toBe('2024-03-05T11:30:00.000Z');
  });

  it('returns undefined for non-dates and null for impossible dates', () => {
    expect(parseIsoDate('hello')).toBeUndefined();
    expect(parseIsoDate('2024')).toBeUndefined();
    expect(parseIsoDate('2024-03-05 and more')).toBeUndefined();
    expect(parseIsoDate('2024-02-30')).toBeNull();
    expect(parseIsoDate('2024-13-01')).toBeNull();
    expect(parseIsoDate('2024-01-01T25:00:00Z')).toBeNull();
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
  });
});

describe('relative periods', () => {
  it('parses signed segment lists', () => {
    expect(parseRelativePeriod('-1d')).toEqual({ sign: -1, segments: [[1, 'd']] });
    expect(parseRelativePeriod('-1M 1w')).toEqual({
      sign: -1,
      segments: [
        [1, 'M'],
        [1, 'w'],
      ],
    });
    expect(parseRelativePeriod('4w 2d')).toEqual({
      sign: 1,
      segments: [
        [4, 'w'],
        [2, 'd'],
      ],
    });
    expect(parseRelativePeriod('1x')).toBeUndefined();
    expect(parseRelativePeriod('-')).toBeUndefined();
  });

  it('adds months keeping the day where it exists', () => {
    const jan31 = Date.UTC(2024, 0, 31, 12);
    expect(iso(addPeriod(jan31, { sign: 1, segments: [[1, 'M']] }))).toBe('2024-02-29T12:00:00.000Z');
    expect(iso(addPeriod(jan31, { sign: -1, segments: [[1, 'y']] }))).toBe('2023-01-31T12:00:00.000Z');
  });
});

describe('resolveDateOperand', () => {
  const at = (text: string) => iso(resolveDateOperand(text, NOW));

  it('evaluates the expression functions (weeks start on Monday, UTC, ms precise)', () => {
    expect(at('now()')).toBe('2024-03-06T14:30:15.250Z');
    expect(at('startOfDay()')).toBe('2024-03-06T00:00:00.000Z');
    expect(at('endOfDay()')).toBe('2024-03-06T23:59:59.999Z');
    expect(at('startOfWeek()')).toBe('2024-03-04T00:00:00.000Z');
    expect(at('endOfWeek()')).toBe('2024-03-10T23:59:59.999Z');
    expect(at('startOfMonth()')).toBe('2024-03-01T00:00:00.000Z');
    expect(at('endOfMonth()')).toBe('2024-03-31T23:59:59.999Z');
    expect(at('startOfYear()')).toBe('2024-01-01T00:00:00.000Z');
    expect(at('endOfYear()')).toBe('2024-12-31T23:59:59.999Z');
  });

  it('takes an integer in the function unit or a relative period', () => {
    expect(at('now(-1)')).toBe('2024-03-05T14:30:15.250Z');
    expect(at('startOfWeek(-1)')).toBe('2024-02-26T00:00:00.000Z');
    expect(at('startOfMonth(1)')).toBe('2024-04-01T00:00:00.000Z');
    expect(at('endOfYear(-1)')).toBe('2023-12-31T23:59:59.999Z');
    expect(at('startOfDay(-1w)')).toBe('2024-02-28T00:00:00.000Z');
    expect(at('STARTOFDAY( -1d )')).toBe('2024-03-05T00:00:00.000Z');
  });

  it('treats a stand-alone period as now(period)', () => {
    expect(at('-1d')).toBe('2024-03-05T14:30:15.250Z');
    expect(at('-1M 1w')).toBe('2024-01-30T14:30:15.250Z');
    expect(at('2h')).toBe('2024-03-06T16:30:15.250Z');
  });

  it('passes ISO dates through and leaves other text alone', () => {
    expect(at('2024-01-01')).toBe('2024-01-01T00:00:00.000Z');
    expect(resolveDateOperand('banana', NOW)).toBeUndefined();
    expect(resolveDateOperand('42', NOW)).toBeUndefined();
  });

  it('rejects malformed dates and functions', () => {
    expect(() => resolveDateOperand('2024-02-30', NOW)).toThrow(DateValueError);
    expect(() => resolveDateOperand('2024-1-5', NOW)).toThrow('is not a valid date');
    expect(() => resolveDateOperand('startOfWeek(soon)', NOW)).toThrow(
      'bad argument "soon" to startOfWeek()',
    );
    expect(() => resolveDateOperand('tomorrow()', NOW)).toThrow('unknown date function "tomorrow()"');
  });
});
