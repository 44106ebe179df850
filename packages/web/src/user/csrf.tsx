import { createContext, useContext } from 'react';

/** Name of the `<meta>` element through which the server hands the CSRF token to the browser. */
export const CSRF_META_NAME = 'csrf-token';

/** Name of the hidden form field (and `x-csrf-token` header for JSON) carrying the token. */
export const CSRF_FIELD = '_csrf';

/** The visitor's CSRF token, or `null` on pages rendered without one (cacheable pages). */
export const CsrfContext = createContext<string | null>(null);

/**
 * The visitor's CSRF token for a form that changes something (sign out, passwords …). The
 * site server puts one into every account page (`/account/*`) and every page of a signed-in
 * visitor; elsewhere it is `null`, so cacheable pages stay the same for everyone.
 *
 * @example
 * const token = useCsrfToken();
 * await fetch('/account/logout', { method: 'POST', headers: { 'x-csrf-token': token ?? '' } });
 */
export function useCsrfToken(): string | null {
  return useContext(CsrfContext);
}

/**
 * The hidden field every account form needs: `<input type="hidden" name="_csrf">` with the
 * visitor's token. Renders nothing when the page has no token.
 *
 * @example
 * <form method="post" action="/account/logout"><CsrfField /><button>Sign out</button></form>
 */
export function CsrfField() {
  const token = useCsrfToken();
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}

/** The token a server-rendered page published in its `<meta name="csrf-token">`. */
export function readCsrfMeta(document: Document): string | null {
  return document.querySelector(`meta[name="${CSRF_META_NAME}"]`)?.getAttribute('content') || null;
}
