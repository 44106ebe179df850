import { type ContentTypeResource, getContentType } from './content-types.js';
import type { Db } from './open.js';

/**
 * The content types of one project, each read from the database once: a request shapes many
 * entries of the same few types. Made per request, so it never serves a stale type.
 */
export class ContentTypeMemo {
  private readonly found = new Map<string, ContentTypeResource | null>();

  constructor(
    private readonly db: Db,
    private readonly projectId: string,
  ) {}

  /** The project's content type with this id, or undefined when there is none. */
  get(id: string): ContentTypeResource | undefined {
    let found = this.found.get(id);
    if (found === undefined) {
      found = getContentType(this.db, this.projectId, id) ?? null;
      this.found.set(id, found);
    }
    return found ?? undefined;
  }
}
