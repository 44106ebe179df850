/** Elements a keyboard can reach with Tab. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements inside `container` that Tab reaches, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal dialog): past the last element focus
 * wraps to the first, before the first (or from the dialog itself) to the last.
 */
export function trapTab(
  event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = container.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === container || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The class of the popup's Customise link. Opening the panel takes the popup (and the link,
 * which had focus) off the page; closing it unsaved brings the popup back with a new link.
 */
export const CUSTOMISE_CLASS = 'consent-customise';

/**
 * Gives focus back after a dialog closes, without scrolling: to the element that opened it
 * when it is still on the page; else to the popup's Customise link when the popup is back (the
 * panel was opened from it, or the page was loaded with the panel open), so a keyboard user
 * closing the panel with Escape lands where they were, not at the start of the page's content,
 * a whole header past the popup; else to the page's `main` (or the body).
 */
export function returnFocus(trigger: Element | null): void {
  const target =
    trigger instanceof HTMLElement && trigger.isConnected && trigger !== document.body
      ? trigger
      : (document.querySelector<HTMLElement>(`.${CUSTOMISE_CLASS}`) ??
        document.querySelector<HTMLElement>('main[tabindex]') ??
        document.body);
  target.focus({ preventScroll: true });
}
