/**
 * What a search address says (website spec §2): the facet, the term, sorting, paging and the
 * selected filter values. Parsing and building are inverse functions, so a link built here,
 * a GET form submitted without JavaScript and the address after a click all agree.
 */
export interface SearchRoute {
  /** The facet (the path segment after the base path), `null` on the base path itself. */
  facet: string | null;
  term: string;
  /** The visitor's sort key, `null` for the facet's default. */
  orderBy: string | null;
  /** Zero-based (the address shows it one-based and leaves out the first page). */
  pageIndex: number;
  /** `null` for the facet's default. */
  pageSize: number | null;
  /** Selected values by filter key, in the order the filters were given. */
  filters: Record<string, string[]>;
  /** The location hash, `#` included, or empty. */
  hash: string;
}

/** Options of the codec. */
export interface SearchCodecOptions {
  /** The search base path (default `/search`). */
  basePath: string;
  /**
   * The filter whose values are content type ids: they travel as the path segment after the
   * facet (`/search/all/course`) instead of a query parameter. Default `contentTypeId`.
   */
  contentTypeFilter?: string;
  /** Filter keys read from the query; without it every other parameter counts as a filter. */
  filterKeys?: readonly string[];
}

/** Query parameters with a meaning of their own, never filters. */
export const RESERVED_SEARCH_PARAMETERS: ReadonlySet<string> = new Set([
  'term',
  'orderBy',
  'pageIndex',
  'pageSize',
  'redux',
  'versionStatus',
]);

/** Longest term kept from an address. */
export const MAX_TERM_LENGTH = 200;

/** Largest page size an address may ask for. */
export const MAX_PAGE_SIZE = 100;

const DEFAULT_CONTENT_TYPE_FILTER = 'contentTypeId';

/**
 * Parameter names that are members of every object: never filter names, and as keys they would
 * reach `Object.prototype` (`?constructor=…` made the filters' lookup find a function).
 */
const OBJECT_MEMBER_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Reads a search address. Repeated parameters (checkboxes of a GET form) and comma-joined
 * values both select several values; `%2C` is a comma. Out-of-range paging falls back to
 * the first page and the default size.
 *
 * @example
 * parseSearchRoute({ pathname: '/search/courses', search: '?term=marine&level=Undergraduate', hash: '' }, { basePath: '/search' });
 * // { facet: 'courses', term: 'marine', filters: { level: ['Undergraduate'] }, pageIndex: 0, … }
 */
export function parseSearchRoute(
  location: { pathname: string; search: string; hash?: string },
  options: SearchCodecOptions,
): SearchRoute {
  const contentTypeFilter = options.contentTypeFilter ?? DEFAULT_CONTENT_TYPE_FILTER;
  const base = trimSlashes(options.basePath);
  const path = trimSlashes(location.pathname);
  const rest = path === base ? '' : path.startsWith(`${base}/`) ? path.slice(base.length + 1) : '';
  const segments = rest.split('/').filter(Boolean).map(safeDecode);
  const params = new URLSearchParams(location.search);

  const filters: Record<string, string[]> = {};
  const pathTypes = segments[1] ? splitValues([segments[1]]) : [];
  if (pathTypes.length > 0) filters[contentTypeFilter] = pathTypes;
  const keys = options.filterKeys ?? [...new Set(params.keys())];
  for (const key of keys) {
    if (RESERVED_SEARCH_PARAMETERS.has(key) || OBJECT_MEMBER_NAMES.has(key)) continue;
    const values = splitValues(params.getAll(key));
    if (values.length === 0) continue;
    const known = Object.hasOwn(filters, key) ? (filters[key] ?? []) : [];
    filters[key] = [...new Set([...known, ...values])];
  }

  const page = Number(params.get('pageIndex'));
  const size = Number(params.get('pageSize'));
  return {
    facet: segments[0] || null,
    term: (params.get('term') ?? '').trim().slice(0, MAX_TERM_LENGTH),
    orderBy: params.get('orderBy')?.trim() || null,
    pageIndex: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: Number.isInteger(size) && size > 0 && size <= MAX_PAGE_SIZE ? size : null,
    filters,
    hash: location.hash ?? '',
  };
}

/**
 * Writes a search address: base path, facet, content type segment, then `term`, `orderBy`,
 * `pageIndex` (one-based, left out on the first page), `pageSize` and one parameter per
 * filter with its values joined by commas; the hash last.
 *
 * @example
 * buildSearchPath({ facet: 'courses', term: 'marine', orderBy: null, pageIndex: 1, pageSize: null, filters: {}, hash: '' }, { basePath: '/search' });
 * // '/search/courses?term=marine&pageIndex=2'
 */
export function buildSearchPath(route: SearchRoute, options: SearchCodecOptions): string {
  const contentTypeFilter = options.contentTypeFilter ?? DEFAULT_CONTENT_TYPE_FILTER;
  const base = `/${trimSlashes(options.basePath)}`.replace(/^\/$/, '');
  let path = base || '/';
  if (route.facet) {
    path = `${base}/${encodeSegment(route.facet)}`;
    const types = route.filters[contentTypeFilter] ?? [];
    if (types.length > 0) path += `/${types.map(encodeSegment).join(',')}`;
  }
  const query: string[] = [];
  if (route.term) query.push(`term=${encodeValue(route.term)}`);
  if (route.orderBy) query.push(`orderBy=${encodeValue(route.orderBy)}`);
  if (route.pageIndex > 0) query.push(`pageIndex=${route.pageIndex + 1}`);
  if (route.pageSize) query.push(`pageSize=${route.pageSize}`);
  for (const [key, values] of Object.entries(route.filters)) {
    if (route.facet && key === contentTypeFilter) continue;
    if (values.length === 0) continue;
    query.push(`${encodeValue(key)}=${values.map(encodeValue).join(',')}`);
  }
  return `${path}${query.length > 0 ? `?${query.join('&')}` : ''}${route.hash}`;
}

function splitValues(raw: readonly string[]): string[] {
  const values: string[] = [];
  for (const item of raw) {
    for (const value of item.split(',')) {
      const trimmed = value.trim();
      if (trimmed && !values.includes(trimmed)) values.push(trimmed);
    }
  }
  return values;
}

/** Like a form's encoding (spaces as `+`), but commas and slashes stay readable. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+').replace(/%2C/gi, ',').replace(/%2F/gi, '/');
}

function encodeSegment(value: string): string {
  return encodeURIComponent(value);
}

/**
 * Whether `pathname` is `basePath` or an address below it: `/search/courses` is under
 * `/search`, `/searching` is not.
 *
 * @example
 * isUnderBasePath('/news/2026', '/news'); // true
 * isUnderBasePath('/newsletter', '/news'); // false
 */
export function isUnderBasePath(pathname: string, basePath: string): boolean {
  const base = trimSlashes(basePath);
  const path = trimSlashes(pathname);
  return base === '' || path === base || path.startsWith(`${base}/`);
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
