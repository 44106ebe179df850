import { isOldInternetExplorer } from '../http/environment.js';
import { encodeSegment, queryString } from '../http/url.js';
import {
  isQueryLike,
  type SearchQuery,
  toSearchBody,
  toSearchParams,
  toZenqlParams,
  ZenqlQuery,
  type ZenqlSearchQuery,
} from '../query/index.js';
import {
  type CallOptions,
  type DeliveryContext,
  depthMap,
  getJson,
  isNonEmptyString,
  languageOf,
  positive,
  projectRoot,
  versionStatusOf,
} from './context.js';
import { DeliveryMessages } from './messages.js';
import type { Entry, PagedList, PagedSearchList, VersionStatus } from './models.js';

/** Options of `entries.get`. */
export interface EntryGetOptions extends CallOptions {
  id: string;
  language?: string | null;
  versionStatus?: VersionStatus | null;
  /** Levels of linked entries to resolve (0–10). */
  linkDepth?: number;
  /** Fields to return; prefix `-` to exclude one. */
  fields?: string[];
  /** Per-field link depths, e.g. `{ author: 1, 'body.link': 2 }`. */
  fieldLinkDepths?: Record<string, number>;
}

/** Options of `entries.list`. */
export interface EntryListOptions extends CallOptions {
  /** Only entries of this content type (D5); all when absent (D4). */
  contentTypeId?: string;
  language?: string | null;
  versionStatus?: VersionStatus | null;
  linkDepth?: number;
  fields?: string[];
  fieldLinkDepths?: Record<string, number>;
  /** Sort keys: field ids or `sys.*` paths, `-` prefix for descending. */
  order?: string[];
  pageOptions?: { pageIndex?: number; pageSize?: number };
}

/** What `entries.search` accepts: a JSON query, a ZenQL query, or ZenQL text. */
export type EntrySearchQuery = SearchQuery | ZenqlQuery | ZenqlSearchQuery | string;

/** Something whose links `entries.resolve` can follow. */
export type Resolvable = Entry | Entry[] | PagedList<Entry>;

/**
 * `client.entries`: read entries (D3–D7) and resolve their links.
 *
 * @example
 * const query = new Query(Op.equalTo('sys.contentTypeId', 'course'), Op.freeText('entryTitle', 'marine'));
 * query.orderBy = OrderBy.asc('entryTitle');
 * const results = await client.entries.search(query, 1);
 */
export class EntryOperations {
  constructor(private readonly context: DeliveryContext) {}

  /** One entry by id (D3). */
  async get(idOrOptions: string | EntryGetOptions): Promise<Entry> {
    const options: EntryGetOptions = typeof idOrOptions === 'string' ? { id: idOrOptions } : idOrOptions;
    if (!isNonEmptyString(options?.id)) throw new Error(DeliveryMessages.entryId);
    const params = {
      language: languageOf(this.context, options.language),
      versionStatus: versionStatusOf(this.context, options.versionStatus),
      linkDepth: positive(options.linkDepth),
      fields: options.fields ?? null,
      fieldLinkDepths: depthMap(options.fieldLinkDepths),
    };
    return getJson(this.context, `/entries/${encodeSegment(options.id)}`, params, options);
  }

  /** A page of entries, of one content type or of all (D4, D5). */
  async list(contentTypeIdOrOptions: string | EntryListOptions = {}): Promise<PagedList<Entry>> {
    const options: EntryListOptions =
      typeof contentTypeIdOrOptions === 'string'
        ? { contentTypeId: contentTypeIdOrOptions }
        : (contentTypeIdOrOptions ?? {});
    const params = {
      language: languageOf(this.context, options.language),
      versionStatus: versionStatusOf(this.context, options.versionStatus),
      linkDepth: positive(options.linkDepth),
      fields: options.fields ?? null,
      fieldLinkDepths: depthMap(options.fieldLinkDepths),
      order: options.order ?? null,
      pageIndex: options.pageOptions?.pageIndex || 0,
      pageSize: options.pageOptions?.pageSize || this.context.config.pageSize,
    };
    const path = options.contentTypeId
      ? `/contentTypes/${encodeSegment(options.contentTypeId)}/entries`
      : '/entries';
    return getJson(this.context, path, params, options);
  }

