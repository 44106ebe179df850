import { Link, selectCurrentPath, selectMenuItems, useSite, useSiteSelector } from '@canopy/web';

/**
 * How a menu item relates to the current page: `page` when it is the page, `true` when the
 * page is inside its section (ARIA's "current item in a set"), else not current.
 */
export function currentState(itemPath: string, currentPath: string): 'page' | 'true' | undefined {
  if (currentPath === itemPath) return 'page';
  if (itemPath !== '/' && currentPath.startsWith(`${itemPath}/`)) return 'true';
  return undefined;
}

/** Whether a menu item is the current page or one of its ancestors. */
export function isCurrent(itemPath: string, currentPath: string): boolean {
  return currentState(itemPath, currentPath) !== undefined;
}

/**
 * The site name and the main navigation: the root's menu children from the node tree. The
 * menu is a list that wraps on narrow screens, so every section stays one tap away without
 * any script.
 */
export function Header() {
  const site = useSite();
  const items = useSiteSelector(selectMenuItems);
  const currentPath = useSiteSelector(selectCurrentPath);
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-name">
          {site.name}
        </Link>
        {items.length ? (
          <nav aria-label="Main">
            <ul className="main-menu">
              {items.map((item) => (
                <li key={item.path}>
                  <Link to={item.path} aria-current={currentState(item.path, currentPath)}>
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
