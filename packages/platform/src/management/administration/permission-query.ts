import { ACTIONS } from '../../auth/permissions.js';

/**
 * The actions to report for a permission query: a role's `*` is spelled out as the actions
 * the platform checks (view, create, update, delete, publish, connect), so a caller can look
 * for a concrete name; other granted names (workflow actions such as
 * `contensisEntryBasic.draft.sysUpdate`) follow as granted, without duplicates (ignoring case).
 *
 * @example
 * reportedActions(['*']); // ['view', 'create', 'update', 'delete', 'publish', 'connect']
 * reportedActions(['view', 'sys.create']); // ['view', 'sys.create']
 */
export function reportedActions(granted: readonly string[]): string[] {
  const names = granted.includes('*')
    ? [...Object.values(ACTIONS), ...granted.filter((a) => a !== '*')]
    : granted;
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The names under which an action may be granted: itself and, for the documented `sys.`
 * spelling (`sys.create`), the plain action (`create`) the platform's roles use.
 *
 * @example
 * actionAliases('sys.create'); // ['sys.create', 'create']
 */
export function actionAliases(actionName: string): string[] {
  const plain = /^sys\.(.+)$/i.exec(actionName)?.[1];
  return plain ? [actionName, plain] : [actionName];
}
