// The documents the baselines index: exactly those the site's Everything facet covers (its
// content types, the includeInSearch flag, published, en-GB), read from the running platform
// with the facet's own where clause, and their text split into the fields the facet's term
// expression searches, with the weights it gives them.
import { Client } from '../../packages/client/dist/index.js';
import { flattenEntry } from '../../packages/platform/dist/src/search/flatten.js';
import { buildSearchQuery } from '../../packages/web/dist/src/search/query-builder.js';
import { searchInputOf } from '../../packages/web/dist/src/search/search-flow.js';
import { termExpression } from '../../packages/web/dist/src/search/term.js';

/** The field that holds all of an entry's text (the platform's `searchContent`). */
export const BODY = 'body';
/** Field ids the platform reads as "all the entry's text". */
const ALL_TEXT_FIELDS = new Set(['*', 'searchContent', '_searchContent']);
const PAGE_SIZE = 500;

/**
 * The fields the facet's term expression searches and the highest weight it gives each (1
 * when unweighted), as the framework builds it from the facet's configuration. `sys.*` fields
 * (page addresses, ids) are left out: they are machine text, not words a visitor reads.
 *
 * @param {{ weightedSearchFields?: unknown[], fuzzySearch?: boolean, omitDefaultSearchFields?: string[] }} queryParams
 * @returns {Record<string, number>} weight by baseline field name (`body` for all text)
 */
export function fieldWeights(queryParams) {
  const expression = termExpression('word', {
    weightedSearchFields: queryParams.weightedSearchFields,
    fuzzySearch: queryParams.fuzzySearch,
    omitDefaultSearchFields: queryParams.omitDefaultSearchFields,
  });
  const weights = {};
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (typeof node.field === 'string' && !node.field.startsWith('sys.')) {
      const name = ALL_TEXT_FIELDS.has(node.field) ? BODY : node.field;
      weights[name] = Math.max(weights[name] ?? 0, typeof node.weight === 'number' ? node.weight : 1);
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(expression?.toJSON ? expression.toJSON() : expression);
  return weights;
}

/**
 * One entry as a baseline document: its id (the page address) and the text of each field,
 * taken as the platform takes it for its full-text index (flattenEntry: plain text of every
 * non-`sys` string, rich text and composer items included). `body` is all of it, as the
 * platform's searchContent, without the addresses of linked assets.
 *
 * @param {Record<string, unknown> & { sys: { id: string, uri?: string } }} entry
 * @param {readonly string[]} fields
 */
export function documentOf(entry, fields) {
  const { texts } = flattenEntry(entry);
  const document = { id: entry.sys.uri ?? `id:${entry.sys.id}` };
  for (const field of fields) {
    if (field === BODY) {
      document[BODY] = [...new Set([...texts.values()].flat())].join('\n');
      continue;
    }
    const parts = [];
    for (const [path, values] of texts)
      if (path === field || path.startsWith(`${field}.`)) parts.push(...values);
    document[field] = parts.join('\n');
  }
  return document;
}

/**
 * Every entry the Everything facet covers, read with the facet's where clause (no term) from
 * the platform, as baseline documents.
 *
 * @param {string} platformUrl
 * @param {string} token delivery token
 * @param {unknown} searchState the site's search state (`?redux=true`)
 * @param {string} facet
 * @param {Record<string, number>} weights
 */
export async function everythingDocuments(platformUrl, token, searchState, facet, weights) {
  const client = Client.create({
    rootUrl: platformUrl,
    projectId: 'website',
    accessToken: token,
    language: 'en-GB',
  });
  const input = searchInputOf(
    searchState,
    { context: 'facets', facet },
    { versionStatus: 'published', language: 'en-GB' },
  );
  const documents = [];
  for (let pageIndex = 0; ; pageIndex++) {
    const query = buildSearchQuery({
      ...input,
      term: '',
      filters: {},
      orderBy: null,
      pageIndex,
      pageSize: PAGE_SIZE,
      // Every field of the entry, not the result card's few.
      queryParams: { ...input.queryParams, fields: [], featuredResults: undefined, orderBy: ['sys.id'] },
    });
    const answer = await client.entries.search(query, 0);
    for (const entry of answer.items) documents.push(documentOf(entry, Object.keys(weights)));
    if (pageIndex + 1 >= answer.pageCount) return { documents, total: answer.totalCount };
  }
}
