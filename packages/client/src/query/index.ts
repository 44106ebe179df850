/**
 * Search query model: expression builders (`Op`), ordering (`OrderBy`), `Query` / `ZenqlQuery`, and the
 * pure functions that encode them for the delivery API's GET and POST search requests.
 *
 * @example
 * import { Op, OrderBy, Query } from '@canopy/client';
 * const query = new Query(Op.equalTo('sys.contentTypeId', 'movie'));
 * query.orderBy = OrderBy.desc('releaseDate');
 */
export type { DatePrecision, RangeOperand } from './date-precision.js';
export type {
  DistanceWithinJson,
  ExpressionJson,
  FieldExpressionJson,
  FieldExpressionJsonFor,
  FieldOperandJsonMap,
  FieldOperator,
  FreeTextJson,
  FreeTextOperator,
  LogicalExpressionJson,
  LogicalOperator,
  OperandJson,
  ScalarJson,
  WhereExpressionJson,
} from './expression-json.js';
export {
  AndExpression,
  Expression,
  type ExpressionInput,
  ExpressionValueType,
  FieldExpression,
  LogicalExpression,
  NotExpression,
  OrExpression,
} from './expressions.js';
export { Op, type ScalarOperand } from './op.js';
export { OrderBy, type OrderByClause, type OrderByInput, type OrderByJson } from './order-by.js';
export {
  type ManagementQueryJson,
  Query,
  type QueryAggregation,
  type QueryAggregations,
  type QueryJson,
} from './query.js';
export {
  isQueryLike,
  type PlainQuery,
  type SearchBodyJson,
  type SearchEncodingOptions,
  type SearchQuery,
  toSearchBody,
  toSearchParams,
  toZenqlParams,
  type ZenqlSearchQuery,
} from './search-encoding.js';
export { WhereExpression } from './where-expression.js';
export { ZenqlQuery } from './zenql-query.js';
