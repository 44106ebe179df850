import { lazyComponent } from '../routing/lazy-component.js';
import type { StaticRoute } from '../site/site-definition.js';
import { loadVersionInfo } from './load-version-info.js';

/** The framework's version information route at `path`; its page's code loads with the route. */
export function versionRoute(path: string): StaticRoute {
  return {
    path,
    title: 'Version information',
    component: lazyComponent(() => import('./VersionPage.js').then((module) => module.VersionPage)),
    loader: async ({ dispatch }) => {
      await dispatch(loadVersionInfo());
    },
  };
}
