/** A value that can go into a query string; `null`, `undefined`, `''` and `[]` are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * Builds a query string the way the platform's clients do (contract §6.2): keys sorted
 * alphabetically, keys and values through `encodeURIComponent`, arrays joined with commas,
 * empty values dropped. `false` is kept. Returns `''` or a string starting with `?`.
 *
 * @example
 * queryString({ pageSize: 25, language: 'en-GB', fields: ['a', 'b'] })
 * // '?fields=a%2Cb&language=en-GB&pageSize=25'
 */
export function queryString(params: Record<string, QueryValue>): string {
  const pairs: string[] = [];
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/**
 * Encodes one path parameter. Unlike the official clients, which insert values verbatim, every
 * value is percent-encoded, so an id can never change the path it is put into.
 */
export function encodeSegment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/**
 * Encodes a value that is itself a slash-separated path (a node path `/a b/c`, a taxonomy key
 * `0/1/2`): each segment is encoded and the slashes are kept, as the contract requires.
 */
export function encodePath(value: string): string {
  return value.split('/').map(encodeURIComponent).join('/');
}

/** Removes every trailing slash from a root URL (contract §6.1). */
export function trimRootUrl(rootUrl: string | null | undefined): string {
  return (rootUrl ?? '').replace(/\/+$/, '');
}
