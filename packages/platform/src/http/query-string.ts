/**
 * Parses a query string into an object whose keys are lower-cased, because the contract
 * treats parameter names case-insensitively (`versionStatus`, `versionstatus`, `zenQL`…).
 * The first occurrence of a repeated name wins; values are decoded once (`+` is a space, as
 * in forms). Never throws: malformed percent escapes decode to U+FFFD, as in browsers.
 *
 * @example
 * parseQueryString('versionStatus=latest&PageSize=5'); // { versionstatus: 'latest', pagesize: '5' }
 */
export function parseQueryString(query: string): Record<string, string> {
  const result: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) {
    const key = name.toLowerCase();
    if (!(key in result)) result[key] = value;
  }
  return result;
}

/**
 * A URL with any `accessToken` query parameter masked, for logs (secrets are never logged).
 *
 * @example
 * redactUrl('/api/x?accessToken=abc&a=1'); // '/api/x?accessToken=***&a=1'
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&]accesstoken=)[^&#]*/gi, '$1***');
}
