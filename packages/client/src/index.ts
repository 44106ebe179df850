/**
 * @canopy/client: a typed, dependency-free client for the content platform's HTTP APIs.
 * Runs in Node 20+ and in browsers. Public names follow the platform's official JavaScript
 * SDKs (`Client.create`, `client.entries.search`, `Op.equalTo`, `OrderBy.desc` …).
 *
 * @example
 * import { Client, Op, OrderBy, Query } from '@canopy/client';
 * const client = Client.create({ rootUrl, projectId: 'website', accessToken });
 * const query = new Query(Op.equalTo('sys.contentTypeId', 'newsArticle'));
 * query.orderBy = OrderBy.desc('publishDate');
 * const { items } = await client.entries.search(query);
 */

export * from './auth/index.js';
export * from './cache/index.js';
export {
  type ClassicGrant,
  type ClassicRefreshTokenGrant,
  type ClientConfig,
  type ClientCredentialsGrant,
  type ClientDetails,
  type ClientType,
  defaultConfig,
  type ResolvedConfig,
  resolveConfig,
} from './config.js';
export * from './delivery/index.js';
export * from './http/index.js';
export * from './management/index.js';
export * from './query/index.js';
export * from './security/index.js';
