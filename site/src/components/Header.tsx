import {
  ACCOUNT_PATHS,
  Link,
  selectCurrentPath,
  selectMenuItems,
  selectUser,
  useHref,
  useSiteSelector,
} from '@canopy/web';
import { useEffect, useRef, useState } from 'react';
import { currentState, MAIN_MENU_ID } from '../content/menu.js';
import { useText } from '../messages/words.js';
import { SignOutButton } from './account/SignOutButton.js';
import { SearchForm } from './SearchForm.js';

/**
 * The site name, the main navigation (the root's menu children from the node tree, the
 * current section marked), the site-wide search box (suggestions as you type, a plain form
 * without JavaScript; left out on the search pages, whose own box comes first) and the account
 * links. Wide screens (64 rem up) have two rows whatever the visitor's state: the site name
 * with the account links (sign in, or their name and a sign-out button), then the menu with
 * the search box. On narrower screens the menu and the account links sit behind a menu button
 * (a disclosure: `aria-expanded`, Escape closes it and brings focus back to the button,
 * following a link closes it). Without JavaScript the button is hidden and the links show as a
 * wrapping list (the `scripting` media feature in the style sheet), so every section and the
 * sign-out form stay reachable.
 */
export function Header() {
  const text = useText();
  const items = useSiteSelector(selectMenuItems);
  const currentPath = useSiteSelector(selectCurrentPath);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

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

  // By the route, not the address: the Welsh search page is /cy/chwilio, its route still /search/*.
  const searchRoute = useSiteSelector((state) => state.routing.staticRoute?.path ?? '');
  const onSearchPage = searchRoute === SEARCH_BASE || searchRoute.startsWith(`${SEARCH_BASE}/`);
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-name">
          {text('Aberwen University')}
        </Link>
        {/* Wide screens' copy; the menu holds the narrow screens' one (the style sheet shows one). */}
        <div className="account-menu">
          <AccountLinks currentPath={currentPath} />
        </div>
        {items.length ? (
          <nav aria-label={text('Main')}>
            <button
              ref={button}
              type="button"
              className="menu-button"
              aria-expanded={open}
              aria-controls={MAIN_MENU_ID}
              onClick={() => setOpen((wasOpen) => !wasOpen)}
            >
              <span className="menu-button-icon" aria-hidden="true" />
              {text('Menu')}
            </button>
            <div ref={menu} id={MAIN_MENU_ID} className="main-menu-panel" data-open={open ? '' : undefined}>
              <ul className="main-menu">
                {items.map((item) => (
                  <li key={item.path}>
                    <Link to={item.path} aria-current={currentState(item.path, currentPath)}>
                      {item.title}
                    </Link>
                  </li>
                ))}
              </ul>
              <div className="menu-account">
                <AccountLinks currentPath={currentPath} />
              </div>
            </div>
          </nav>
        ) : null}
        {onSearchPage ? null : <SearchForm className="header-search" landmark={text('Site')} suggest />}
      </div>
    </header>
  );
}

/** The search pages' route (`search.ts`'s base path, not imported: it would bring the search setup into every page). */
const SEARCH_BASE = '/search';

/** Sign in, or the signed-in visitor's name (to their account page) and a sign-out button (a POST form with its CSRF token). */
function AccountLinks({ currentPath }: { currentPath: string }) {
  const user = useSiteSelector(selectUser);
  const text = useText();
  // Back to this page's own address afterwards (under its language's prefix).
  const address = useHref(currentPath);
  if (!user.authenticationState.isAuthenticated)
    return <Link to={signInLink(currentPath, address)}>{text('Sign in')}</Link>;
  return (
    <>
      <Link
        to={ACCOUNT_PATHS.account}
        aria-current={currentPath === ACCOUNT_PATHS.account ? 'page' : undefined}
      >
        {user.firstName ?? user.name ?? text('Your account')}
        <span className="visually-hidden">{` (${text('Your account').toLowerCase()})`}</span>
      </Link>
      <SignOutButton className="sign-out" />
    </>
  );
}

/** The sign-in link from a page: back to that page afterwards (not from the account pages themselves). */
function signInLink(currentPath: string, address: string): string {
  if (currentPath === '/' || currentPath.startsWith('/account')) return ACCOUNT_PATHS.login;
  return `${ACCOUNT_PATHS.login}?redirect_uri=${encodeURIComponent(address)}`;
}
