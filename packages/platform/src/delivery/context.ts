import type { ProjectResource } from '../contract.js';
import { ContentTypeMemo } from '../db/content-type-memo.js';
import type { ContentTypeResource } from '../db/content-types.js';
import type { Db } from '../db/open.js';
import { ContentAccess, type DeliveryVisitor } from './access.js';
import type { SearchPool } from './search-pool.js';
import { SurrogateKeys } from './surrogate-keys.js';

/** What a caller is allowed to do, as established by authentication. */
export interface DeliveryPrincipal {
  /** How the caller authenticated, e.g. `deliveryToken` or `bearer`. */
  kind: string;
  /** A label for logs (a token's name), never a secret. */
  name: string;
  /** Whether the caller may read `latest` (unpublished) versions. */
  canPreview: boolean;
}

/**
 * Everything a delivery request is answered from: the database, the project, the caller's
 * rights, the access rules for the visitor it is made for and the surrogate keys being
 * collected. One per request; never shared.
 */
export class DeliveryContext {
  readonly keys: SurrogateKeys;
  /** Which restricted entries this request's visitor may read (see {@link ContentAccess}). */
  readonly access: ContentAccess;
  private readonly contentTypes: ContentTypeMemo;
  /** Worker threads that answer this request's searches; without one they run in-process. */
  searchPool: SearchPool | undefined;

  /**
   * @param visitor - the signed-in visitor behind the request's credentials, asked only when
   *   restricted content is met; none (the default) reads as an anonymous visitor.
   * @param now - the platform's clock (ms since epoch): what `now()` in a search means.
   */
  constructor(
    readonly db: Db,
    readonly project: ProjectResource,
    readonly principal: DeliveryPrincipal,
    visitor: () => DeliveryVisitor | null = () => null,
    readonly now: () => number = Date.now,
  ) {
    this.keys = new SurrogateKeys(project.id);
    this.contentTypes = new ContentTypeMemo(db, project.id);
    this.access = new ContentAccess(db, project.id, visitor);
  }

  /** A content type of the project, memoised for the request. */
  contentType(id: string): ContentTypeResource | undefined {
    return this.contentTypes.get(id);
  }
}
