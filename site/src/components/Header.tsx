import {
  ACCOUNT_PATHS,
  Link,
  selectCurrentPath,
  selectMenuItems,
  selectUser,
  useSite,
  useSiteSelector,
} from '@canopy/web';
import { useEffect, useRef, useState } from 'react';
import { currentState, MAIN_MENU_ID } from '../content/menu.js';
import { SignOutButton } from './account/SignOutButton.js';
import { SearchForm } from './SearchForm.js';

/**
 * The site name, the main navigation (the root's menu children from the node tree, the
 * current section marked), the site-wide search box (suggestions as you type, a plain form
 * without JavaScript) and the account links. On narrow screens the links sit behind a menu
 * button (a disclosure: `aria-expanded`, Escape closes it and brings focus back to the
 * button, following a link closes it). Without JavaScript the button is hidden and the links
 * show as a wrapping list (the `scripting` media feature in the style sheet), so every section
 * stays reachable.
 */
export function Header() {
  const site = useSite();
  const items = useSiteSelector(selectMenuItems);
  const currentPath = useSiteSelector(selectCurrentPath);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  // A new page closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes
  useEffect(() => setOpen(false), [currentPath]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Focus in the closing menu would be lost with it; it goes back to the button.
      if (menu.current?.contains(document.activeElement) || document.activeElement === document.body) {
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

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
            <button
              ref={button}
              type="button"
              className="menu-button"
              aria-expanded={open}
              aria-controls={MAIN_MENU_ID}
              onClick={() => setOpen((wasOpen) => !wasOpen)}
            >
              <span className="menu-button-icon" aria-hidden="true" />
              Menu
            </button>
            <ul ref={menu} id={MAIN_MENU_ID} className="main-menu" data-open={open ? '' : undefined}>
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
        <SearchForm className="header-search" landmark="Site" suggest />
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
function signInLink(currentPath: string): string {
  if (currentPath === '/' || currentPath.startsWith('/account')) return ACCOUNT_PATHS.login;
  return `${ACCOUNT_PATHS.login}?redirect_uri=${encodeURIComponent(currentPath)}`;
}
