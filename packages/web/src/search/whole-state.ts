/** The parts of the search state that the real reducer always has. */
const WHOLE_STATE_PARTS = ['facets', 'listings', 'minilist', 'tabs', 'config'] as const;

/**
 * Whether a search state is whole: not what a page hydrated its stand-in reducer with, which
 * holds only the minilist it showed (see `leanState`). The real reducer completes such a state
 * from its initial state on its first action.
 *
 * @example
 * isWholeSearchState({ minilist: { related } }); // false
 */
export function isWholeSearchState(state: unknown): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const parts = state as Record<string, unknown>;
  return WHOLE_STATE_PARTS.every((part) => parts[part] != null);
}
