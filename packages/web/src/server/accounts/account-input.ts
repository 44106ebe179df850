/**
 * Reading the account forms: the same fields arrive as an HTML form (no JavaScript) or as
 * JSON (website spec §7). Values are trimmed text with a length limit; anything else is
 * treated as missing.
 */

/** The longest value of any account field. */
export const MAX_FIELD_LENGTH = 500;

/** A form or JSON body as the account routes read it. */
export type AccountBody = Record<string, unknown>;

/** A text field: trimmed (passwords untouched), or `null` when missing, empty, too long or not text. */
export function field(body: AccountBody, name: string, options: { trim?: boolean } = {}): string | null {
  const value = body[name];
  if (typeof value !== 'string') return null;
  const text = options.trim === false ? value : value.trim();
  if (text === '' || text.length > MAX_FIELD_LENGTH) return null;
  return text;
}

/** A password field: as typed, or `null`. */
export function passwordField(body: AccountBody, name: string): string | null {
  return field(body, name, { trim: false });
}

/** Whether the body is an object (a form or a JSON object). */
export function isBody(value: unknown): value is AccountBody {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A rough email check: something@something.something, no spaces. The platform checks again. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/**
 * The fields of a form body (`application/x-www-form-urlencoded`): the last value wins for a
 * repeated name, so a field can never arrive as a list. Percent-encoding that is not UTF-8
 * (`%FF`, overlong or surrogate sequences) throws {@link UndecodableTextError}: browsers never
 * send it, and `URLSearchParams` would quietly turn it into U+FFFD.
 */
export function parseFormBody(text: string): AccountBody {
  for (const part of text.split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw new UndecodableTextError('The form is not valid UTF-8 text.');
    }
  }
  const body: AccountBody = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) body[key] = value;
  return body;
}

/** A body the account routes cannot read as text: a 400 with its message, whatever the route. */
export class UndecodableTextError extends Error {
  /** Read by Fastify's error handling: the visitor's mistake. */
  readonly statusCode = 400;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one (the
// platform's text hygiene, packages/platform/src/http/text-hygiene.ts, uses the same rule).
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How many nested values {@link undecodableField} looks at; account bodies are at most 16 KiB. */
const MAX_VISITS = 20_000;

/**
 * The first field (dotted path, e.g. `credentials.password`) of a parsed account body whose
 * key or text holds an unpaired UTF-16 surrogate (a JSON `\ud800` escape) or a NUL character,
 * or `null` when all is well. Such text cannot be encoded as UTF-8: passed on, it makes the
 * platform call fail (`encodeURIComponent` throws `URI malformed`) and a client's mistake
 * would read as an outage.
 *
 * @example
 * undecodableField({ username: 'a\ud800' }); // 'username'
 */
export function undecodableField(body: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let visits = 0; stack.length > 0 && visits < MAX_VISITS; visits++) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (badText(value)) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (badText(key)) return printable(childPath);
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

function badText(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/** A path safe to put in a JSON answer: NUL and surrogate code units as `\uXXXX` escapes. */
function printable(path: string): string {
  return path.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the units to escape
    /[\u0000\uD800-\uDFFF]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
