import type { Entry } from '@canopy/client';
import { memoSelector } from './memo-selector.js';
import type { LanguageLink, RouteNode } from './routing-slice.js';
import type { SiteState } from './store-types.js';

/** The routing state. */
export const selectRouting = (state: SiteState) => state.routing;
/** The path of the current page (no trailing slash). */
export const selectCurrentPath = (state: SiteState) => state.routing.currentPath;
/** The page's language: its address's (`cy` under `/cy`), else the site's default (`fallback`). */
export const selectPageLanguage = (state: SiteState, fallback = 'en-GB') =>
  state.routing.language ?? fallback;
/** The language switcher's links of the page (none on a site in one language). */
export const selectLanguageSwitcher = (state: SiteState) =>
  state.routing.languageVersions?.switcher ?? NO_LINKS;
const NO_LINKS: readonly LanguageLink[] = [];
/** Whether the page should say that the page the visitor switched from has no version in its language. */
export const selectMissingTranslation = (state: SiteState) =>
  state.routing.languageVersions?.missingTranslation === true;
/** The page's interface words when it is not in the site's default language (see `pageWordsOf`). */
export const selectPageWords = (state: SiteState) => state.routing.words;
/** The entry of the current page. */
export const selectEntry = (state: SiteState): Entry | null => state.routing.entry;
/** What the mapping's entry mapper made of the entry. */
export const selectMappedEntry = (state: SiteState) => state.routing.mappedEntry;
/** The content type of the current entry. */
export const selectContentTypeId = (state: SiteState) => state.routing.entry?.sys?.contentTypeId ?? null;
/** The current content node. */
export const selectCurrentNode = (state: SiteState) => state.routing.currentNode;
/** The current node's ancestors, root first. */
export const selectAncestors = (state: SiteState) => state.routing.currentNodeAncestors;
/** The current node's siblings (when the mapping loads them). */
export const selectSiblings = (state: SiteState) => state.routing.currentNodeSiblings;
/** The HTTP status of the current page. */
export const selectStatusCode = (state: SiteState) => state.routing.statusCode;
/** Whether the current path has no page. */
export const selectIsNotFound = (state: SiteState) => state.routing.notFound;
/** Whether loading the current page failed. */
export const selectIsError = (state: SiteState) => state.routing.isError;
/** Whether a page is loading (browser navigation). */
export const selectIsLoading = (state: SiteState) => state.routing.isLoading;
/** The root of the navigation tree. */
export const selectNavigationRoot = (state: SiteState) => state.navigation.root;
/** The content version the site shows. */
export const selectVersionStatus = (state: SiteState) => state.version.versionStatus;
/** Whether a visitor is signed in. */
export const selectIsAuthenticated = (state: SiteState) => state.user.authenticationState.isAuthenticated;
/** The signed-in visitor's public profile. */
export const selectUser = (state: SiteState) => state.user;

/** A link in a menu or a breadcrumb trail. */
export interface NavigationLink {
  path: string;
  title: string;
}

/**
 * The menu items under a node: children marked `includeInMenu`, in their order.
 *
 * @example
 * menuItems(state.navigation.root); // [{ path: '/courses', title: 'Courses' }, …]
 */
export function menuItems(node: RouteNode | null | undefined): NavigationLink[] {
  return (node?.children ?? [])
    .filter((child) => child.includeInMenu)
    .map((child) => ({ path: child.path, title: child.displayName }));
}

/**
 * The breadcrumb trail of a page: its ancestors (root first), then the page itself.
 *
 * @example
 * breadcrumbs(ancestors, node); // [{ path: '/', title: 'Home' }, { path: '/about', title: 'About' }]
 */
export function breadcrumbs(ancestors: readonly RouteNode[], node: RouteNode | null): NavigationLink[] {
  const trail = [...ancestors, ...(node ? [node] : [])];
  return trail.map((item) => ({ path: item.path, title: item.displayName }));
}

/** The main menu: the root's children marked `includeInMenu` (memoised, safe in `useSiteSelector`). */
export const selectMenuItems = memoSelector([selectNavigationRoot], (root) => menuItems(root));

/** The current page's breadcrumb trail (memoised, safe in `useSiteSelector`). */
export const selectBreadcrumbs = memoSelector([selectAncestors, selectCurrentNode], (ancestors, node) =>
  breadcrumbs(ancestors, node),
);
