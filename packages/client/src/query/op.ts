import { type DatePrecision, type RangeOperand, truncateDateOperand } from './date-precision.js';
import type { FreeTextOperator, ScalarJson } from './expression-json.js';
import {
  AndExpression,
  type ExpressionInput,
  ExpressionValueType,
  FieldExpression,
  NotExpression,
  OrExpression,
} from './expressions.js';

/**
 * A value accepted by the equality-style operators. A `Date` is sent as its ISO string (what
 * `JSON.stringify` would do anyway); only the range operators truncate dates.
 */
export type ScalarOperand = ScalarJson | Date;

function scalar(value: ScalarOperand): ScalarJson {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Builders for every search operator (contract §2.3), named as in the official Contensis SDK so that
 * existing query code ports over unchanged.
 *
 * Range operators (`between`, `greaterThan`, `greaterThanOrEqualTo`, `lessThan`, `lessThanOrEqualTo`)
 * truncate date operands according to a {@link DatePrecision}; see `truncateDateOperand` for the rules
 * and their pitfalls.
 *
 * @example
 * new Query(
 *   Op.equalTo('sys.contentTypeId', 'movie'),
 *   Op.or(Op.freeText('title', 'dark knight', true, 'or').weight(50), Op.contains('tagline', 'gotham')),
 *   Op.not(Op.in('genre', 'horror', 'romance')),
 * );
 */
export const Op = Object.freeze({
  /**
   * All expressions must match.
   * @example Op.and(Op.equalTo('a', 1), Op.exists('b', true)) // { and: [ … ] }
   */
  and(...expressions: ExpressionInput[]): AndExpression {
    return new AndExpression(...expressions);
  },

  /**
   * At least one expression must match.
   * @example Op.or(Op.equalTo('a', 1), Op.equalTo('a', 2)) // { or: [ … ] }
   */
  or(...expressions: ExpressionInput[]): OrExpression {
    return new OrExpression(...expressions);
  },

  /**
   * The expression must not match. Serialised as `{ "not": [expr] }`.
   * @example Op.not(Op.equalTo('genre', 'horror'))
   */
  not(expression: ExpressionInput): NotExpression {
    return new NotExpression(expression);
  },

  /**
   * Inclusive range. Dates are truncated to `precision` (default `minutes`).
   * @example Op.between('price', 5, 10) // { field: 'price', between: [5, 10] }
   */
  between(
    field: string,
    minimum: RangeOperand,
    maximum: RangeOperand,
    precision?: DatePrecision,
  ): FieldExpression<'between'> {
    const range = [truncateDateOperand(minimum, precision), truncateDateOperand(maximum, precision)];
    return new FieldExpression(field, 'between', range, ExpressionValueType.Array);
  },

  /**
   * Case-insensitive substring match.
   * @example Op.contains('tagline', 'gotham') // { field: 'tagline', contains: 'gotham' }
   */
  contains(field: string, value: string): FieldExpression<'contains'> {
    return new FieldExpression(field, 'contains', value, ExpressionValueType.Single);
  },

  /**
   * Case-insensitive suffix match.
   * @example Op.endsWith('email', '@example.com')
   */
  endsWith(field: string, value: string): FieldExpression<'endsWith'> {
    return new FieldExpression(field, 'endsWith', value, ExpressionValueType.Single);
  },

  /**
   * Exact match (case-insensitive for strings; any element for array fields).
   * @example Op.equalTo('sys.versionStatus', 'published')
   */
  equalTo(field: string, value: ScalarOperand): FieldExpression<'equalTo'> {
    return new FieldExpression(field, 'equalTo', scalar(value), ExpressionValueType.Single);
  },

  /**
   * `true`: the field has a non-empty value; `false`: it is missing, empty or null.
   * @example Op.exists('thumbnail', false)
   */
  exists(field: string, value: boolean): FieldExpression<'exists'> {
    return new FieldExpression(field, 'exists', value, ExpressionValueType.Single);
  },

  /**
   * Full-text word match that contributes to relevance. `operator` decides whether all (`and`) or any
   * (`or`) words must match; `fuzzy` allows approximate matches.
   * @example Op.freeText('title', 'dark knight') // freeText: { term: 'dark knight', fuzzy: false, operator: 'and' }
   */
  freeText(
    field: string,
    term: string,
    fuzzy = false,
    operator: FreeTextOperator = 'and',
  ): FieldExpression<'freeText'> {
    return new FieldExpression(field, 'freeText', { term, fuzzy, operator }, ExpressionValueType.Unknown);
  },

  /**
   * Strictly greater. Dates are truncated to `precision` (default `minutes`).
   * @example Op.greaterThan('rating', 7)
   */
  greaterThan(field: string, value: RangeOperand, precision?: DatePrecision): FieldExpression<'greaterThan'> {
    return new FieldExpression(
      field,
      'greaterThan',
      truncateDateOperand(value, precision),
      ExpressionValueType.Single,
    );
  },

  /**
   * Greater or equal. Dates are truncated to `precision` (default `minutes`).
   * @example Op.greaterThanOrEqualTo('sys.version.created', 'startOfDay(-1d)')
   */
  greaterThanOrEqualTo(
    field: string,
    value: RangeOperand,
    precision?: DatePrecision,
  ): FieldExpression<'greaterThanOrEqualTo'> {
    return new FieldExpression(
      field,
      'greaterThanOrEqualTo',
      truncateDateOperand(value, precision),
      ExpressionValueType.Single,
    );
  },

  /**
   * Equal to any of the values.
   * @example Op.in('genre', 'horror', 'romance') // { field: 'genre', in: ['horror', 'romance'] }
   */
  in(field: string, ...values: ScalarOperand[]): FieldExpression<'in'> {
    return new FieldExpression(field, 'in', values.map(scalar), ExpressionValueType.Array);
  },

  /**
   * Strictly less. Dates are truncated to `precision` (default `minutes`); note that this makes
   * `Op.lessThan('d', '2026-02-10T00:59:59.999+01:00')` send `"2026-02-09T23:59:00.000Z"`.
   * @example Op.lessThan('price', 100)
   */
  lessThan(field: string, value: RangeOperand, precision?: DatePrecision): FieldExpression<'lessThan'> {
    return new FieldExpression(
      field,
      'lessThan',
      truncateDateOperand(value, precision),
      ExpressionValueType.Single,
    );
  },

  /**
   * Less or equal. Dates are truncated to `precision` (default `minutes`).
   * @example Op.lessThanOrEqualTo('publishDate', new Date(), 'exact')
   */
  lessThanOrEqualTo(
    field: string,
    value: RangeOperand,
    precision?: DatePrecision,
  ): FieldExpression<'lessThanOrEqualTo'> {
    return new FieldExpression(
      field,
      'lessThanOrEqualTo',
      truncateDateOperand(value, precision),
      ExpressionValueType.Single,
    );
  },

  /**
   * Case-insensitive prefix match.
   * @example Op.startsWith('sys.uri', '/blog/')
   */
  startsWith(field: string, value: string): FieldExpression<'startsWith'> {
    return new FieldExpression(field, 'startsWith', value, ExpressionValueType.Single);
  },

  /**
   * Location within `distance` (a number plus unit, e.g. `"10km"`, `"5.5mi"`) of a point. Ordering by the
   * same field afterwards sorts nearest first.
   * @example Op.distanceWithin('location', 51.5, -0.12, '10km')
   */
  distanceWithin(
    field: string,
    lat: number,
    lon: number,
    distance: string,
  ): FieldExpression<'distanceWithin'> {
    return new FieldExpression(field, 'distanceWithin', { lat, lon, distance }, ExpressionValueType.Unknown);
  },
});
