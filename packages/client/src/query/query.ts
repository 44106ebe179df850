import type { WhereExpressionJson } from './expression-json.js';
import type { ExpressionInput } from './expressions.js';
import { normaliseOrderBy, type OrderByInput, type OrderByJson } from './order-by.js';
import { WhereExpression } from './where-expression.js';

/**
 * One requested aggregation (contract §2.7): bucket counts of `field` over the whole result set.
 *
 * @example
 * const topics: QueryAggregation = { field: 'entryTags', size: 5, missing: 'Untagged' };
 */
export interface QueryAggregation {
  /** Field path to bucket on (no `[]` for array fields). */
  field: string;
  /** How many of the top buckets to return. */
  size?: number;
  /** Name of an extra bucket counting entries without a value. */
  missing?: string;
}

/**
 * Aggregations keyed by a caller-chosen name. Avoid the reserved names listed in contract §2.7
 * (`count`, `key`, `buckets`, …); prefixing names (e.g. `sf_`) keeps clear of them.
 *
 * @example
 * const aggregations: QueryAggregations = { genres: { field: 'genre', size: 10 } };
 */
export type QueryAggregations = Record<string, QueryAggregation>;

/**
 * The serialised query document (contract §2.1, §7.11). Which optional keys appear depends on the
 * serialiser: see {@link Query.toJSON} and {@link Query.toManagementJSON}.
 */
export interface QueryJson {
  pageIndex: number;
  pageSize: number;
  orderBy?: OrderByJson;
  where: WhereExpressionJson;
  fields?: string[];
  fieldLinkDepths?: Record<string, number>;
  aggregations?: QueryAggregations;
  includeArchived?: boolean;
  includeDeleted?: boolean;
}

/** The management search body: both archive flags always present, no `fields`/`fieldLinkDepths`. */
export type ManagementQueryJson = Omit<
  QueryJson,
  'fields' | 'fieldLinkDepths' | 'includeArchived' | 'includeDeleted'
> & {
  includeArchived: boolean;
  includeDeleted: boolean;
};

/** Copies aggregations so the serialised document does not alias the query's own objects. */
export function copyAggregations(aggregations: QueryAggregations): QueryAggregations {
  const copy: QueryAggregations = {};
  for (const [name, aggregation] of Object.entries(aggregations)) copy[name] = { ...aggregation };
  return copy;
}

/**
 * A JSON search query, named and shaped as in the official SDK.
 *
 * One class serves both APIs: `toJSON()` (and so `JSON.stringify`) gives the delivery document and
 * {@link toManagementJSON} the management one, rather than a separate `ManagementQuery` class. The
 * management-only flags are ignored by the delivery serialiser.
 *
 * @example
 * const query = new Query(Op.equalTo('sys.contentTypeId', 'movie'), Op.exists('releaseDate', true));
 * query.orderBy = OrderBy.desc('releaseDate');
 * query.pageSize = 10;
 * query.fields = ['entryTitle', 'releaseDate'];
 * JSON.stringify(query);
 */
export class Query {
  /** Root expressions, ANDed together. Add more with `query.where.add(…)`. */
  readonly where: WhereExpression;
  /** Ordering in any accepted form; kept raw because the GET encoding reproduces it (contract §2.6). */
  orderBy: OrderByInput | null | undefined = undefined;
  /** Zero-based page number. */
  pageIndex = 0;
  /** Results per page; 0 makes the client fall back to its configured page size. */
  pageSize = 20;
  /** Fields to return; `-field` excludes one. Empty means all. */
  fields: string[] = [];
  /** Per-field link resolution depth (delivery only), e.g. `{ author: 1 }`. */
  fieldLinkDepths: Record<string, number> = {};
  /** Named aggregations to compute over the result set. */
  aggregations: QueryAggregations = {};
  /** Management only: also search archived entries. */
  includeArchived = false;
  /** Management only: also search entries in the recycle bin. */
  includeDeleted = false;

  constructor(...expressions: ExpressionInput[]) {
    this.where = new WhereExpression(...expressions);
  }

  /**
   * The delivery query document, keys in the order `pageIndex, pageSize, orderBy?, where, fields?,
   * fieldLinkDepths?, aggregations?` (optional keys only when non-empty).
   *
   * @example
   * new Query(Op.equalTo('a', 1)).toJSON();
   * // { pageIndex: 0, pageSize: 20, where: [{ field: 'a', equalTo: 1 }] }
   */
  toJSON(): QueryJson {
    const orderBy = normaliseOrderBy(this.orderBy);
    return {
      pageIndex: this.pageIndex,
      pageSize: this.pageSize,
      ...(orderBy.length > 0 ? { orderBy } : {}),
      where: this.where.toJSON(),
      ...(this.fields.length > 0 ? { fields: [...this.fields] } : {}),
      ...(Object.keys(this.fieldLinkDepths).length > 0
        ? { fieldLinkDepths: { ...this.fieldLinkDepths } }
        : {}),
      ...(Object.keys(this.aggregations).length > 0
        ? { aggregations: copyAggregations(this.aggregations) }
        : {}),
    };
  }

  /**
   * The management search body, keys in the order `pageIndex, pageSize, orderBy?, where,
   * includeArchived, includeDeleted, aggregations?`. Both flags are always present.
   *
   * @example
   * const query = new Query();
   * query.includeArchived = true;
   * query.toManagementJSON();
   * // { pageIndex: 0, pageSize: 20, where: [], includeArchived: true, includeDeleted: false }
   */
  toManagementJSON(): ManagementQueryJson {
    const orderBy = normaliseOrderBy(this.orderBy);
    return {
      pageIndex: this.pageIndex,
      pageSize: this.pageSize,
      ...(orderBy.length > 0 ? { orderBy } : {}),
      where: this.where.toJSON(),
      includeArchived: this.includeArchived,
      includeDeleted: this.includeDeleted,
      ...(Object.keys(this.aggregations).length > 0
        ? { aggregations: copyAggregations(this.aggregations) }
        : {}),
    };
  }
}
