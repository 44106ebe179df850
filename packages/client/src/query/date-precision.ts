/**
 * How much of a date operand the range operators keep (contract §2.5).
 *
 * - `minutes` (default): seconds and milliseconds are zeroed.
 * - `seconds`: milliseconds are zeroed.
 * - `exact`: the value is sent as given.
 *
 * @example
 * Op.greaterThan('releaseDate', new Date(), 'seconds');
 */
export type DatePrecision = 'minutes' | 'seconds' | 'exact';

/** An operand of `between`, `greaterThan(OrEqualTo)` and `lessThan(OrEqualTo)`. */
export type RangeOperand = string | number | Date;

const precisions: readonly string[] = ['minutes', 'seconds', 'exact'];

/**
 * Applies the official client's date truncation to a range operand.
 *
 * Reproduced faithfully, pitfalls included, so that Canopy sends the same values:
 *
 * - Any string that `Date.parse` accepts counts as a date and is rewritten as a UTC ISO string. That
 *   includes offsets (`"2026-02-10T00:59:59.999+01:00"` becomes `"2026-02-09T23:59:00.000Z"`, a different
 *   calendar day) and, in V8, numeric-looking or loosely date-like strings such as `"6"` or `"gotham 2"`,
 *   whose result also depends on the local time zone. Pass numbers as numbers: they are never touched.
 * - Strings `Date.parse` rejects (`"startOfDay(-1d)"`, `"-1d"`, plain words) pass through unchanged, so
 *   server-side date functions keep working.
 * - With `exact`, strings are sent verbatim (not converted to UTC); `Date` objects become their ISO string,
 *   which is exactly what `JSON.stringify` would have produced.
 *
 * @throws RangeError for an unknown precision, or for an invalid `Date` object (which has no ISO form).
 * @example
 * truncateDateOperand('2008-07-18T10:45:30Z'); // '2008-07-18T10:45:00.000Z'
 * truncateDateOperand('2008-07-18T10:45:30.123Z', 'seconds'); // '2008-07-18T10:45:30.000Z'
 * truncateDateOperand(6); // 6
 */
export function truncateDateOperand(
  value: RangeOperand,
  precision: DatePrecision = 'minutes',
): string | number {
  if (!precisions.includes(precision)) {
    throw new RangeError(`Unknown date precision "${precision}"; expected "minutes", "seconds" or "exact".`);
  }
  if (typeof value === 'number') return value;

  let time: number;
  if (value instanceof Date) {
    time = value.getTime();
    if (Number.isNaN(time)) throw new RangeError('Cannot use an invalid Date as a query operand.');
  } else {
    time = Date.parse(value);
    if (Number.isNaN(time) || precision === 'exact') return value;
  }

  const date = new Date(time);
  // UTC setters, so that zones with sub-minute historical offsets cannot leave stray seconds behind.
  if (precision === 'minutes') date.setUTCSeconds(0, 0);
  else if (precision === 'seconds') date.setUTCMilliseconds(0);
  return date.toISOString();
}
