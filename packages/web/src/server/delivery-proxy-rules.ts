import { DEFAULT_ENTRY_LINK_DEPTH } from '../routing/route-data.js';
import { INTERNAL_PAGING_PAGE_SIZE } from '../search/query-builder.js';
import { SITEMAP_WALK_DEPTH } from '../seo/load-sitemap.js';

/**
 * What the public delivery proxy (`/api/delivery/*`) passes on: the query parameters the
 * framework's own delivery client sends (website spec "Delivery (GET …)", the client's query
 * encoding), with the numbers capped at what the site's own pages use. Anything else is a 400
 * that says why, before the delivery cache is looked at: an extra parameter would otherwise
 * make a new cache key (defeating the cache) and a big page size or link depth makes one
 * anonymous request cost the platform seconds and megabytes (contract maxima: page size
 * 10 000, link depth 10).
 */
export const DELIVERY_PROXY_LIMITS = Object.freeze({
  /**
   * Largest page size: the framework's biggest own query, a search facet paged in the browser
   * (`INTERNAL_PAGING_PAGE_SIZE`); search pages ask 10–25, load-more spans at most 240,
   * filter lists 100.
   */
  pageSize: INTERNAL_PAGING_PAGE_SIZE,
  /** Deepest page: far past any listing the site has, but bounding the platform's skip. */
  pageIndex: 10_000,
  /**
   * Deepest link resolution (`linkDepth`, `entryLinkDepth` and every `fieldLinkDepths`
   * value): the routes' default is {@link DEFAULT_ENTRY_LINK_DEPTH}, the site's own queries 1;
   * one more for a site definition that asks a little deeper.
   */
  linkDepth: DEFAULT_ENTRY_LINK_DEPTH + 1,
  /** Entries of one `fieldLinkDepths` map (the site's have one or two). */
  fieldLinkDepthEntries: 50,
  /** Deepest node tree (`depth`, `childDepth`): the sitemap's walk, the framework's deepest. */
  nodeDepth: SITEMAP_WALK_DEPTH,
  /** Ancestor start level. */
  startLevel: 100,
  /** Longest free-text value (`where`, `zenql`, `aggregations`; longer searches go as POST). */
  queryText: 8_000,
  /** Longest other text value (`fields`, `order`, a node path, an entry id). */
  shortText: 2_000,
});

type Rule = (value: string) => string | null;

const integer =
  (min: number, max: number): Rule =>
  (value) =>
    /^\d{1,7}$/.test(value) && Number(value) >= min && Number(value) <= max
      ? null
      : `must be a whole number from ${min} to ${max}`;

const text =
  (max: number): Rule =>
  (value) =>
    value.length <= max ? null : `must be at most ${max} characters`;

const oneOf =
  (...allowed: string[]): Rule =>
  (value) =>
    allowed.includes(value.toLowerCase()) ? null : `must be one of ${allowed.join(', ')}`;

const depthMap: Rule = (value) => fieldLinkDepthsProblem(safeJson(value));

const L = DELIVERY_PROXY_LIMITS;

/**
 * The query parameters passed on, by lower-case name (the platform reads names regardless of
 * case, so `PAGESIZE` is checked as `pageSize` is), each with its rule.
 */
const QUERY_RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  ['language', (value) => (/^[A-Za-z0-9_-]{1,35}$/.test(value) ? null : 'must be a language code')],
  ['versionstatus', oneOf('published', 'latest')],
  ['pagesize', integer(0, L.pageSize)],
  ['pageindex', integer(0, L.pageIndex)],
  ['linkdepth', integer(0, L.linkDepth)],
  ['entrylinkdepth', integer(0, L.linkDepth)],
  ['fieldlinkdepths', depthMap],
  ['entryfieldlinkdepths', depthMap],
  ['depth', integer(0, L.nodeDepth)],
  ['childdepth', integer(0, L.nodeDepth)],
  ['startlevel', integer(0, L.startLevel)],
  ['allowpartialmatch', oneOf('true', 'false')],
  ['canonicalonly', oneOf('true', 'false')],
  ['includeinmenu', oneOf('true', 'false')],
  ['fields', text(L.shortText)],
  ['entryfields', text(L.shortText)],
  ['order', text(L.shortText)],
  ['orderby', text(L.queryText)],
  ['where', text(L.queryText)],
  ['zenql', text(L.queryText)],
  ['aggregations', text(L.queryText)],
  ['path', text(L.shortText)],
  ['entryid', text(L.shortText)],
]);

