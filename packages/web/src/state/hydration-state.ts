/**
 * Parts of the state that only the server uses: the platform calls of the page and their
 * surrogate keys, which become response headers. `?redux=true` shows them; pages leave them
 * out of their inline state.
 */
export const SERVER_ONLY: Readonly<Record<string, readonly string[]>> = {
  routing: ['apiCalls', 'surrogateKeys'],
};

type Slices = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The state a page inlines for hydration: what differs from the store's initial state, two
 * levels deep (slices, then their members), compared by identity — a store keeps untouched
 * parts of its initial state as the very same objects, so a search configuration the page
 * never used, a user slice of an anonymous visitor or an empty error costs nothing — and
 * without the {@link SERVER_ONLY} members. The browser rebuilds the whole state with
 * {@link hydrationState} from the same initial state.
 *
 * @example
 * leanState({ routing: { entry, apiCalls }, user: initial.user }, initial);
 * // { routing: { entry } }
 */
export function leanState(state: Slices, initial: Slices): Slices {
  const lean: Slices = {};
  for (const [slice, value] of Object.entries(state)) {
    const start = initial[slice];
    if (value === start) continue;
    const dropped = SERVER_ONLY[slice] ?? [];
    if (!isRecord(value) || !isRecord(start)) {
      lean[slice] = value;
      continue;
    }
    const members: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member === start[key] && key in start) continue;
      if (dropped.includes(key)) continue;
      members[key] = member;
    }
    lean[slice] = members;
  }
  return lean;
}

/**
 * The whole state again from a {@link leanState} and the same initial state: each slice is
 * its initial value with the inlined members over it.
 *
 * @example
 * hydrationState({ routing: { entry } }, initial).routing.apiCalls; // [] (the initial value)
 */
export function hydrationState(lean: Slices, initial: Slices): Slices {
  const state: Slices = { ...initial };
  for (const [slice, value] of Object.entries(lean)) {
    const start = initial[slice];
    state[slice] = isRecord(value) && isRecord(start) ? { ...start, ...value } : value;
  }
  return state;
}
