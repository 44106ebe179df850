import type { ExpressionJson, FieldExpressionJson } from '@canopy/client';

/** A where-clause expression in its JSON form, whatever built it (`Op` builders or plain JSON). */
export function expressionJson(expression: unknown): ExpressionJson {
  return JSON.parse(JSON.stringify(expression)) as ExpressionJson;
}

type Residual = ExpressionJson | boolean;

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** The operand of a one-element `not`, which the contract also accepts as a list. */
function negated(expression: { not: ExpressionJson | [ExpressionJson] }): ExpressionJson {
  const inner = expression.not;
  return (Array.isArray(inner) ? inner[0] : inner) as ExpressionJson;
}

/**
 * One expression with `sys.contentTypeId` fixed to `contentTypeId` and `sys.dataFormat` to
 * `entry`: those tests become true or false and the logic around them folds away. Weights go,
 * since they order results and never change which match (contract §2.3).
 */
function fold(expression: ExpressionJson, contentTypeId: string): Residual {
  if ('and' in expression) {
    const parts: ExpressionJson[] = [];
    for (const part of expression.and) {
      const folded = fold(part, contentTypeId);
      if (folded === false) return false;
      if (folded !== true) parts.push(folded);
    }
    if (parts.length === 0) return true;
    return parts.length === 1 ? (parts[0] as ExpressionJson) : { and: parts };
  }
  if ('or' in expression) {
    const parts: ExpressionJson[] = [];
    for (const part of expression.or) {
      const folded = fold(part, contentTypeId);
      if (folded === true) return true;
      if (folded !== false) parts.push(folded);
    }
    if (parts.length === 0) return false;
    return parts.length === 1 ? (parts[0] as ExpressionJson) : { or: parts };
  }
  if ('not' in expression) {
    const folded = fold(negated(expression), contentTypeId);
    return typeof folded === 'boolean' ? !folded : { not: folded };
  }
  const { weight: _weight, ...field } = expression as FieldExpressionJson;
  const known =
    field.field === 'sys.contentTypeId' ? contentTypeId : field.field === 'sys.dataFormat' ? 'entry' : null;
  if (known !== null) {
    if ('equalTo' in field) return lower(field.equalTo) === known.toLowerCase();
    if ('in' in field) return field.in.some((value) => lower(value) === known.toLowerCase());
  }
  return field as ExpressionJson;
}

/**
 * What a where clause still asks of entries of one content type: its top-level expressions
 * with the content type and data format tests decided, as a list ANDed together (`[]` matches
 * every entry of the type), or `null` when no entry of the type can match.
 *
 * @example
 * residualFor([{ or: [{ not: { field: 'sys.contentTypeId', equalTo: 'event' } }, { field: 'eventDates.to', greaterThanOrEqualTo: 'now()' }] }], 'course');
 * // []
 */
export function residualFor(
  where: readonly ExpressionJson[],
  contentTypeId: string,
): ExpressionJson[] | null {
  const out: ExpressionJson[] = [];
  for (const expression of where) {
    const folded = fold(expression, contentTypeId);
    if (folded === false) return null;
    if (folded === true) continue;
    if ('and' in folded) out.push(...folded.and);
    else out.push(folded);
  }
  return out;
}

/** A stable text of an expression (object keys sorted), for comparing clauses. */
export function canonicalText(expression: unknown): string {
  return JSON.stringify(expression, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** The signature of an ANDed list: the same expressions in any order give the same text. */
export function signatureOf(expressions: readonly ExpressionJson[]): string {
  return JSON.stringify(expressions.map(canonicalText).sort());
}
