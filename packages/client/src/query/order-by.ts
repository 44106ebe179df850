/**
 * One ordering clause as it travels on the wire.
 *
 * @example
 * const newestFirst: OrderByClause = { desc: 'sys.version.published' };
 */
export type OrderByClause = { asc: string } | { desc: string };

/**
 * The canonical `orderBy` DTO: clauses applied in order (contract §2.6).
 *
 * @example
 * const order: OrderByJson = [{ desc: 'releaseDate' }, { asc: 'title' }];
 */
export type OrderByJson = OrderByClause[];

/**
 * Every form `Query.orderBy` accepts:
 * an {@link OrderBy} builder, a prefixed string (`"-releaseDate"`, `"+name"`, `"name"`), or an array of
 * such strings and/or DTO clauses.
 *
 * @example
 * const a: OrderByInput = OrderBy.desc('releaseDate').asc('title');
 * const b: OrderByInput = '-releaseDate';
 * const c: OrderByInput = ['+name', '-id'];
 */
export type OrderByInput = OrderBy | string | ReadonlyArray<string | OrderByClause>;

/**
 * Chainable ordering builder, named as in the official SDK.
 *
 * @example
 * query.orderBy = OrderBy.desc('releaseDate').asc('title');
 * JSON.stringify(query.orderBy); // '[{"desc":"releaseDate"},{"asc":"title"}]'
 */
export class OrderBy {
  private readonly clauses: OrderByClause[] = [];

  /** Starts an ordering with an ascending clause. */
  static asc(field: string): OrderBy {
    return new OrderBy().asc(field);
  }

  /** Starts an ordering with a descending clause. */
  static desc(field: string): OrderBy {
    return new OrderBy().desc(field);
  }

  /** Appends an ascending clause; returns `this` for chaining. */
  asc(field: string): this {
    this.clauses.push({ asc: field });
    return this;
  }

  /** Appends a descending clause; returns `this` for chaining. */
  desc(field: string): this {
    this.clauses.push({ desc: field });
    return this;
  }

  /** Number of clauses. */
  get length(): number {
    return this.clauses.length;
  }

  /** The DTO array, e.g. `[{ "asc": "a" }, { "desc": "b" }]`. */
  toJSON(): OrderByJson {
    return this.clauses.map((clause) => ({ ...clause }));
  }
}

/**
 * Duck-typed so builders from another copy of this package are recognised; DTO clauses and arrays have no
 * `toJSON`, so they cannot be mistaken for a builder.
 */
function isOrderByBuilder(value: unknown): value is OrderBy {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

function parseOrderString(value: string): OrderByClause | undefined {
  const text = value.trim();
  const direction = text.startsWith('-') ? 'desc' : 'asc';
  const field = text.startsWith('-') || text.startsWith('+') ? text.slice(1) : text;
  // A bare prefix or blank entry names no field; dropping it beats sending `{"asc":""}`.
  if (field === '') return undefined;
  return direction === 'desc' ? { desc: field } : { asc: field };
}

function copyClause(value: unknown): OrderByClause {
  if (typeof value === 'object' && value !== null) {
    const { asc, desc } = value as { asc?: unknown; desc?: unknown };
    if (typeof asc === 'string' && desc === undefined) return { asc };
    if (typeof desc === 'string' && asc === undefined) return { desc };
  }
  throw new TypeError(
    `Invalid orderBy clause ${JSON.stringify(value)}: expected a string or an object with one "asc" or "desc" field.`,
  );
}

/**
 * Converts any accepted orderBy input to the DTO array used in POST bodies. `+name` and `name` are
 * ascending, `-name` descending; unset, empty strings and empty arrays give `[]`.
 *
 * @throws TypeError for a value of an unsupported shape.
 * @example
 * normaliseOrderBy(['+name', '-id']); // [{ asc: 'name' }, { desc: 'id' }]
 * normaliseOrderBy('-releaseDate'); // [{ desc: 'releaseDate' }]
 */
export function normaliseOrderBy(input: OrderByInput | null | undefined): OrderByJson {
  if (input === null || input === undefined) return [];
  if (typeof input === 'string') {
    const clause = parseOrderString(input);
    return clause ? [clause] : [];
  }
  if (Array.isArray(input)) {
    const clauses: OrderByJson = [];
    for (const item of input as readonly unknown[]) {
      if (typeof item === 'string') {
        const clause = parseOrderString(item);
        if (clause) clauses.push(clause);
      } else {
        clauses.push(copyClause(item));
      }
    }
    return clauses;
  }
  if (isOrderByBuilder(input)) return input.toJSON().map(copyClause);
  throw new TypeError(
    `Invalid orderBy ${JSON.stringify(input)}: expected an OrderBy, a string or an array of strings/clauses.`,
  );
}

/**
 * The value of the GET `orderBy` parameter (before URI encoding), or `undefined` when no order was given.
 *
 * Unlike the POST body this reproduces the caller's raw value as JSON, as the official client does
 * (contract §2.6): a builder gives the DTO array, a string array stays an array of strings and a single
 * string becomes a JSON string. The platform accepts all of these forms.
 *
 * @example
 * orderByParameter('-releaseDate'); // '"-releaseDate"'
 * orderByParameter(['+name', '-id']); // '["+name","-id"]'
 * orderByParameter(OrderBy.asc('a').desc('b')); // '[{"asc":"a"},{"desc":"b"}]'
 */
export function orderByParameter(input: OrderByInput | null | undefined): string | undefined {
  // Emptiness is judged on the normalised form so GET and POST agree on when ordering is sent at all.
  if (normaliseOrderBy(input).length === 0) return undefined;
  return JSON.stringify(input);
}
