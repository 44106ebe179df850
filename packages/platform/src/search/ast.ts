import type { VersionStatus } from './types.js';

/**
 * The validated form of a `where` clause: what `parseWhere` produces from raw JSON and the
 * compiler turns into SQL. Values are already normalised (dates to epoch ms, distances to
 * metres), so the compiler never needs to second-guess them.
 */

/** A value to compare for equality: its text form, and its instant when it is an ISO date. */
export interface EqualValue {
  text: string;
  /** Epoch ms when the value is an ISO date (matched against `search_values.num`). */
  date?: number;
}

/** One end of a range: numbers and dates compare on `num`, other strings on text. */
export type Bound = { kind: 'num'; value: number } | { kind: 'text'; value: string };

/** The comparison a field expression makes. */
export type Condition =
  | { op: 'anyOf'; values: EqualValue[] }
  | { op: 'contains' | 'startsWith' | 'endsWith'; value: string }
  | {
      op: 'range';
      lower?: { bound: Bound; inclusive: boolean };
      upper?: { bound: Bound; inclusive: boolean };
    }
  | { op: 'exists'; value: boolean }
  | { op: 'freeText'; term: string; fuzzy: boolean; operator: 'and' | 'or' }
  | { op: 'distanceWithin'; lat: number; lon: number; metres: number; unitMetres: number };

/** A comparison on one field path (`[]` already stripped). */
export interface FieldExpr {
  kind: 'field';
  field: string;
  /** Relevance boost, 1 when absent, 0 or 1. */
  weight: number;
  cond: Condition;
  /** Where the expression sat in the request, for messages. */
  at: string;
}

/** A `sys.versionStatus` test: true for rows carrying any of the listed flags. */
export interface StatusExpr {
  kind: 'status';
  statuses: VersionStatus[];
  at: string;
}

/** A node of the validated where tree. */
export type Expr =
  | FieldExpr
  | StatusExpr
  | { kind: 'and'; items: Expr[] }
  | { kind: 'or'; items: Expr[] }
  | { kind: 'not'; item: Expr }
  | { kind: 'all' };
