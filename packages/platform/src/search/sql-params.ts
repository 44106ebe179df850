/**
 * Named parameters for a statement being built. Every user-supplied value goes through
 * {@link SqlParams.add}; the SQL text only ever contains `@pN` placeholders, so building
 * fragments in any order is safe and equal-shaped queries share one cached statement.
 */
export class SqlParams {
  readonly values: Record<string, string | number | null> = {};
  #count = 0;

  /** Binds `value` and returns its placeholder. */
  add(value: string | number | null): string {
    this.#count += 1;
    const name = `p${this.#count}`;
    this.values[name] = value;
    return `@${name}`;
  }

  /** Placeholders for a list, comma-separated (for `IN (…)`). */
  list(values: ReadonlyArray<string | number>): string {
    return values.map((value) => this.add(value)).join(', ');
  }
}
