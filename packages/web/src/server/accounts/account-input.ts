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
 * repeated name, so a field can never arrive as a list.
 */
export function parseFormBody(text: string): AccountBody {
  const body: AccountBody = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) body[key] = value;
  return body;
}
