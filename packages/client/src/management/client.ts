import type { CredentialsSnapshot } from '../auth/credentials.js';
import { AuthTokenProvider } from '../auth/token-provider.js';
import type { TokenProvider } from '../delivery/client.js';
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
   * Prefer {@link ManagementClient.create}. Without a `tokenProvider` the client builds an
   * {@link AuthTokenProvider} from `clientType`, `clientDetails` and `credentials`.
   */
  constructor(config: ManagementClientConfig = {}, tokenProvider: TokenProvider | null = null) {
    this.config = resolveManagementConfig(config, staticDefaults);
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
   * {@link ManagementClient.configure}, then from the built-in defaults.
   */
  static create(
    config: ManagementClientConfig = {},
    tokenProvider: TokenProvider | null = null,
  ): ManagementClient {
    return new ManagementClient(config, tokenProvider);
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
}
