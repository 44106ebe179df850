import type { ConsentConfig } from './consent-config.js';

/** How often the cookie is read for choices made in another tab (website spec §9). */
export const CONSENT_POLL_MS = 300;

/** Props of the consent overlays (`ConsentOverlays`). */
export interface ConsentOverlaysProps {
  config: ConsentConfig;
}
