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

/** The id of the main menu's list, which the menu button controls. */
export const MAIN_MENU_ID = 'main-menu';
