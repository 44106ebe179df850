import type { QueryAggregations } from './query.js';

/**
 * A ZenQL text query (contract §2.8), sent to the entries list endpoint rather than `/entries/search`
 * (§1.6.5). Named and shaped as in the official SDK.
 *
 * @example
 * const query = new ZenqlQuery('sys.contentTypeId = plant and sys.version.created >= startOfWeek()');
 * query.pageSize = 50;
 * query.fields = ['entryTitle'];
 */
export class ZenqlQuery {
  /** The ZenQL text, e.g. `height between(6,12)`. */
  zenql: string;
  /** Zero-based page number. */
  pageIndex = 0;
  /** Results per page; 0 makes the client fall back to its configured page size. */
  pageSize = 20;
  /** Fields to return; `-field` excludes one. Empty means all. */
  fields: string[] = [];
  /** Per-field link resolution depth, e.g. `{ author: 1 }`. */
  fieldLinkDepths: Record<string, number> = {};
  /** Named aggregations to compute over the result set. */
  aggregations: QueryAggregations = {};

  constructor(zenql: string) {
    this.zenql = zenql;
  }
}
