import type { CredentialsSnapshot } from '../auth/credentials.js';
import { AuthTokenProvider } from '../auth/token-provider.js';
import type { TokenProvider } from '../auth/token-source.js';
import { HttpClient } from '../http/http-client.js';
import { GroupOperations } from '../security/group-operations.js';
import { UserOperations } from '../security/user-operations.js';
import { ComponentOperations } from './component-operations.js';
import {
  type ManagementClientConfig,
  type ResolvedManagementConfig,
  resolveManagementConfig,
} from './config.js';
import { ContentTypeOperations } from './content-type-operations.js';
import type { ManagementContext } from './context.js';
import { ManagementEntryOperations } from './entry-operations.js';
import { EventOperations } from './event-operations.js';
import { ManagementMessages } from './messages.js';
import { ManagementNodeOperations } from './node-operations.js';
import { PermissionOperations } from './permission-operations.js';
import { ProjectOperations } from './project-operations.js';
import { RedirectOperations } from './redirect-operations.js';
import { RoleOperations } from './role-operations.js';
import { TagGroupOperations } from './tag-group-operations.js';
import { TagOperations } from './tag-operations.js';

let staticDefaults: ManagementClientConfig = {};

/** The security API: users and groups. */
export interface SecurityOperations {
  readonly users: UserOperations;
  readonly groups: GroupOperations;
}

/**
 * The management client: content, structure and security administration of a project, with a
 * bearer token obtained from the configured grant and renewed before it expires (contract §3–4).
 * `versionStatus` defaults to `latest`.
 *
 * @example
 * import { ManagementClient, ManagementQuery, Op } from '@canopy/client';
 *
 * const client = ManagementClient.create({
 *   rootUrl: 'http://127.0.0.1:3001',
 *   projectId: 'website',
 *   clientType: 'client_credentials',
 *   clientDetails: { clientId: process.env.CLIENT_ID!, clientSecret: process.env.CLIENT_SECRET! },
 * });
 * const drafts = await client.entries.search(new ManagementQuery(Op.equalTo('sys.workflow.state', 'draft')));
 * const me = await client.security.users.getCurrent();
 */
export class ManagementClient implements ManagementContext {
  readonly config: ResolvedManagementConfig;
  readonly http: HttpClient;
  /** Signs in and holds the tokens (an {@link AuthTokenProvider} unless another was given). */
  readonly authentication: TokenProvider;
  readonly projects: ProjectOperations;
  readonly contentTypes: ContentTypeOperations;
  readonly components: ComponentOperations;
  readonly entries: ManagementEntryOperations;
  readonly nodes: ManagementNodeOperations;
  readonly permissions: PermissionOperations;
  readonly roles: RoleOperations;
  readonly redirects: RedirectOperations;
  readonly tagGroups: TagGroupOperations;
  readonly tags: TagOperations;
  readonly events: EventOperations;
  readonly security: SecurityOperations;

  /**
   * Prefer {@link ManagementClient.create}. The second argument is a token provider or, as in the
   * official SDK, a fetch function (used unless `config.fetchFn` is set). Without a token
   * provider the client builds an {@link AuthTokenProvider} from `clientType`, `clientDetails`
   * and `credentials`.
   */
  constructor(
    config: ManagementClientConfig = {},
    tokenProviderOrFetch: TokenProvider | typeof fetch | null = null,
  ) {
    const { tokenProvider, fetchFn } = splitSecondArgument(tokenProviderOrFetch);
    const resolved = resolveManagementConfig(config, staticDefaults);
    this.config = resolved.fetchFn || !fetchFn ? resolved : { ...resolved, fetchFn };
    this.authentication =
      tokenProvider ??
      new AuthTokenProvider({
        rootUrl: this.config.rootUrl,
        clientType: this.config.clientType,
        clientDetails: this.config.clientDetails,
        credentials: this.config.credentials,
        fetchFn: this.config.fetchFn,
        timeout: this.config.timeout,
      });
    this.http = new HttpClient({
      rootUrl: this.config.rootUrl,
      fetchFn: this.config.fetchFn,
      defaultHeaders: this.config.defaultHeaders,
      responseHandler: this.config.responseHandler,
      timeout: this.config.timeout,
      authorize: () => this.authorizationHeaders(),
    });
    this.projects = new ProjectOperations(this);
    this.contentTypes = new ContentTypeOperations(this);
    this.components = new ComponentOperations(this);
    this.entries = new ManagementEntryOperations(this);
    this.nodes = new ManagementNodeOperations(this);
    this.permissions = new PermissionOperations(this);
    this.roles = new RoleOperations(this);
    this.redirects = new RedirectOperations(this);
    this.tagGroups = new TagGroupOperations(this);
    this.tags = new TagOperations(this, this.tagGroups);
    this.events = new EventOperations(this);
    this.security = { users: new UserOperations(this), groups: new GroupOperations(this) };
  }

