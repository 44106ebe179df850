import type { SiteThunk } from '../state/store-types.js';
import { versionInfoLoaded } from '../state/version-slice.js';

/** Loads the version information into the state (the version page's loader). */
export function loadVersionInfo(): SiteThunk<Promise<void>> {
  return async (dispatch, _getState, services) => {
    dispatch(versionInfoLoaded(await services.versionInfo()));
  };
}
