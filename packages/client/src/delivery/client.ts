import type { TokenProvider } from '../auth/token-source.js';
import { type ClientConfig, type ResolvedConfig, resolveConfig } from '../config.js';
import { HttpClient } from '../http/http-client.js';
import { HttpMessages } from '../http/messages.js';
import type { DeliveryContext } from './context.js';
import { EntryOperations } from './entry-operations.js';
import { NodeOperations } from './node-operations.js';
import { ContentTypeOperations, ProjectOperations } from './project-operations.js';
import { TaxonomyOperations } from './taxonomy-operations.js';

export type { TokenProvider } from '../auth/token-source.js';

let staticDefaults: ClientConfig = {};

/**
 * The delivery client: read-only access to published (or, with preview rights, latest)
 * content of one project.
 *
 * @example
 * import { Client, Op, Query } from '@canopy/client';
 *
 * const client = Client.create({
 *   rootUrl: 'http://127.0.0.1:3001',
 *   projectId: 'website',
 *   accessToken: 'canopy-demo-delivery-token',
 * });
 * const home = await client.nodes.get({ path: '/', entryFields: ['*'] });
 * const news = await client.entries.search(new Query(Op.equalTo('sys.contentTypeId', 'newsArticle')));
 */
export class Client implements DeliveryContext {
  readonly config: ResolvedConfig;
  readonly http: HttpClient;
  readonly project: ProjectOperations;
  readonly contentTypes: ContentTypeOperations;
  readonly entries: EntryOperations;
  readonly nodes: NodeOperations;
  readonly taxonomy: TaxonomyOperations;
  private readonly tokenProvider: TokenProvider | null;

  /**
   * Prefer {@link Client.create}. Without a `tokenProvider`, a client configured with a grant
   * (`clientType` other than `none`) and no `accessToken` gets an `AuthTokenProvider`, so its
   * first call is preceded by a token request (contract §7.3 #8).
   */
  constructor(config: ClientConfig = {}, tokenProvider: TokenProvider | null = null) {
    this.config = resolveConfig(config, staticDefaults);
    this.tokenProvider = tokenProvider ?? defaultTokenProvider(this.config);
    this.http = new HttpClient({
      rootUrl: this.config.rootUrl,
      fetchFn: this.config.fetchFn,
      defaultHeaders: this.config.defaultHeaders,
      responseHandler: this.config.responseHandler,
      timeout: this.config.timeout,
      cache: this.config.cache,
      authorize: () => this.authorize(),
    });
    this.project = new ProjectOperations(this);
    this.contentTypes = new ContentTypeOperations(this);
    this.entries = new EntryOperations(this);
    this.nodes = new NodeOperations(this);
    this.taxonomy = new TaxonomyOperations(this);
  }

  /**
   * Creates a client. Values missing (or falsy) in `config` come from {@link Client.configure},
   * then from the built-in defaults.
   */
  static create(config: ClientConfig = {}, tokenProvider: TokenProvider | null = null): Client {
    return new Client(config, tokenProvider);
  }

  /** Sets defaults for every client created afterwards, merged onto earlier defaults. */
  static configure(defaults: ClientConfig): void {
    staticDefaults = { ...staticDefaults, ...defaults };
  }

  /** Forgets the defaults set with {@link Client.configure}. */
  static resetConfiguration(): void {
    staticDefaults = {};
  }

  private async authorize(): Promise<Record<string, string>> {
    const { accessToken, clientType, clientDetails } = this.config;
    if (accessToken) return { accessToken };
    if (clientType === 'none') throw new Error(HttpMessages.noneNeedsAccessToken);
    if (clientType === 'client_credentials' && !clientDetails) {
      throw new Error(HttpMessages.clientCredentialsNeedDetails);
    }
    return this.tokenProvider ? this.tokenProvider.authorizationHeaders() : {};
  }
}

/**
 * The provider for a client that signs in with a grant, or `null` when it needs none. The
 * token code is imported on the first call that needs it, so a browser bundle that only reads
 * with an access token (or through a proxy) does not carry it.
 */
function defaultTokenProvider(config: ResolvedConfig): TokenProvider | null {
  const { accessToken, clientType } = config;
  if (accessToken || !clientType || clientType === 'none') return null;
  let provider: Promise<TokenProvider> | null = null;
  return {
    async authorizationHeaders() {
      provider ??= import('../auth/token-provider.js').then(
        ({ AuthTokenProvider }) =>
          new AuthTokenProvider({
            rootUrl: config.rootUrl,
            clientType,
            clientDetails: config.clientDetails,
            fetchFn: config.fetchFn,
            timeout: config.timeout,
          }),
      );
      return (await provider).authorizationHeaders();
    },
  };
}
