/** Prefix of the keys an OIDC client library keeps in browser storage (website spec §4). */
export const OIDC_KEY_PREFIX = 'oidc.';

/**
 * Removes every `oidc.*` key from `localStorage` and `sessionStorage`, as signing out of a
 * federated sign-in must (website spec §4). Does nothing outside a browser or where storage
 * is blocked. Returns how many keys went.
 *
 * @example
 * <form method="post" action={ACCOUNT_PATHS.logout} onSubmit={() => clearOidcKeys()}>…</form>
 */
export function clearOidcKeys(): number {
  let removed = 0;
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    let storage: Storage | undefined;
    try {
      storage = typeof window === 'undefined' ? undefined : window[name];
    } catch {
      continue; // storage blocked by the browser's settings
    }
    if (!storage) continue;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(OIDC_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
    removed += keys.length;
  }
  return removed;
}
