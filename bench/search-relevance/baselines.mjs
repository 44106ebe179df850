// The two baselines: the same documents in MiniSearch and in Orama, each searched with its
// fuzzy and prefix matching on and the facet's field weights as boosts.
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';

/** MiniSearch's documented fuzzy setting: edits up to 20 % of the word's length. */
const MINISEARCH_FUZZY = 0.2;
/** Orama's typo tolerance: one edit (Levenshtein distance) per word. */
const ORAMA_TOLERANCE = 1;

/**
 * A MiniSearch index of the documents, searched with prefix and fuzzy matching and the
 * weights as boosts; answers the ranked ids and the number of results.
 *
 * @param {readonly Record<string, string>[]} documents
 * @param {Record<string, number>} weights
 */
export function miniSearchEngine(documents, weights) {
  const fields = Object.keys(weights);
  const index = new MiniSearch({
    fields,
    idField: 'id',
    searchOptions: { boost: weights, prefix: true, fuzzy: MINISEARCH_FUZZY },
  });
  index.addAll(documents);
  return {
    name: 'MiniSearch 7.2.0',
    settings: `prefix: true, fuzzy: ${MINISEARCH_FUZZY}, combineWith OR (default)`,
    /** @param {string} term */
    search(term) {
      const hits = index.search(term);
      return { ranked: hits.map((hit) => String(hit.id)), total: hits.length };
    },
  };
}

/**
 * An Orama index of the documents, searched with its prefix matching (exact: false, the
 * default) and a typo tolerance of one edit, the weights as boosts.
 *
 * @param {readonly Record<string, string>[]} documents
 * @param {Record<string, number>} weights
 */
export async function oramaEngine(documents, weights) {
  const fields = Object.keys(weights);
  const schema = Object.fromEntries([['id', 'string'], ...fields.map((field) => [field, 'string'])]);
  const db = create({ schema });
  await insertMultiple(db, documents);
  return {
    name: 'Orama 3.1.18',
    settings: `prefix (exact: false), tolerance: ${ORAMA_TOLERANCE}, threshold 1 (default)`,
    /** @param {string} term */
    async search(term) {
      const answer = await oramaSearch(db, {
        term,
        properties: fields,
        boost: weights,
        tolerance: ORAMA_TOLERANCE,
        limit: 10,
      });
      return { ranked: answer.hits.map((hit) => String(hit.document.id)), total: answer.count };
    },
  };
}
