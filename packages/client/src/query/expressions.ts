import type {
  ExpressionJson,
  FieldExpressionJsonFor,
  FieldOperandJsonMap,
  FieldOperator,
  LogicalOperator,
  OperandJson,
  ScalarJson,
} from './expression-json.js';

/**
 * How a field expression's operand is laid out on the wire.
 *
 * - `Single`: one value, serialised directly (`"equalTo": "movie"`).
 * - `Array`: a list, always serialised as a JSON array (`"in": ["a", "b"]`, `"between": [1, 5]`).
 * - `Unknown`: a structured operand whose shape only the operator knows (`freeText`, `distanceWithin`);
 *   serialised as given.
 *
 * @example
 * new FieldExpression('genre', 'in', ['horror'], ExpressionValueType.Array);
 */
export const ExpressionValueType = {
  Single: 'single',
  Array: 'array',
  Unknown: 'unknown',
} as const;

/** One of the {@link ExpressionValueType} values. */
export type ExpressionValueType = (typeof ExpressionValueType)[keyof typeof ExpressionValueType];

/**
 * Base of every search expression. Subclasses only have to say how they look as JSON, which is also what
 * makes `JSON.stringify(expression)` produce the wire form.
 */
export abstract class Expression {
  /** The expression's wire JSON (contract §2.2). */
  abstract toJSON(): ExpressionJson;
}

/**
 * Anything that can stand where an expression is expected: a builder instance or its plain JSON form.
 *
 * @example
 * const inputs: ExpressionInput[] = [Op.equalTo('a', 1), { field: 'b', exists: true }];
 */
export type ExpressionInput = Expression | ExpressionJson;

/**
 * Tells builder instances from plain JSON expressions.
 *
 * Duck-typed rather than `instanceof` so expressions made by a second copy of this package (for example
 * one bundled into a dependency) still serialise through their own `toJSON`.
 */
export function isExpression(value: unknown): value is Expression {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

/**
 * Returns the wire JSON of an expression, whether it is a builder instance or already JSON.
 *
 * @example
 * toExpressionJson(Op.exists('title', true)); // { field: 'title', exists: true }
 */
export function toExpressionJson(input: ExpressionInput): ExpressionJson {
  return isExpression(input) ? input.toJSON() : input;
}

function inferValueType(value: OperandJson): ExpressionValueType {
  if (Array.isArray(value)) return ExpressionValueType.Array;
  if (typeof value === 'object' && value !== null) return ExpressionValueType.Unknown;
  return ExpressionValueType.Single;
}

/**
 * A condition on one field: `{ "field": …, "<operator>": …, "weight"?: … }`.
 *
 * Usually created through `Op`; construct it directly only for an operator `Op` lacks.
 *
 * @example
 * new FieldExpression('title', 'contains', 'gotham').weight(5).toJSON();
 * // { field: 'title', contains: 'gotham', weight: 5 }
 */
export class FieldExpression<K extends FieldOperator = FieldOperator> extends Expression {
  /** Field path, e.g. `title`, `sys.contentTypeId`, `movieQuote.source`. */
  readonly field: string;
  /** Operator key written next to `field`. */
  readonly operator: K;
  /** Operand as it will be serialised (dates already truncated by `Op`). */
  readonly value: FieldOperandJsonMap[K];
  /** Layout of {@link value}; inferred from the value when not given. */
  readonly valueType: ExpressionValueType;
  private weightFactor = 0;

  constructor(
    field: string,
    operator: K,
    value: FieldOperandJsonMap[K],
    valueType: ExpressionValueType = inferValueType(value),
  ) {
    super();
    this.field = field;
    this.operator = operator;
    this.value = value;
    this.valueType = valueType;
  }

  /**
   * Sets the relevance boost. Only values above 1 reach the wire: 0 and 1 both mean "no boost" to the
   * platform, so omitting them keeps requests identical to the official client's.
   *
   * @example
   * Op.freeText('title', 'earth').weight(10);
   */
  weight(weight: number): this {
    this.weightFactor = weight;
    return this;
  }

  /** The boost set with {@link weight}; 0 when none was set. */
  get currentWeight(): number {
    return this.weightFactor;
  }

  override toJSON(): FieldExpressionJsonFor<K> {
    const json: Record<string, unknown> = { field: this.field, [this.operator]: this.operandJson() };
    if (this.weightFactor > 1) json.weight = this.weightFactor;
    // The operator/operand pairing is guaranteed by the constructor's types, but TypeScript cannot follow
    // it through a computed key.
    return json as FieldExpressionJsonFor<K>;
  }

  private operandJson(): OperandJson {
    const value: OperandJson = this.value;
    switch (this.valueType) {
      case ExpressionValueType.Array:
        // A lone value declared with the Array layout is sent as a one-item list rather than malformed JSON.
        return Array.isArray(value) ? [...value] : [value as ScalarJson];
      case ExpressionValueType.Unknown:
        // Copied so that mutating the returned JSON never changes the expression.
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : value;
      default:
        return value;
    }
  }
}

/** Base of `and` / `or` / `not`: an operator applied to child expressions. */
export abstract class LogicalExpression extends Expression {
  /** The logical operator key. */
  abstract readonly operator: LogicalOperator;
  /** Child expressions in the order given. */
  readonly expressions: readonly ExpressionInput[];

  protected constructor(expressions: readonly ExpressionInput[]) {
    super();
    this.expressions = [...expressions];
  }

  protected childrenJson(): ExpressionJson[] {
    return this.expressions.map(toExpressionJson);
  }
}

/**
 * Matches when every child matches: `{ "and": [ … ] }`.
 *
 * @example
 * new AndExpression(Op.equalTo('a', 1), Op.equalTo('b', 2)).toJSON();
 */
export class AndExpression extends LogicalExpression {
  readonly operator = 'and';

  constructor(...expressions: ExpressionInput[]) {
    super(expressions);
  }

  override toJSON(): { and: ExpressionJson[] } {
    return { and: this.childrenJson() };
  }
}

/**
 * Matches when any child matches: `{ "or": [ … ] }`.
 *
 * @example
 * new OrExpression(Op.equalTo('a', 1), Op.equalTo('b', 2)).toJSON();
 */
export class OrExpression extends LogicalExpression {
  readonly operator = 'or';

  constructor(...expressions: ExpressionInput[]) {
    super(expressions);
  }

  override toJSON(): { or: ExpressionJson[] } {
    return { or: this.childrenJson() };
  }
}

/**
 * Negates one expression. Serialised as a one-element array, `{ "not": [expr] }`, exactly as the official
 * client does; the platform accepts that and the single-object form.
 *
 * @example
 * new NotExpression(Op.equalTo('genre', 'horror')).toJSON();
 * // { not: [{ field: 'genre', equalTo: 'horror' }] }
 */
export class NotExpression extends LogicalExpression {
  readonly operator = 'not';

  constructor(expression: ExpressionInput) {
    super([expression]);
  }

  override toJSON(): { not: [ExpressionJson] } {
    const [only] = this.childrenJson();
    // The constructor stores exactly one child, so `only` is always defined.
    return { not: [only!] };
  }
}
