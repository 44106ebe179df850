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
 * Gives focus back after a dialog closes: to the element that opened it when it is still on
 * the page, else to the page's `main` (or the body), without scrolling.
 */
export function returnFocus(trigger: Element | null): void {
  const target =
    trigger instanceof HTMLElement && trigger.isConnected && trigger !== document.body
      ? trigger
      : (document.querySelector<HTMLElement>('main[tabindex]') ?? document.body);
  target.focus({ preventScroll: true });
}
