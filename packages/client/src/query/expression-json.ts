/**
 * Wire shapes of search expressions (contract §2.2, §2.3).
 *
 * These types describe what may appear in a query's `where` array. They are deliberately a little wider
 * than what the builders emit (for example `freeText` as a plain string, `not` as a single object) because
 * the same types describe hand-written plain-object queries, and the platform accepts those forms (§2.11).
 */

/** A single JSON operand value: what `equalTo`, `greaterThan` and friends carry. */
export type ScalarJson = string | number | boolean | null;

/** `and` requires every word of the term to match; `or` requires any word to match. */
export type FreeTextOperator = 'and' | 'or';

/**
 * Operand of `freeText` as the builder emits it.
 *
 * @example
 * const value: FreeTextJson = { term: 'dark knight', fuzzy: true, operator: 'or' };
 */
export interface FreeTextJson {
  term: string;
  fuzzy: boolean;
  operator: FreeTextOperator;
}

/**
 * Operand of `distanceWithin`: a centre point and a radius with a unit suffix.
 *
 * @example
 * const value: DistanceWithinJson = { lat: 51.5, lon: -0.12, distance: '10.5mi' };
 */
export interface DistanceWithinJson {
  lat: number;
  lon: number;
  /** A number followed by a unit, e.g. `"10km"`, `"5mi"`, `"300m"` (units listed in contract §2.3). */
  distance: string;
}

/** Maps every field operator key to the operand JSON it carries on the wire. */
export interface FieldOperandJsonMap {
  between: ScalarJson[];
  contains: string;
  distanceWithin: DistanceWithinJson;
  endsWith: string;
  equalTo: ScalarJson;
  exists: boolean;
  // The documented HTTP form is a bare string; the builder always emits the object form.
  freeText: FreeTextJson | string;
  greaterThan: ScalarJson;
  greaterThanOrEqualTo: ScalarJson;
  in: ScalarJson[];
  lessThan: ScalarJson;
  lessThanOrEqualTo: ScalarJson;
  startsWith: string;
}

/** Operator keys that apply to a field (everything except the logical `and`/`or`/`not`). */
export type FieldOperator = keyof FieldOperandJsonMap;

/** Operator keys that combine other expressions. */
export type LogicalOperator = 'and' | 'or' | 'not';

/** Any operand a field expression can carry. */
export type OperandJson = FieldOperandJsonMap[FieldOperator];

/**
 * A field expression: `field`, exactly one operator key, and an optional `weight`.
 *
 * @example
 * const expr: FieldExpressionJson = { field: 'title', contains: 'gotham', weight: 10 };
 */
export type FieldExpressionJson = FieldExpressionJsonFor<FieldOperator>;

/**
 * The field expression JSON for one operator (a union when `K` is a union).
 *
 * @example
 * const expr: FieldExpressionJsonFor<'in'> = { field: 'genre', in: ['horror'] };
 */
export type FieldExpressionJsonFor<K extends FieldOperator> = K extends FieldOperator
  ? { field: string } & { [P in K]: FieldOperandJsonMap[K] } & { weight?: number }
  : never;

/**
 * A logical expression. `not` is emitted by the builder as a one-element array; the single-object form
 * is accepted here because documentation and hand-written queries use it.
 *
 * @example
 * const expr: LogicalExpressionJson = { not: [{ field: 'genre', equalTo: 'horror' }] };
 */
export type LogicalExpressionJson =
  | { and: ExpressionJson[] }
  | { or: ExpressionJson[] }
  | { not: [ExpressionJson] | ExpressionJson };

/** One search expression as JSON. */
export type ExpressionJson = FieldExpressionJson | LogicalExpressionJson;

/**
 * The root `where` list: top-level items are ANDed together.
 *
 * @example
 * const where: WhereExpressionJson = [{ field: 'sys.contentTypeId', equalTo: 'movie' }];
 */
export type WhereExpressionJson = ExpressionJson[];
