import { Issues, isJsonObject, LIMITS } from './validation.js';

/** The status codes a redirect may answer with (contract §4.2). */
export const REDIRECT_STATUS_CODES: readonly number[] = [301, 302, 303, 307];

/** How a redirect matches a request path. */
export const REDIRECT_MATCH_TYPES = ['beginsWith', 'exactMatch', 'regex'] as const;

/** A redirect match type. */
export type RedirectMatchType = (typeof REDIRECT_MATCH_TYPES)[number];

/** Who made a redirect and when, and who changed it last (contract §4.2). */
export interface RedirectVersion {
  created: string;
  createdBy: string;
  modified: string;
  modifiedBy: string;
}

/** The editable part of a redirect. */
export interface RedirectFields {
  sourceDomain: string;
  destination: string;
  statusCode: number;
  appendSourcePathToDestination: boolean;
  match: { type: RedirectMatchType; value: string };
}

/** A redirect as stored and served. */
export interface RedirectDocument extends RedirectFields {
  id: string;
  version: RedirectVersion;
}

// A host name (each label 1–63 letters, digits or inner hyphens), optionally with a leading
// `*.` wildcard and a port; or `*` for every domain.
const DOMAIN_PATTERN =
  /^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(:\d{1,5})?$/;

// A site path: one leading slash (two would make a protocol-relative URL to another host),
// no white space or backslashes; control characters are checked by isSitePath.
const PATH_PATTERN = /^\/(?!\/)[^\s\\]*$/;

function isSitePath(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return PATH_PATTERN.test(value);
}

/**
 * Validates the editable fields of a redirect (a create body, or a stored redirect with a
 * merge patch applied) and returns them without unknown properties. Throws a 422 naming every
 * problem:
 * - `sourceDomain`: `*`, or a host name optionally starting `*.` and ending with a port;
 * - `destination`: a site path (`/news`) or an absolute `http(s)` URL;
 * - `statusCode`: 301, 302, 303 or 307 (a number);
 * - `appendSourcePathToDestination`: a boolean;
 * - `match`: `{type, value}`, `type` one of beginsWith / exactMatch / regex; a beginsWith or
 *   exactMatch value is a site path, a regex value must compile as a JavaScript regular
 *   expression and be at most 500 characters long.
 *
 * @example
 * parseRedirect({ sourceDomain: '*', destination: '/news', statusCode: 301,
 *   appendSourcePathToDestination: false, match: { type: 'beginsWith', value: '/old-news' } }, 'creating');
 */
export function parseRedirect(body: Record<string, unknown>, doing: 'creating' | 'updating'): RedirectFields {
  const issues = new Issues();
  const sourceDomain = issues.text(body.sourceDomain, 'sourceDomain', LIMITS.domain);
  if (sourceDomain !== '' && sourceDomain !== '*' && !DOMAIN_PATTERN.test(sourceDomain)) {
    issues.add('sourceDomain', "'sourceDomain' must be '*' or a host name such as 'www.example.com'");
  }
  const destination = issues.text(body.destination, 'destination', LIMITS.url);
  if (destination !== '' && !isDestination(destination)) {
    issues.add(
      'destination',
      "'destination' must be a site path starting with '/' or an absolute http(s) URL",
    );
  }
  const statusCode = body.statusCode;
  if (typeof statusCode !== 'number' || !REDIRECT_STATUS_CODES.includes(statusCode)) {
    issues.add('statusCode', `'statusCode' must be one of ${REDIRECT_STATUS_CODES.join(', ')}`);
  }
  const append = body.appendSourcePathToDestination;
  if (typeof append !== 'boolean') {
    issues.add('appendSourcePathToDestination', "'appendSourcePathToDestination' must be true or false");
  }
  const match = parseMatch(body.match, issues);
  issues.throwIfAny(`There are validation errors ${doing} the redirect`);
  return {
    sourceDomain,
    destination,
    statusCode: statusCode as number,
    appendSourcePathToDestination: append as boolean,
    match: match!,
  };
}

function parseMatch(value: unknown, issues: Issues): RedirectFields['match'] | undefined {
  if (!isJsonObject(value)) {
    issues.add('match', "'match' must be an object with 'type' and 'value'");
    return undefined;
  }
  const type = value.type;
  if (typeof type !== 'string' || !(REDIRECT_MATCH_TYPES as readonly string[]).includes(type)) {
    issues.add('match.type', `'match.type' must be one of ${REDIRECT_MATCH_TYPES.join(', ')}`);
    return undefined;
  }
  const max = type === 'regex' ? LIMITS.regex : LIMITS.url;
  const text = issues.text(value.value, 'match.value', max);
  if (text === '') return undefined;
  if (type === 'regex') {
    try {
      new RegExp(text);
    } catch (error) {
      issues.add(
        'match.value',
        `'match.value' is not a valid regular expression: ${(error as Error).message}`,
      );
    }
  } else if (!isSitePath(text)) {
    issues.add('match.value', `'match.value' of a ${type} match must be a site path starting with '/'`);
  }
  return { type: type as RedirectMatchType, value: text };
}

function isDestination(value: string): boolean {
  if (isSitePath(value)) return true;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value)
    );
  } catch {
    return false;
  }
}

/**
 * Applies a JSON merge patch (RFC 7396) to a JSON value: object members of the patch replace
 * the target's, `null` removes them, nested objects merge, anything else replaces the target.
 *
 * @example
 * mergePatch({ a: 1, b: { c: 2 } }, { b: { c: null, d: 3 } }); // { a: 1, b: { d: 3 } }
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: Record<string, unknown> = isJsonObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    // The body parser already refuses this key; never let a patch reach a prototype.
    if (key === '__proto__') continue;
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