  /**
   * Creates a client. Values missing (or falsy) in `config` come from
   * {@link ManagementClient.configure}, then from the built-in defaults. The second argument is
   * an optional token provider, or a fetch function as the official SDK takes there.
   *
   * @example
   * const client = ManagementClient.create(config, fetch); // ported SDK code keeps working
   */
  static create(
    config: ManagementClientConfig = {},
    tokenProviderOrFetch: TokenProvider | typeof fetch | null = null,
  ): ManagementClient {
    return new ManagementClient(config, tokenProviderOrFetch);
  }

  /** Sets defaults for every management client created afterwards, merged onto earlier defaults. */
  static configure(defaults: ManagementClientConfig): void {
    staticDefaults = { ...staticDefaults, ...defaults };
  }

  /** Forgets the defaults set with {@link ManagementClient.configure}. */
  static resetConfiguration(): void {
    staticDefaults = {};
  }

  /**
   * The current tokens, to keep between requests and pass back as `config.credentials`; `null`
   * when the client was given a token provider that does not hold credentials.
   *
   * @example
   * await client.entries.get(id);
   * session.credentials = client.getCredentials();
   */
  getCredentials(): CredentialsSnapshot | null {
    const provider = this.authentication as Partial<Pick<AuthTokenProvider, 'getCredentials'>>;
    return typeof provider.getCredentials === 'function' ? provider.getCredentials() : null;
  }

  /** The headers that authorise the next request (a bearer token, fetched when needed). */
  authorizationHeaders(): Promise<Record<string, string>> {
    return this.authentication.authorizationHeaders();
  }

  /**
   * Signs in now unless the bearer token is valid for at least another 60 seconds, and resolves
   * with the token, as the official SDK's method of the same name does. Rejects with
   * {@link ContensisAuthenticationError} when the credentials are refused, and with a message
   * saying what to configure when the client has no way to get a token.
   *
   * @example
   * const client = ManagementClient.create(config);
   * await client.ensureBearerToken(); // fail at start-up, not on the first write
   */
  async ensureBearerToken(): Promise<string> {
    const headers = await this.authentication.authorizationHeaders();
    const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
    const token = header?.replace(/^Bearer\s+/i, '');
    if (!token) throw new Error(ManagementMessages.noBearerToken);
    return token;
  }
}

/** Tells a token provider from a fetch function, refusing anything else with a clear message. */
function splitSecondArgument(value: TokenProvider | typeof fetch | null | undefined): {
  tokenProvider: TokenProvider | null;
  fetchFn: typeof fetch | null;
} {
  if (value === null || value === undefined) return { tokenProvider: null, fetchFn: null };
  if (typeof value === 'function') return { tokenProvider: null, fetchFn: value };
  if (typeof value === 'object' && typeof value.authorizationHeaders === 'function') {
    return { tokenProvider: value, fetchFn: null };
  }
  throw new Error(ManagementMessages.createSecondArgument);
}
