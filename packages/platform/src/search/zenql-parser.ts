import { parseIsoDate, parseRelativePeriod } from './dates.js';
import { parseDistance } from './distance.js';
import { SearchError } from './errors.js';
import { tokenizeZenql, type ZenqlToken } from './zenql-lexer.js';

/** A ZenQL query as the JSON query language: a where list and an optional orderBy. */
export interface ZenqlQuery {
  where: unknown[];
  orderBy?: Array<{ asc: string } | { desc: string }>;
}

type Json = Record<string, unknown>;
type Scalar = string | number | boolean | null;

const MAX_LENGTH = 8192;
const MAX_DEPTH = 32;

const DATE_FUNCTIONS = new Set(
  [
    'now',
    'startOfDay',
    'endOfDay',
    'startOfWeek',
    'endOfWeek',
    'startOfMonth',
    'endOfMonth',
    'startOfYear',
    'endOfYear',
  ].map((name) => name.toLowerCase()),
);

/**
 * Parses ZenQL (contract §2.8) into the equivalent JSON where list (and orderBy), which
 * `searchEntries` then runs. Grammar, keywords case-insensitive:
 *
 * ```
 * query   = [or] [ORDER BY field [ASC|DESC] {, field [ASC|DESC]}]
 * or      = and {OR and}          and = not {AND not}          not = NOT not | primary
 * primary = "(" or ")" | field ["^" number] condition
 * condition = (= | != | ~ | !~ | > | < | >= | <=) value     (= NULL / != NULL test emptiness)
 *           | [NOT] IN "(" value {, value} ")" | [NOT] EXISTS | [NOT] STARTSWITH value
 *           | [NOT] ENDSWITH value | [NOT] BETWEEN "(" value , value ")"
 *           | [NOT] DISTANCEWITHIN "(" lat , lon , distance ")" | [NOT] FREETEXT value
 * value   = 'string' | "string" | number | true | false | NULL | date [time]
 *         | relative period (-5d, 4w 2d) | date function (startOfWeek(-1)) | bare word
 * ```
 * Precedence NOT > AND > OR. `field^80` sets the expression's weight. Dates written
 * `yyyy-MM-dd HH:mm` or `yyyy/MM/dd` become ISO strings. Throws {@link SearchError} naming
 * the 1-based position and what was expected.
 *
 * @example
 * parseZenql('sys.contentTypeId = plant and sys.version.created >= startOfWeek()');
 * // { where: [{ field: 'sys.contentTypeId', equalTo: 'plant' },
 * //           { field: 'sys.version.created', greaterThanOrEqualTo: 'startOfWeek()' }] }
 */
export function parseZenql(text: string): ZenqlQuery {
  if (typeof text !== 'string') throw new SearchError('zenql: expected a string');
  if (text.length > MAX_LENGTH) throw new SearchError(`zenql: longer than ${MAX_LENGTH} characters`);
  return new Parser(text, tokenizeZenql(text)).query();
}

class Parser {
  readonly #text: string;
  readonly #tokens: ZenqlToken[];
  #index = 0;
  #depth = 0;

  constructor(text: string, tokens: ZenqlToken[]) {
    this.#text = text;
    this.#tokens = tokens;
  }

