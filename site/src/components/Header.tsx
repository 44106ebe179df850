import { Link, selectCurrentPath, selectMenuItems, useSite, useSiteSelector } from '@canopy/web';
import { useEffect, useRef, useState } from 'react';
import { currentState, MAIN_MENU_ID } from '../content/menu.js';

/**
 * The site name and the main navigation: the root's menu children from the node tree, the
 * current section marked. On narrow screens the links sit behind a menu button (a disclosure:
 * `aria-expanded`, Escape closes it and brings focus back to the button, following a link
 * closes it). Without JavaScript the button is hidden and the links show as a wrapping list
 * (the `scripting` media feature in the style sheet), so every section stays reachable.
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
      </div>
    </header>
  );
}
