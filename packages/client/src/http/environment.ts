/** Whether the code runs in a browser document (not Node, not a worker without a window). */
export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

/**
 * Whether the browser is Internet Explorer 11 or older, which limits URLs to 2083 characters
 * (contract §6.6). Such browsers expose `document.documentMode`.
 */
export function isOldInternetExplorer(): boolean {
  if (!isBrowser()) return false;
  const mode = (document as Document & { documentMode?: number }).documentMode;
  return typeof mode === 'number' && mode <= 11;
}
