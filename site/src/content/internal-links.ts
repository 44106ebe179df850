/** Paths the site server streams from the platform: files, not pages. */
const FILE_PREFIXES = ['/image-library/', '/video-library/', '/asset-library/', '/api/', '/static/'];

/**
 * The in-site path an `href` of rich text points at, when following it can be a client-side
 * navigation; null for other sites, files, `mailto:` and the like.
 *
 * @example
 * internalPath('/about/history', 'https://www.aberwen.example'); // '/about/history'
 * internalPath('/asset-library/handbook.txt', origin);          // null
 */
export function internalPath(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (FILE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
