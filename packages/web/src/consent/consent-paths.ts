/** The endpoint the consent forms post to, so choosing works without JavaScript too. */
export const CONSENT_PATH = '/__consent__';

/** The query parameter and value (`?consent=preferences`) that open the panel without JavaScript. */
export const CONSENT_QUERY = 'consent';
export const CONSENT_QUERY_PANEL = 'preferences';