  query(): ZenqlQuery {
    let root: Json | undefined;
    if (this.#peek().type !== 'end' && !this.#isKeyword('ORDER')) root = this.#or();
    const result: ZenqlQuery = { where: root === undefined ? [] : root.and ? (root.and as Json[]) : [root] };
    if (this.#isKeyword('ORDER')) {
      this.#next();
      this.#expectKeyword('BY');
      result.orderBy = this.#orderList();
    }
    const rest = this.#peek();
    if (rest.type !== 'end') this.#fail('AND, OR, ORDER BY or the end of the query', rest);
    return result;
  }

  #or(): Json {
    const items = [this.#and()];
    while (this.#isKeyword('OR')) {
      this.#next();
      items.push(this.#and());
    }
    return items.length === 1 ? items[0]! : { or: items };
  }

  #and(): Json {
    const items = [this.#not()];
    while (this.#isKeyword('AND')) {
      this.#next();
      items.push(this.#not());
    }
    if (items.length === 1) return items[0]!;
    // Keep chains flat: a AND (b AND c) reads as one list.
    return { and: items.flatMap((item) => (item.and ? (item.and as Json[]) : [item])) };
  }

  #not(): Json {
    if (this.#isKeyword('NOT')) {
      this.#next();
      return { not: this.#enter(() => this.#not()) };
    }
    return this.#primary();
  }

  #primary(): Json {
    const token = this.#peek();
    if (token.type === 'punct' && token.text === '(') {
      this.#next();
      const inner = this.#enter(() => this.#or());
      this.#expectPunct(')');
      return inner;
    }
    return this.#clause();
  }

  #enter<T>(parse: () => T): T {
    this.#depth += 1;
    if (this.#depth > MAX_DEPTH) this.#fail(`at most ${MAX_DEPTH} levels of nesting`, this.#peek());
    try {
      return parse();
    } finally {
      this.#depth -= 1;
    }
  }

  #clause(): Json {
    const fieldToken = this.#next();
    if (fieldToken.type !== 'word' || isReserved(fieldToken.text))
      this.#fail('a field name or "("', fieldToken);
    const field = fieldToken.text;
    let weight: number | undefined;
    const caret = this.#peek();
    if (caret.type === 'punct' && caret.text === '^') {
      this.#next();
      const boost = this.#next();
      if (boost.type !== 'word' || !/^\d+(\.\d+)?$/.test(boost.text))
        this.#fail('a boost number after ^', boost);
      weight = Number(boost.text);
    }
    const expr = this.#condition(field);
    if (weight !== undefined && weight > 1) {
      const target = (expr.not as Json | undefined) ?? expr;
      target.weight = weight;
    }
    return expr;
  }

  #condition(field: string): Json {
    const token = this.#next();
    if (token.type === 'op') {
      const at = this.#peek();
      const value = this.#value();
      switch (token.text) {
        case '=':
          return value === null ? { field, exists: false } : { field, equalTo: value };
        case '!=':
          return value === null ? { field, exists: true } : { not: { field, equalTo: value } };
        case '~':
          return { field, contains: this.#textValue(value, at) };
        case '!~':
          return { not: { field, contains: this.#textValue(value, at) } };
        case '>':
          return { field, greaterThan: this.#notNull(value, at) };
        case '<':
          return { field, lessThan: this.#notNull(value, at) };
        case '>=':
          return { field, greaterThanOrEqualTo: this.#notNull(value, at) };
        case '<=':
          return { field, lessThanOrEqualTo: this.#notNull(value, at) };
      }
    }
    if (token.type === 'word') {
      const keyword = token.text.toUpperCase();
      if (keyword === 'NOT') {
        const next = this.#peek();
        if (
          next.type !== 'word' ||
          !['IN', 'EXISTS', 'STARTSWITH', 'ENDSWITH', 'BETWEEN', 'DISTANCEWITHIN', 'FREETEXT'].includes(
            next.text.toUpperCase(),
          )
        ) {
          this.#fail('IN, EXISTS, STARTSWITH, ENDSWITH, BETWEEN, DISTANCEWITHIN or FREETEXT after NOT', next);
        }
        const positive = this.#condition(field);
        if (positive.exists === true) return { field, exists: false };
        return { not: positive };
      }
      switch (keyword) {
        case 'IN':
          return { field, in: this.#list() };
        case 'EXISTS':
          return { field, exists: true };
        case 'STARTSWITH':
          return { field, startsWith: this.#textOperand() };
        case 'ENDSWITH':
          return { field, endsWith: this.#textOperand() };
        case 'BETWEEN': {
          this.#expectPunct('(');
          const min = this.#nonNullOperand();
          this.#expectPunct(',');
          const max = this.#nonNullOperand();
          this.#expectPunct(')');
          return { field, between: [min, max] };
        }
        case 'DISTANCEWITHIN':
          return { field, distanceWithin: this.#distance() };
        case 'FREETEXT':
          return { field, freeText: this.#textOperand() };
      }
    }
    return this.#fail(
      'an operator (=, !=, ~, !~, >, <, >=, <=, IN, EXISTS, STARTSWITH, ENDSWITH, BETWEEN, DISTANCEWITHIN, FREETEXT)',
      token,
    );
  }

  #list(): Scalar[] {
    this.#expectPunct('(');
    const values: Scalar[] = [];
    if (this.#isPunct(')')) {
      this.#next();
      return values;
    }
    for (;;) {
      values.push(this.#value());
      const token = this.#next();
      if (token.type === 'punct' && token.text === ')') return values;
      if (!(token.type === 'punct' && token.text === ',')) this.#fail('"," or ")"', token);
    }
  }

  #distance(): Json {
    this.#expectPunct('(');
    const lat = this.#number('a latitude');
    this.#expectPunct(',');
    const lon = this.#number('a longitude');
    this.#expectPunct(',');
    const token = this.#next();
    if ((token.type !== 'word' && token.type !== 'string') || !parseDistance(token.text)) {
      this.#fail('a distance such as 100km or 5mi', token);
    }
    this.#expectPunct(')');
    return { lat, lon, distance: token.text };
  }

  #number(what: string): number {
    const token = this.#next();
    const text = token.type === 'word' || token.type === 'string' ? token.text : '';
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text.trim())) this.#fail(what, token);
    return Number(text);
  }

  /** One value; see the grammar. */
  #value(): Scalar {
    const token = this.#next();
    if (token.type === 'string') return token.text;
    if (token.type !== 'word') return this.#fail('a value', token);
    const word = token.text;
    const upper = word.toUpperCase();
    if (upper === 'NULL') return null;
    if (upper === 'TRUE') return true;
    if (upper === 'FALSE') return false;
    if (this.#isPunct('(')) return this.#call(token);
    if (/^\d{4}[-/]\d{2}[-/]\d{2}$/.test(word)) return this.#date(token);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return Number(word);
    if (parseRelativePeriod(word)) {
      // A period may continue with more unsigned segments: `4w 2d`.
      const segments = [word];
      while (this.#peek().type === 'word' && /^\d+[yMwdhm]$/.test(this.#peek().text))
        segments.push(this.#next().text);
      return segments.join(' ');
    }
    if (isReserved(word)) return this.#fail('a value', token);
    return word;
  }

  /** `startOfWeek(-1)` and friends, passed on as text for the compiler to resolve. */
  #call(nameToken: ZenqlToken): string {
    const name = nameToken.text;
    const open = this.#next();
    let depth = 1;
    let close = open;
    while (depth > 0) {
      close = this.#next();
      if (close.type === 'end') this.#fail('")" to close the function call', close);
      if (close.type === 'punct' && close.text === '(') depth += 1;
      if (close.type === 'punct' && close.text === ')') depth -= 1;
    }
    const args = this.#text.slice(open.pos + 1, close.pos).trim();
    const lower = name.toLowerCase();
    if (lower === 'currentuser') {
      throw new SearchError(
        `zenql: currentUser() at position ${nameToken.pos + 1} is not supported without a signed-in user`,
      );
    }
    if (!DATE_FUNCTIONS.has(lower)) {
      throw new SearchError(`zenql: unknown function "${name}()" at position ${nameToken.pos + 1}`);
    }
    return `${name}(${args})`;
  }

  /** `yyyy-MM-dd` or `yyyy/MM/dd`, optionally followed by `HH:mm[:ss]`, as an ISO string. */
  #date(token: ZenqlToken): string {
    let text = token.text.replace(/\//g, '-');
    const next = this.#peek();
    if (next.type === 'word' && /^\d{2}:\d{2}(:\d{2})?$/.test(next.text)) {
      this.#next();
      text += `T${next.text.length === 5 ? `${next.text}:00` : next.text}Z`;
    }
    if (typeof parseIsoDate(text) !== 'number') this.#fail('a valid date', token);
    return text;
  }

  #textOperand(): string | number {
    const at = this.#peek();
    return this.#textValue(this.#value(), at);
  }

  #nonNullOperand(): string | number | boolean {
    const at = this.#peek();
    return this.#notNull(this.#value(), at);
  }

  #textValue(value: Scalar, at: ZenqlToken): string | number {
    if (typeof value === 'string' || typeof value === 'number') return value;
    return this.#fail('a text value', at);
  }

  #notNull(value: Scalar, at: ZenqlToken): string | number | boolean {
    if (value === null) return this.#fail('a value other than NULL', at);
    return value;
  }

  #orderList(): Array<{ asc: string } | { desc: string }> {
    const keys: Array<{ asc: string } | { desc: string }> = [];
    for (;;) {
      const token = this.#next();
      if (token.type !== 'word' || isReserved(token.text)) this.#fail('a field name to order by', token);
      let direction: 'asc' | 'desc' = 'asc';
      if (this.#isKeyword('ASC') || this.#isKeyword('DESC'))
        direction = this.#next().text.toLowerCase() as 'asc' | 'desc';
      keys.push(direction === 'asc' ? { asc: token.text } : { desc: token.text });
      if (!this.#isPunct(',')) return keys;
      this.#next();
    }
  }

  #peek(): ZenqlToken {
    return this.#tokens[this.#index]!;
  }

  #next(): ZenqlToken {
    const token = this.#tokens[this.#index]!;
    if (token.type !== 'end') this.#index += 1;
    return token;
  }

  #isKeyword(keyword: string): boolean {
    const token = this.#peek();
    return token.type === 'word' && token.text.toUpperCase() === keyword;
  }

  #isPunct(text: string): boolean {
    const token = this.#peek();
    return token.type === 'punct' && token.text === text;
  }

  #expectKeyword(keyword: string): void {
    const token = this.#next();
    if (!(token.type === 'word' && token.text.toUpperCase() === keyword)) this.#fail(keyword, token);
  }

  #expectPunct(text: string): void {
    const token = this.#next();
    if (!(token.type === 'punct' && token.text === text)) this.#fail(`"${text}"`, token);
  }

  #fail(expected: string, token: ZenqlToken): never {
    const found = token.type === 'end' ? 'the end of the query' : `"${token.text}"`;
    throw new SearchError(`zenql: expected ${expected} at position ${token.pos + 1}, found ${found}`);
  }
}

const RESERVED = new Set(['AND', 'OR', 'NOT', 'ORDER']);

function isReserved(word: string): boolean {
  return RESERVED.has(word.toUpperCase());
}
