import type { PayloadAction } from '@reduxjs/toolkit';
import type { VersionInfo } from '../version/version-info.js';
import type { VersionStatus } from './content-version.js';
import { plainSlice } from './plain-slice.js';

/** The version state (website spec §3). */
export interface VersionState {
  /** The commit the site was built from. */
  commitRef: string | null;
  /** The build (pipeline run) number. */
  buildNo: string | null;
  /** Which content version the site shows. */
  versionStatus: VersionStatus;
  /** Whether this visitor may preview drafts (preview host, localhost or editor). */
  canPreview: boolean;
  /** The version information page's data, loaded on that page only. */
  info: VersionInfo | null;
}

/** Published content, no build facts, no version page data. */
export const initialVersionState: VersionState = {
  commitRef: null,
  buildNo: null,
  versionStatus: 'published',
  canPreview: false,
  info: null,
};

/** The version slice; its facts are set when the store is created, the page data on `/version`. */
export const versionSlice = plainSlice('version', initialVersionState, {
  versionInfoLoaded(state: VersionState, action: PayloadAction<VersionInfo>): VersionState {
    return { ...state, info: action.payload };
  },
});

/** Action creators of the version slice. */
export const { versionInfoLoaded } = versionSlice.actions;
