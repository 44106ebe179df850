/** The id of the element the notices the framework adds from plain script go in (the language offer). */
export const NOTICE_SLOT_ID = 'canopy-notices';

// Opaque to React: it renders the element empty, never hydrates or replaces what script puts
// in it, and leaves it alone on every render after (the string never changes).
const EMPTY = { __html: '' };

/**
 * Where notices added from plain script after the page has shown (the language offer) stand in
 * the keyboard's order: first in the page, before the skip link, right after the consent popup.
 * So once the popup is answered and removed, the next Tab meets the notice that took its place
 * (the browser goes on from where the popup stood), and focus is never moved to it. Empty, it
 * shows nothing and says nothing to screen readers.
 */
export function NoticeSlot() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant empty string, so React leaves the element's script-added content alone
  return <div id={NOTICE_SLOT_ID} dangerouslySetInnerHTML={EMPTY} />;
}
