/**
 * A whole site path (`/cy/cyfrif`, as return addresses are kept) as a path of the page's
 * language tree (`/cyfrif`), which router links put the prefix (`basePath`) in front of again.
 * A path outside that tree, or any path on a page in the default language (`basePath` ''),
 * stays as it is.
 *
 * @example
 * inLanguageTree('/cy/account', '/cy'); // '/account'
 * inLanguageTree('/cy', '/cy'); // '/'
 * inLanguageTree('/account', ''); // '/account'
 */
export function inLanguageTree(path: string, basePath: string): string {
  if (!basePath) return path;
  if (path === basePath) return '/';
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
}
