// A made-up origin to resolve candidates against: whatever resolves to another origin would
// leave the site in a browser too.
const PROBE_ORIGIN = 'http://same-site.invalid';

// Characters a browser drops or rewrites before it resolves a Location (tabs and newlines are
// removed, backslashes read as slashes), plus the rest of C0, space and DEL: they are
// percent-encoded so the path the browser resolves is the path that was checked.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE = /[\u0000-\u0020\u007f\\]/g;

/**
 * The only way the site server builds a redirect target: `target` as a same-site path (with its
 * query and hash), or `fallback` when it is not one. Every redirect the server issues
 * (trailing slash, sign-in, access-denied, the sign-in form's return address) goes through it,
 * so no request path or parameter can send a visitor to another host.
 *
 * A same-site path starts with exactly one `/` followed by something other than `/` or `\`
 * (`//host` and `/\host` are read by browsers as another host); absolute and scheme-relative
 * URLs, `javascript:` and other schemes are refused. Backslashes, spaces and control
 * characters are percent-encoded rather than trusted, because browsers strip or reinterpret
 * them. Finally the result must resolve to the same origin under the WHATWG URL parser.
 *
 * @example
 * sameSitePath('/news?page=2#top'); // '/news?page=2#top'
 * sameSitePath('/\\evil.example'); // '/%5Cevil.example'
 * sameSitePath('//evil.example'); // '/'
 * sameSitePath('https://evil.example/x', '/account'); // '/account'
 */
export function sameSitePath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target === '') return fallback;
  const encoded = target.replace(
    UNSAFE,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  if (!encoded.startsWith('/') || encoded.startsWith('//')) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(encoded, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== PROBE_ORIGIN) return fallback;
  return encoded;
}
