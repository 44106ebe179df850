import { withBasePath } from '../../i18n/base-path.js';
import { useSiteSelector } from '../../state/hooks.js';

/**
 * The address on the site of a path the search state names (`/search/courses?…`), for plain
 * links and form actions that work without JavaScript: under the page's language prefix
 * (`/cy/search/courses?…`). Router links (`Link`, `navigate`) add the prefix themselves.
 */
export function useSiteAddress(): (path: string) => string {
  const basePath = useSiteSelector((state) => state.routing.basePath ?? '');
  return (path) => withBasePath(basePath, path);
}
