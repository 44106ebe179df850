// Apart from the rest of the language logic: the browser's first load needs this alone.

/**
 * A path of the page's tree as an address on the site: the language's prefix in front
 * (`/cy` + `/cyrsiau` → `/cy/cyrsiau`, `/cy` + `/` → `/cy`), for redirects and no-script
 * form actions; a path that is not site-relative is left alone.
 */
export function withBasePath(basePath: string, path: string): string {
  if (!basePath || !path.startsWith('/') || path.startsWith('//')) return path;
  if (path === '/') return basePath;
  return /^\/[?#]/.test(path) ? `${basePath}${path.slice(1)}` : `${basePath}${path}`;
}
