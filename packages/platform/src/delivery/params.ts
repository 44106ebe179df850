import type { ProjectResource, VersionStatus } from '../contract.js';
import { badRequest, HttpError } from './errors.js';

/** Query parameters with lower-cased names (names are case-insensitive, contract §1.1). */
export type QueryParams = Readonly<Record<string, string | undefined>>;

/** The largest page a list or search returns (contract §1.2). */
export const MAX_PAGE_SIZE = 10_000;

/** The deepest link resolution the platform performs (contract §1.9). */
export const MAX_LINK_DEPTH = 10;

/** Paging of a list or search. */
export interface Paging {
  pageIndex: number;
  pageSize: number;
}

/**
 * Parses a non-negative integer parameter. Absent or empty means `fallback`; anything that is
 * not a plain decimal integer is a 400 naming the parameter. Values above `clampTo` are
 * lowered to it (used where clients legitimately send large values, e.g. `linkDepth=99`).
 */
export function nonNegativeInteger(
  value: unknown,
  name: string,
  fallback: number,
  clampTo = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined || value === null || value === '') return fallback;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\+?\d{1,15}$/.test(text.trim())) {
    throw badRequest(`The '${name}' parameter must be a non-negative integer`, { [name]: value });
  }
  return Math.min(Number.parseInt(text.trim(), 10), clampTo);
}

/**
 * Paging parameters: `pageIndex` (default 0) and `pageSize` (default `defaultSize`). A page
 * size outside 1..10,000 or a negative or fractional value is a 400, never silently adjusted,
 * so a caller learns that the page it asked for is not the page it would get.
 */
export function parsePaging(pageIndex: unknown, pageSize: unknown, defaultSize = 25): Paging {
  const index = nonNegativeInteger(pageIndex, 'pageIndex', 0);
  const size = nonNegativeInteger(pageSize, 'pageSize', defaultSize);
  if (size < 1 || size > MAX_PAGE_SIZE) {
    throw badRequest(`The 'pageSize' parameter must be between 1 and ${MAX_PAGE_SIZE}`, { pageSize: size });
  }
  if (index * size > Number.MAX_SAFE_INTEGER) throw badRequest("The 'pageIndex' parameter is too large");
  return { pageIndex: index, pageSize: size };
}

/** `versionStatus`: `published` (default) or `latest`, in any letter case. */
export function parseVersionStatus(value: string | undefined): VersionStatus {
  if (value === undefined || value === '') return 'published';
  const lower = value.toLowerCase();
  if (lower === 'published' || lower === 'latest') return lower;
  throw badRequest(`The 'versionStatus' parameter must be 'published' or 'latest'`, { versionStatus: value });
}

/** `linkDepth` and friends: an integer ≥ 0, lowered to 10 when larger (clients send 99). */
export function parseLinkDepth(value: unknown, name = 'linkDepth'): number {
  return nonNegativeInteger(value, name, 0, MAX_LINK_DEPTH);
}

/**
 * `fieldLinkDepths`: a JSON object of field path → depth (integers ≥ 0, lowered to 10), given
 * as JSON text in a query string or as an object in a POST body.
 */
export function parseFieldLinkDepths(value: unknown, name = 'fieldLinkDepths'): Record<string, number> {
  if (value === undefined || value === null || value === '') return {};
  const parsed = typeof value === 'string' ? parseJson(value, name) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest(`The '${name}' parameter must be a JSON object of field paths and depths`);
  }
  const depths: Record<string, number> = {};
  for (const [path, depth] of Object.entries(parsed)) {
    if (path.trim() === '') throw badRequest(`The '${name}' parameter contains an empty field path`);
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) {
      throw badRequest(`The depth of '${path}' in '${name}' must be a non-negative integer`);
    }
    depths[path.trim()] = Math.min(depth, MAX_LINK_DEPTH);
  }
  return depths;
}

/**
 * A list of field names: a comma-separated list (what clients send) or a JSON array of
 * strings (what the documentation shows), or an array in a POST body. Blank names are dropped.
 */
export function parseFieldList(value: unknown, name = 'fields'): string[] {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    list = value.trim().startsWith('[') ? parseJson(value, name) : value.split(',');
  }
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) {
    throw badRequest(`The '${name}' parameter must be a comma-separated list or a JSON array of strings`);
  }
  return (list as string[]).map((item) => item.trim()).filter((item) => item !== '');
}

/** Parses JSON text from a parameter; a syntax error is a 400 naming the parameter. */
export function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(`The '${name}' parameter is not valid JSON: ${(error as Error).message}`);
  }
}

/** `true` for `true`/`1` in any case; anything else is false (flags are opt-in). */
export function parseFlag(value: string | undefined): boolean {
  if (value === undefined) return false;
  const lower = value.trim().toLowerCase();
  return lower === 'true' || lower === '1';
}

/**
 * The project language a `language` parameter names, matched without regard to letter case
 * (`en-gb` → `en-GB`); undefined when absent. A language the project does not support is a
 * 404, as the contract lists "unsupported language" among the not-found cases.
 */
export function parseLanguage(project: ProjectResource, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const wanted = value.trim().toLowerCase();
  const match = project.supportedLanguages.find((language) => language.toLowerCase() === wanted);
  if (match) return match;
  throw new HttpError(
    404,
    `The language '${value.slice(0, 40)}' is not supported by project '${project.id}'`,
    {
      language: value.slice(0, 40),
      projectId: project.id,
    },
  );
}
