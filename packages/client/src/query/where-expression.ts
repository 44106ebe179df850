import type { WhereExpressionJson } from './expression-json.js';
import { type ExpressionInput, toExpressionJson } from './expressions.js';

/**
 * The root `where` list of a query. Its items are ANDed by the platform, and it serialises as a bare
 * JSON array rather than as an object, which is why it is not an {@link Expression} itself.
 *
 * @example
 * const query = new Query(Op.equalTo('sys.contentTypeId', 'movie'));
 * query.where.add(Op.exists('releaseDate', true));
 * JSON.stringify(query.where);
 * // '[{"field":"sys.contentTypeId","equalTo":"movie"},{"field":"releaseDate","exists":true}]'
 */
export class WhereExpression implements Iterable<ExpressionInput> {
  private readonly items: ExpressionInput[];

  constructor(...expressions: ExpressionInput[]) {
    this.items = [...expressions];
  }

  /** Number of top-level expressions. */
  get length(): number {
    return this.items.length;
  }

  /** Appends expressions; returns `this` for chaining. */
  add(...expressions: ExpressionInput[]): this {
    this.items.push(...expressions);
    return this;
  }

  /** Appends every expression of a list; returns `this` for chaining. */
  addRange(expressions: Iterable<ExpressionInput>): this {
    this.items.push(...expressions);
    return this;
  }

  /** The expression at `index`, or `undefined` when out of range. */
  get(index: number): ExpressionInput | undefined {
    return this.items[index];
  }

  /** Position of an expression (by identity), or -1. */
  indexOf(expression: ExpressionInput): number {
    return this.items.indexOf(expression);
  }

  /** Inserts an expression before `index`; returns `this` for chaining. */
  insert(index: number, expression: ExpressionInput): this {
    this.items.splice(index, 0, expression);
    return this;
  }

  /** Removes an expression (by identity); returns whether it was present. */
  remove(expression: ExpressionInput): boolean {
    const index = this.items.indexOf(expression);
    if (index < 0) return false;
    this.items.splice(index, 1);
    return true;
  }

  /** Removes the expression at `index`, returning it. */
  removeAt(index: number): ExpressionInput | undefined {
    return this.items.splice(index, 1)[0];
  }

  /** Removes every expression. */
  clear(): void {
    this.items.length = 0;
  }

  [Symbol.iterator](): Iterator<ExpressionInput> {
    return this.items[Symbol.iterator]();
  }

  /** The JSON array sent as `where` (`[]` when empty, which the platform reads as "match everything"). */
  toJSON(): WhereExpressionJson {
    return this.items.map(toExpressionJson);
  }
}
