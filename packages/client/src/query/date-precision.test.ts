import { describe, expect, it } from 'vitest';
import { type DatePrecision, truncateDateOperand } from './date-precision.js';

describe('truncateDateOperand', () => {
  it('defaults to minute precision', () => {
    expect(truncateDateOperand('2008-07-18T10:45:30Z')).toBe('2008-07-18T10:45:00.000Z');
  });

  it('zeroes only milliseconds with seconds precision', () => {
    expect(truncateDateOperand('2008-07-18T10:45:30.123Z', 'seconds')).toBe('2008-07-18T10:45:30.000Z');
  });

  it('returns strings verbatim with exact precision, offset included', () => {
    expect(truncateDateOperand('2008-07-18T11:45:30.123+01:00', 'exact')).toBe(
      '2008-07-18T11:45:30.123+01:00',
    );
  });

  it('normalises offsets to UTC, which can change the calendar day', () => {
    expect(truncateDateOperand('2026-02-10T00:59:59.999+01:00')).toBe('2026-02-09T23:59:00.000Z');
  });

  it('handles dates before 1970', () => {
    expect(truncateDateOperand(new Date('1969-12-31T23:59:59.999Z'))).toBe('1969-12-31T23:59:00.000Z');
  });

  it('passes unparseable strings through', () => {
    for (const value of ['now()', 'startOfWeek(-1)', '-1M 1w', 'movie', '']) {
      expect(truncateDateOperand(value)).toBe(value);
    }
  });

  it('passes numbers through for every precision', () => {
    for (const precision of ['minutes', 'seconds', 'exact'] as const) {
      expect(truncateDateOperand(42, precision)).toBe(42);
    }
  });

  it('rejects an invalid Date object', () => {
    expect(() => truncateDateOperand(new Date('nope'))).toThrow(RangeError);
  });

  it('rejects an unknown precision', () => {
    expect(() => truncateDateOperand('2020-01-01', 'hours' as DatePrecision)).toThrow(
      /Unknown date precision "hours"/,
    );
  });
});
