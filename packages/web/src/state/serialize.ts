import { isDeeplyFrozen } from '../delivery/shared-answers.js';
import { STATE_GLOBAL } from './state-global.js';

export { STATE_GLOBAL };

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** Levels of a value walked by {@link serializeForScript} looking for shared answers. */
const WALK_DEPTH = 2;

/**
 * The safe JSON of values that never change (answers of the server's delivery cache and
 * what is derived from them): an entry shown on every request is serialised once.
 */
const sharedJson = new WeakMap<object, string>();

/**
 * JSON that is safe inside an HTML `<script>` element: `<`, `>` and `&` are written as
 * unicode escapes, so no `</script>` or `<!--` can end or confuse the element, and U+2028 /
 * U+2029 are escaped for older JavaScript parsers. `JSON.parse` and a JavaScript parser read
 * the same value back.
 *
 * The text is the one `JSON.stringify` writes. Deeply frozen values in the first levels (the
 * shared answers of the server's delivery cache in a page's state) are serialised once and
 * their text reused.
 *
 * @example
 * serializeForScript({ title: '</script><script>alert(1)</script>' });
 * // '{"title":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}'
 */
export function serializeForScript(value: unknown): string {
  return safeJson(value, WALK_DEPTH) ?? 'null';
}

/**
 * The content of the inline script that hands the server's state to the browser. A page
 * whose mapped entry is its entry (no entry mapper) carries the entry once; the script makes
 * `routing.mappedEntry` the same object again, as it is on the server.
 */
export function stateScript(state: unknown): string {
  const routing = (state as { routing?: { entry?: unknown; mappedEntry?: unknown } } | null)?.routing;
  if (
    routing &&
    typeof routing.entry === 'object' &&
    routing.entry !== null &&
    routing.mappedEntry === routing.entry
  ) {
    const compact = { ...(state as object), routing: { ...routing, mappedEntry: null } };
    const global = `window.${STATE_GLOBAL}`;
    return `${global}=${serializeForScript(compact)};${global}.routing.mappedEntry=${global}.routing.entry;`;
  }
  return `window.${STATE_GLOBAL}=${serializeForScript(state)};`;
}

const HAS_UNSAFE = /[<>&\u2028\u2029]/;

function escapeForScript(json: string): string {
  return HAS_UNSAFE.test(json) ? json.replace(UNSAFE, (char) => ESCAPES[char] ?? char) : json;
}

/** `"key":`, escaped, for the keys met so far (a state has the same keys on every page). */
const memberPrefixes = new Map<string, string>();
const MEMBER_PREFIX_LIMIT = 1000;

function memberPrefix(key: string): string {
  let prefix = memberPrefixes.get(key);
  if (prefix === undefined) {
    prefix = `${escapeForScript(JSON.stringify(key))}:`;
    if (memberPrefixes.size < MEMBER_PREFIX_LIMIT) memberPrefixes.set(key, prefix);
  }
  return prefix;
}

/** What `JSON.stringify` writes for `value`, escaped; `undefined` where it writes nothing. */
function safeJson(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value !== 'object') {
    const json = JSON.stringify(value) as string | undefined;
    return json === undefined ? undefined : escapeForScript(json);
  }
  if (isDeeplyFrozen(value)) {
    let json = sharedJson.get(value);
    if (json === undefined) {
      json = escapeForScript(JSON.stringify(value));
      sharedJson.set(value, json);
    }
    return json;
  }
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return escapeForScript(JSON.stringify(value));
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => safeJson(item, depth - 1) ?? 'null').join(',')}]`;
  }
  let json = '';
  for (const key of Object.keys(value)) {
    const member = safeJson((value as Record<string, unknown>)[key], depth - 1);
    if (member === undefined) continue;
    json += `${json === '' ? '{' : ','}${memberPrefix(key)}${member}`;
  }
  return json === '' ? '{}' : `${json}}`;
}
