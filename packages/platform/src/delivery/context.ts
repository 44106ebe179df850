import type { ProjectResource } from '../contract.js';
import { type ContentTypeResource, getContentType } from '../db/content-types.js';
import type { Db } from '../db/open.js';
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
 * rights and the surrogate keys being collected. One per request; never shared.
 */
export class DeliveryContext {
  readonly keys: SurrogateKeys;
  private readonly contentTypes = new Map<string, ContentTypeResource | null>();

  constructor(
    readonly db: Db,
    readonly project: ProjectResource,
    readonly principal: DeliveryPrincipal,
  ) {
    this.keys = new SurrogateKeys(project.id);
  }

  /** A content type of the project, memoised for the request. */
  contentType(id: string): ContentTypeResource | undefined {
    let found = this.contentTypes.get(id);
    if (found === undefined) {
      found = getContentType(this.db, this.project.id, id) ?? null;
      this.contentTypes.set(id, found);
    }
    return found ?? undefined;
  }
}
