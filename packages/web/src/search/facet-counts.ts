import { type ExpressionInput, type ExpressionJson, Op, type PagedSearchList, Query } from '@canopy/client';
import { FACET_COUNT_AGGREGATION } from './constants.js';
import { canonicalText, residualFor, signatureOf } from './where-residual.js';

/** One count to make: how many entries a where clause matches. */
export interface CountTarget {
  /** Who reads the count (a facet key, or a filter item of one). */
  id: string;
  /**
   * The content types the clause searches (entries only); `null` when it cannot be split by
   * content type (every type, web pages or assets), so it is counted by a query of its own.
   */
  contentTypeIds: readonly string[] | null;
  /** The whole where clause: version, language, content types, term, own filters. */
  where: readonly ExpressionJson[];
}

/** The requests that count a set of targets, and how to read their answers. */
export interface CountPlan {
  /** One query per group of targets that can share it (see {@link planCounts}). */
  queries: Query[];
  /** Each target's count from the answers to {@link CountPlan.queries}, in their order. */
  countsFrom(answers: readonly (CountAnswer | null)[]): Record<string, number>;
}

/** What a count query's answer is read for. */
export type CountAnswer = Pick<PagedSearchList<unknown>, 'totalCount' | 'aggregations'>;

/** Targets that share one query: per content type, the one clause its entries must match. */
interface CountGroup {
  /** Residual clause (and its signature) per content type. */
  byType: Map<string, { signature: string; residual: ExpressionJson[] }>;
  /** Members counted by content type buckets. */
  members: { id: string; types: string[] }[];
  /** A target that cannot be split by content type: the group is its own query, read by total. */
  whole?: { id: string; where: readonly ExpressionJson[] };
}

/**
 * Groups count targets into as few queries as the platform contract allows. The contract has
 * one where clause per search and aggregations by field value only (§2.7), no filtered
 * aggregation: so one query answers several targets when, for every content type, they ask
 * the same of its entries. The query then matches each type's own clause (an `or` of one
 * branch per distinct clause, what all branches share said once) and is bucketed by content
 * type; a target's count is the sum of its types' buckets. The clauses are compared after
 * folding the content type tests away ({@link residualFor}), so "events still to come" in an
 * "everything" facet and in an "events" facet meet, and weights (ordering only) are ignored.
 * Targets that ask different things of one type (two periods of events) need a query each.
 *
 * @example
 * const plan = planCounts(targets);
 * const answers = await Promise.all(plan.queries.map((query) => client.entries.search(query)));
 * plan.countsFrom(answers); // { courses: 12, news: 3, … }
 */
export function planCounts(targets: readonly CountTarget[]): CountPlan {
  const groups: CountGroup[] = [];
  const zero: string[] = [];
  for (const target of targets) {
    if (target.contentTypeIds === null) {
      groups.push({ byType: new Map(), members: [], whole: { id: target.id, where: target.where } });
      continue;
    }
    const residuals: [string, ExpressionJson[], string][] = [];
    for (const type of new Set(target.contentTypeIds)) {
      const residual = residualFor(target.where, type);
      if (residual) residuals.push([type, residual, signatureOf(residual)]);
    }
    if (residuals.length === 0) {
      zero.push(target.id);
      continue;
    }
    let group = groups.find(
      (candidate) =>
        !candidate.whole &&
        residuals.every(([type, , signature]) => {
          const known = candidate.byType.get(type);
          return !known || known.signature === signature;
        }),
    );
    if (!group) {
      group = { byType: new Map(), members: [] };
      groups.push(group);
    }
    for (const [type, residual, signature] of residuals) group.byType.set(type, { signature, residual });
    group.members.push({ id: target.id, types: residuals.map(([type]) => type) });
  }
  return {
    queries: groups.map(groupQuery),
    countsFrom(answers) {
      const counts: Record<string, number> = {};
      for (const id of zero) counts[id] = 0;
      groups.forEach((group, index) => {
        const answer = answers[index];
        if (!answer) return;
        if (group.whole) {
          counts[group.whole.id] = answer.totalCount ?? 0;
          return;
        }
        const buckets = answer.aggregations?.[FACET_COUNT_AGGREGATION] ?? {};
        const bucket = (type: string) => buckets[type] ?? buckets[type.toLowerCase()] ?? 0;
        for (const member of group.members) {
          counts[member.id] = member.types.reduce((sum, type) => sum + bucket(type), 0);
        }
      });
      return counts;
    },
  };
}

/** The query of one group: page size 1, bucketed by content type (or read by total). */
function groupQuery(group: CountGroup): Query {
  const where: ExpressionInput[] = group.whole ? [...group.whole.where] : groupWhere(group);
  const query = new Query(...where);
  query.pageIndex = 0;
  query.pageSize = 1;
  query.fields = ['sys.id'];
  if (!group.whole) {
    query.aggregations = {
      [FACET_COUNT_AGGREGATION]: { field: 'sys.contentTypeId', size: Math.max(1, group.byType.size) },
    };
  }
  return query;
}

/** Each type's own clause, the parts every type shares said once. */
function groupWhere(group: CountGroup): ExpressionInput[] {
  const classes = new Map<string, { types: string[]; residual: ExpressionJson[] }>();
  for (const [type, { signature, residual }] of group.byType) {
    const known = classes.get(signature);
    if (known) known.types.push(type);
    else classes.set(signature, { types: [type], residual });
  }
  const all = [...classes.values()];
  const texts = all.map((item) => new Set(item.residual.map(canonicalText)));
  const first = all[0]?.residual ?? [];
  const shared = first.filter((expression) => texts.every((set) => set.has(canonicalText(expression))));
  const sharedTexts = new Set(shared.map(canonicalText));
  const branches = all.map(({ types, residual }) => {
    const rest = residual.filter((expression) => !sharedTexts.has(canonicalText(expression)));
    return [Op.in('sys.contentTypeId', ...types), ...rest] as ExpressionInput[];
  });
  const where: ExpressionInput[] = [...shared, Op.equalTo('sys.dataFormat', 'entry')];
  if (branches.length === 1) where.push(...(branches[0] as ExpressionInput[]));
  else
    where.push(
      Op.or(
        ...branches.map((branch) =>
          branch.length === 1 ? (branch[0] as ExpressionInput) : Op.and(...branch),
        ),
      ),
    );
  return where;
}
