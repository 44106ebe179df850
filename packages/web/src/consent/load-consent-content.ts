import type { Entry, PagedList } from '@canopy/client';
import { ApiCallLog } from '../delivery/api-call-log.js';
import { derivedOnce } from '../delivery/shared-answers.js';
import { describeError } from '../routing/route-data.js';
import type { SiteThunk } from '../state/store-types.js';
import { type ConsentContent, consentContentOf } from './consent-content.js';
import { consentContentLoaded } from './consent-slice.js';
import { sanitizeConsentMessage } from './sanitize-message.js';

/** The fields a consent entry is read with: the wording, nothing else. */
const CONSENT_ENTRY_FIELDS = ['sys.id', 'message', 'categories'];

/** Parsed and sanitised wording per shared (frozen) search answer, so a cached answer is read once. */
const wordings = new WeakMap<PagedList<Entry>, ConsentContent | null>();

/**
 * Loads the consent wording editors keep on the platform (`consent.contentTypeId`): the newest
 * published entry of that content type, its message sanitised like the site's own. Server
 * only (sanitize-html stays out of the browser bundle); the page state carries the result.
 * The answer goes through the delivery cache and its surrogate keys, so an edit is purged
 * like any other content. A failure is logged and the site's own wording stays: a page does
 * not fail because its cookie text could not be read.
 */
export function loadConsentContent(): SiteThunk<Promise<void>> {
  return async (dispatch, getState, services) => {
    const config = services.site.consent;
    if (!config?.contentTypeId) return;
    const log = new ApiCallLog(services.requestLog);
    try {
      const client = services.delivery.client({ versionStatus: getState().version.versionStatus, log });
      // A list of the one content type, not a search: a cache in front keys it by that type,
      // so edits of other entries do not purge every page (see `listingKey`).
      const answer = await client.entries.list({
        contentTypeId: config.contentTypeId,
        order: ['-sys.version.published'],
        fields: CONSENT_ENTRY_FIELDS,
        pageOptions: { pageSize: 1 },
      });
      const categoryIds = config.categories.map((category) => category.id);
      const content = derivedOnce(wordings, answer, (found) => {
        const parsed = consentContentOf(found.items[0] ?? null, categoryIds);
        if (!parsed || parsed.message === undefined) return parsed;
        const message = sanitizeConsentMessage(parsed.message);
        return message === '' ? { categories: parsed.categories } : { ...parsed, message };
      });
      if (content) dispatch(consentContentLoaded(content));
    } catch (error) {
      services.logger.warn('Loading the consent wording failed; the site configuration is shown', {
        error: describeError(error),
      });
    }
  };
}
