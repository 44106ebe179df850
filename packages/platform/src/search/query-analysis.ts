import { analysisOf, type WordAnalysis } from './analysis.js';
import type { Expr } from './ast.js';

/**
 * The word analyses a search's free text is matched with: those of the languages its
 * top-level `sys.language` filters name (`equalTo` or `in`; every one of them, since a word
 * must find its entries in each), English when it names none. A search for Welsh pages thus
 * matches mutations and never English stems, and an English search is analysed as before.
 *
 * @example
 * queryAnalyses([{ kind: 'field', field: 'sys.language', weight: 1, at: 'where[0]',
 *   cond: { op: 'anyOf', values: [{ text: 'cy' }] } }]); // ['welsh']
 */
export function queryAnalyses(conjuncts: readonly Expr[]): WordAnalysis[] {
  const found = new Set<WordAnalysis>();
  for (const expr of conjuncts) {
    if (expr.kind !== 'field' || expr.field !== 'sys.language' || expr.cond.op !== 'anyOf') continue;
    for (const value of expr.cond.values) found.add(analysisOf(value.text));
  }
  return found.size === 0 ? ['english'] : [...found];
}
