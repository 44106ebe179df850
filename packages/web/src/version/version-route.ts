import type { StaticRoute } from '../site/site-definition.js';
import { loadVersionInfo } from './load-version-info.js';
import { VersionPage } from './VersionPage.js';

/** The framework's version information route at `path`. */
export function versionRoute(path: string): StaticRoute {
  return {
    path,
    title: 'Version information',
    component: VersionPage,
    loader: async ({ dispatch }) => {
      await dispatch(loadVersionInfo());
    },
  };
}
