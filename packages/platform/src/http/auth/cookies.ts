/** The most cookies read from one header; a real browser sends a handful. */
const MAX_COOKIES = 100;

/**
 * The cookies of a `Cookie` request header as a name → value map (first occurrence wins,
 * values percent-decoded when they decode, kept as sent otherwise). Never throws, whatever the
 * header holds.
 *
 * @example
 * parseCookies('RefreshToken=abc; ContensisCMSUserName=x%2By'); // { RefreshToken: 'abc', ContensisCMSUserName: 'x+y' }
 */
export function parseCookies(header: string | string[] | undefined): Record<string, string> {
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  // Object.create(null): a cookie called __proto__ stays an ordinary entry.
  const cookies: Record<string, string> = Object.create(null);
  let count = 0;
  for (const part of text.split(';')) {
    if (count >= MAX_COOKIES) break;
    const equals = part.indexOf('=');
    if (equals <= 0) continue;
    const name = part.slice(0, equals).trim();
    if (!name || name in cookies) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    cookies[name] = decodeOrKeep(value);
    count += 1;
  }
  return cookies;
}

/** `decodeURIComponent` that keeps the text as it is when it is not valid percent-encoding. */
export function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