  /**
   * Searches entries (D6/D7), or runs a ZenQL search (D4 with `zenql`).
   *
   * A JSON query goes as GET; when that URL (path and query, without the root URL) would be
   * longer than `searchUrlLimit` (8000; 2083 in old Internet Explorer) it is sent as POST,
   * with `linkDepth` and `fieldLinkDepths` in the query string. A falsy query resolves `null`.
   * Anything else that is not a query throws 'A valid query needs to be specified.' at once,
   * before a promise is returned, as the official client does.
   */
  search(
    query: EntrySearchQuery | null | undefined,
    linkDepth = 0,
    options: CallOptions = {},
  ): Promise<PagedSearchList<Entry> | null> {
    if (!query) return Promise.resolve(null);
    const zenql = asZenql(query);
    if (zenql) return this.zenqlSearch(zenql, linkDepth, options);
    if (!isQueryLike(query)) throw new Error(DeliveryMessages.query);
    return this.jsonSearch(query as SearchQuery, linkDepth, options);
  }

  /**
   * Replaces the unresolved links in entries with the entries they point to, searching level
   * by level until none remain. `fields` lists dot paths to follow (`'author'`,
   * `'author.photo'`, a composer item type as a segment: `'body.image'`); without it every
   * field is resolved one level deep. Links whose entry is missing become `null` (arrays drop
   * them). The input is not modified: a resolved copy is returned.
   *
   * @example
   * const article = await client.entries.resolve(await client.entries.get(id), ['author', 'author.photo']);
   */
  async resolve<T extends Resolvable>(target: T, fields?: string[], options: CallOptions = {}): Promise<T> {
    // Imported when first needed: pages that never resolve links do not carry the code.
    const { resolveLinks } = await import('./link-resolver.js');
    return resolveLinks(target, fields, {
      versionStatus: this.context.config.versionStatus,
      search: (where, pageSize) => this.jsonSearch({ where, pageIndex: 0, pageSize }, 0, options),
    });
  }

  private jsonSearch(
    query: SearchQuery,
    linkDepth: number,
    options: CallOptions,
  ): Promise<PagedSearchList<Entry>> {
    const { config } = this.context;
    const encoding = { defaultPageSize: config.pageSize };
    const params: Record<string, string | number | null> = toSearchParams(query, encoding);
    params.linkDepth = positive(linkDepth);
    const getPath = `${projectRoot(this.context)}/entries/search${queryString(params)}`;
    const limit = isOldInternetExplorer() ? config.oldBrowserSearchUrlLimit : config.searchUrlLimit;
    if (getPath.length <= limit) return this.sendSearch('/entries/search', params, options);
    const postParams = { fieldLinkDepths: params.fieldLinkDepths ?? null, linkDepth: params.linkDepth };
    return this.sendSearch('/entries/search', postParams, options, toSearchBody(query, encoding));
  }

  private zenqlSearch(query: ZenqlSearchQuery, linkDepth: number, options: CallOptions) {
    const params: Record<string, string | number | null> = toZenqlParams(query, {
      defaultPageSize: this.context.config.pageSize,
    });
    params.linkDepth = positive(linkDepth);
    return this.sendSearch('/entries', params, options);
  }

  /**
   * The one way every search goes out, JSON or ZenQL, GET or POST: cacheable, and with the
   * `application/json; charset=utf-8` content type the contract and the official SDK use for
   * searches (§1.1).
   */
  private sendSearch(
    path: string,
    params: Record<string, string | number | null>,
    options: CallOptions,
    body?: unknown,
  ): Promise<PagedSearchList<Entry>> {
    const url = `${projectRoot(this.context)}${path}${queryString(params)}`;
    return this.context.http.request(url, {
      cacheable: true,
      contentType: SEARCH_CONTENT_TYPE,
      ...signalOf(options),
      ...(body === undefined ? { method: 'GET' } : { method: 'POST', body }),
    });
  }
}

/** Content type of search requests (contract §1.1). */
const SEARCH_CONTENT_TYPE = 'application/json; charset=utf-8';

function asZenql(query: EntrySearchQuery): ZenqlSearchQuery | null {
  if (typeof query === 'string') return new ZenqlQuery(query);
  if (query instanceof ZenqlQuery) return query;
  // A plain object carrying ZenQL text is a ZenQL query too (the official client only knew instances).
  if (typeof (query as ZenqlSearchQuery).zenql === 'string' && !isQueryLike(query))
    return query as ZenqlSearchQuery;
  return null;
}

function signalOf(options: CallOptions): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}