/** Fields of a search sent as POST (the client's `toSearchBody`, plus what the platform also reads there). */
const BODY_RULES: ReadonlyMap<string, (value: unknown) => string | null> = new Map([
  ['pageIndex', numberRule(L.pageIndex)],
  ['pageSize', numberRule(L.pageSize)],
  ['linkDepth', numberRule(L.linkDepth)],
  ['fieldLinkDepths', fieldLinkDepthsProblem],
  ['orderBy', anything],
  ['where', anything],
  ['fields', anything],
  ['aggregations', anything],
]);

/**
 * Why a delivery proxy request may not go to the platform, or `null` when it may: a query
 * parameter the site's pages never send, one sent twice, a number past its cap, or (a search
 * sent as POST) a body that is not such a search.
 *
 * @example
 * deliveryRequestProblem('GET', '/api/delivery/projects/website/entries?pageSize=10000');
 * // 'pageSize must be a whole number from 0 to 500'
 */
export function deliveryRequestProblem(method: string, path: string, body?: Buffer | string): string | null {
  const query = path.indexOf('?');
  const seen = new Set<string>();
  if (query !== -1) {
    for (const [name, value] of new URLSearchParams(path.slice(query + 1))) {
      const key = name.toLowerCase();
      const rule = QUERY_RULES.get(key);
      if (!rule) return `The query parameter '${shown(name)}' is not accepted here`;
      if (seen.has(key)) return `The query parameter '${shown(name)}' is given more than once`;
      seen.add(key);
      const problem = rule(value);
      if (problem) return `${shown(name)} ${problem}`;
    }
  }
  if (method === 'POST' && body !== undefined && body.length > 0) return searchBodyProblem(body);
  return null;
}

function searchBodyProblem(body: Buffer | string): string | null {
  const parsed = safeJson(typeof body === 'string' ? body : body.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'A search sent as POST needs a JSON object (a query) as its body';
  for (const [name, value] of Object.entries(parsed)) {
    const rule = BODY_RULES.get(name);
    if (!rule) return `The search field '${shown(name)}' is not accepted here`;
    const problem = rule(value);
    if (problem) return `${name} ${problem}`;
  }
  return null;
}

function numberRule(max: number): (value: unknown) => string | null {
  return (value) =>
    value === null ||
    (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max) ||
    (typeof value === 'string' && integer(0, max)(value) === null)
      ? null
      : `must be a whole number from 0 to ${max}`;
}

function anything(): null {
  return null;
}

/** A `{ "field.path": depth }` map within the caps, or what is wrong with it. */
function fieldLinkDepthsProblem(value: unknown): string | null {
  const message = `must be a JSON object of at most ${L.fieldLinkDepthEntries} field paths, each with a depth from 0 to ${L.linkDepth}`;
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return message;
  const entries = Object.entries(value);
  if (entries.length > L.fieldLinkDepthEntries) return message;
  for (const [, depth] of entries) {
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0 || depth > L.linkDepth)
      return message;
  }
  return null;
}

/** Parsed JSON, or a marker that is never valid (`undefined` would read as "absent"). */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return Number.NaN;
  }
}

/** A name as it may appear in a message: short, printable. */
function shown(name: string): string {
  const cut = name.length > 40 ? `${name.slice(0, 40)}…` : name;
  return cut.replace(/[^\x20-\x7e]/g, '?');
}
