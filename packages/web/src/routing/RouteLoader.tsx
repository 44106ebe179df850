import { staticRoutesOf } from '../site/routes.js';
import { useSite } from '../site/site-context.js';
import { useSiteSelector } from '../state/hooks.js';
import { selectIsAuthenticated } from '../state/selectors.js';
import { findMapping } from './find-mapping.js';
import { NotFound } from './NotFound.js';

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Renders the current page from the routing state: the loading component while a page loads
 * (browser only, and only with no page to keep on screen: see `shownPageStore`), the not-found component for 404 and errors, the static route's component,
 * or the component the content type mapping names. It loads nothing itself: `loadRoute` has
 * already put everything in the store.
 */
export function RouteLoader() {
  const site = useSite();
  const routing = useSiteSelector((state) => state.routing);
  const isLoggedIn = useSiteSelector(selectIsAuthenticated);
  const NotFoundComponent = site.notFound ?? NotFound;

  if (routing.isLoading && site.loading) {
    const LoadingComponent = site.loading;
    return <LoadingComponent />;
  }
  if (routing.redirect) return null;
  if (routing.notFound || routing.isError) {
    return (
      <NotFoundComponent
        statusCode={routing.statusCode}
        statusText={routing.isError ? routing.error?.message : null}
      />
    );
  }
  const common = {
    entry: routing.entry,
    mappedEntry: routing.mappedEntry,
    contentTypeId: routing.entry?.sys?.contentTypeId ?? null,
    projectId: routing.currentProject,
    isLoggedIn,
  };
  if (routing.staticRoute) {
    const { path, params } = routing.staticRoute;
    const route = staticRoutesOf(site).find((candidate) => candidate.path === path);
    if (route) {
      const Component = route.component;
      return <Component {...common} params={params} />;
    }
  }
  const mapping = findMapping(site, common.contentTypeId);
  if (mapping) {
    const Component = mapping.component;
    return <Component {...common} params={NO_PARAMS} />;
  }
  return null;
}
