import { hydrationState } from '../state/hydration-state.js';
import { restoreInlineContent } from '../state/inline-content.js';
import type { SiteState } from '../state/store-types.js';
import { initialUserState } from '../user/user-slice.js';

/**
 * The user state a page hands to the browser, rebuilt the way the browser rebuilds it: the
 * page inlines only what differs from the initial state, laid here over the user slice's
 * initial value. Other slices are as inlined.
 *
 * @example
 * expect(inlineState(html).user.registration).toEqual({ success: true, isLoading: false, error: null });
 */
export function inlineState(html: string): SiteState {
  const json = /window\.__CANOPY_STATE__=(.*?);(?:window|<\/script>)/s.exec(html)?.[1];
  if (!json) throw new Error('The page has no inline state');
  return hydrationState(restoreInlineContent(JSON.parse(json) as Record<string, unknown>), {
    user: initialUserState,
  }) as unknown as SiteState;
}
