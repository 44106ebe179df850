import {
  ACCOUNT_PATHS,
  Link,
  selectCurrentPath,
  selectMenuItems,
  selectUser,
  useSite,
  useSiteSelector,
} from '@canopy/web';
import { SignOutButton } from './account/SignOutButton.js';

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
  const user = useSiteSelector(selectUser);
  const signedIn = user.authenticationState.isAuthenticated;
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
        <div className="account-menu">
          {signedIn ? (
            <>
              <Link
                to={ACCOUNT_PATHS.account}
                aria-current={currentPath === ACCOUNT_PATHS.account ? 'page' : undefined}
              >
                {user.firstName ?? user.name ?? 'Your account'}
                <span className="visually-hidden"> (your account)</span>
              </Link>
              <SignOutButton className="sign-out" />
            </>
          ) : (
            <Link to={signInLink(currentPath)}>Sign in</Link>
          )}
        </div>
      </div>
    </header>
  );
}

/** The sign-in link from a page: back to that page afterwards (not from the account pages themselves). */
export function signInLink(currentPath: string): string {
  if (currentPath === '/' || currentPath.startsWith('/account')) return ACCOUNT_PATHS.login;
  return `${ACCOUNT_PATHS.login}?redirect_uri=${encodeURIComponent(currentPath)}`;
}
