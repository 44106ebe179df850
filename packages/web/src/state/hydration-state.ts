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

/** What {@link leanValue} returns for a part that is the initial state's own. */
const UNCHANGED = Symbol('unchanged');

/**
 * The state a page inlines for hydration: what differs from the store's initial state,
 * compared by identity at every depth where both are plain objects — a store keeps untouched
 * parts of its initial state as the very same objects (reducers return what they did not
 * change), so a search configuration the page never used, the settings of a minilist beside
 * its results, a user slice of an anonymous visitor or an empty error cost nothing — and
 * without the {@link SERVER_ONLY} members. Arrays, and objects that replaced a non-object,
 * are inlined whole. The browser rebuilds the whole state with {@link hydrationState} from
 * the same initial state.
 *
 * Reducers must not delete a member the initial state has (set it to `null` instead): the
 * rebuilt state would have the initial value back. Slices named in `wholeMembers` (hydrated in
 * the browser without their initial state, see `InjectedRedux.hydratesWithoutInitialState`)
 * inline, of each changed record of a changed member, its differences and the members their
 * stand-in renders from; their reducer completes the rest from its initial state once it loads
 * (with {@link hydrationState}).
 *
 * @example
 * leanState({ routing: { entry, apiCalls }, user: initial.user }, initial);
 * // { routing: { entry } }
 */
export function leanState(
  state: Slices,
  initial: Slices,
  wholeMembers: ReadonlyMap<string, readonly string[]> = NONE,
): Slices {
  const lean: Slices = {};
  for (const [slice, value] of Object.entries(state)) {
    const dropped = SERVER_ONLY[slice];
    const start = initial[slice];
    const shown =
      dropped && isRecord(value)
        ? Object.fromEntries(Object.entries(value).filter(([key]) => !dropped.includes(key)))
        : value;
    const keep = wholeMembers.get(slice);
    const changed = keep
      ? changedMembers(shown, start, value === start, keep)
      : leanValue(shown, start, value === start);
    if (changed !== UNCHANGED) lean[slice] = changed;
  }
  return lean;
}

const NONE: ReadonlyMap<string, readonly string[]> = new Map();

/**
 * The changes of a slice the browser hydrates without its initial state: of each changed record
 * of a changed member (the slice's minilists by id), its differences and the `keep` members
 * (what the stand-in reducer renders from); a page inlines the minilist it shows, not every
 * minilist of the configuration.
 */
function changedMembers(value: unknown, start: unknown, same: boolean, keep: readonly string[]): unknown {
  if (same) return UNCHANGED;
  if (!isRecord(value) || !isRecord(start)) return value;
  const members: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (key in start && member === start[key]) continue;
    const initial = start[key];
    if (!isRecord(member) || !isRecord(initial)) {
      members[key] = member;
      continue;
    }
    const records: Record<string, unknown> = {};
    for (const [id, record] of Object.entries(member)) {
      if (id in initial && record === initial[id]) continue;
      const changes = id in initial ? leanValue(record, initial[id]) : record;
      records[id] =
        isRecord(changes) && isRecord(record)
          ? {
              ...changes,
              ...Object.fromEntries(
                keep.filter((name) => name in record).map((name) => [name, record[name]]),
              ),
            }
          : changes;
    }
    members[key] = records;
  }
  return members;
}

/** `value` as a change to `start`: {@link UNCHANGED}, the members that differ, or all of it. */
function leanValue(value: unknown, start: unknown, same = value === start): unknown {
  if (same) return UNCHANGED;
  if (!isRecord(value) || !isRecord(start)) return value;
  const members: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const changed = key in start ? leanValue(member, start[key]) : member;
    if (changed !== UNCHANGED) members[key] = changed;
  }
  return members;
}

/**
 * The whole state again from a {@link leanState} and the same initial state: the initial
 * value with the inlined members laid over it, object by object. A whole state
 * (`?redux=true`) gives itself back.
 *
 * @example
 * hydrationState({ routing: { entry } }, initial).routing.apiCalls; // [] (the initial value)
 */
export function hydrationState(lean: Slices, initial: Slices): Slices {
  return overlay(lean, initial) as Slices;
}

function overlay(lean: unknown, start: unknown): unknown {
  if (!isRecord(lean) || !isRecord(start)) return lean;
  const whole: Record<string, unknown> = { ...start };
  for (const [key, member] of Object.entries(lean)) whole[key] = overlay(member, start[key]);
  return whole;
}
