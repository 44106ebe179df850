/**
 * Collects the cache keys of what a response was built from, for the `surrogate-key` header
 * (contract §7.4): the project, every entry, node and content type involved, and the
 * taxonomy. An HTTP cache that stores the response under these keys can purge it when any of
 * those things change.
 *
 * Key format (space-separated in the header): `project:<projectId>`, `entry:<entryId>`,
 * `node:<nodeId>`, `contenttype:<projectId>/<contentTypeId>`, `taxonomy:<projectId>`.
 * Entry and node ids are GUIDs, unique across projects; content type ids are not.
 */
export class SurrogateKeys {
  /** Header values longer than this are replaced by the project key alone (coarser, still correct). */
  static readonly MAX_HEADER_LENGTH = 8000;
  private readonly keys = new Set<string>();

  constructor(private readonly projectId: string) {
    this.keys.add(`project:${projectId}`);
  }

  /** Records an entry. */
  entry(id: string): void {
    this.keys.add(`entry:${id}`);
  }

  /** Records a site-view node. */
  node(id: string): void {
    this.keys.add(`node:${id}`);
  }

  /** Records a content type. */
  contentType(id: string): void {
    this.keys.add(`contenttype:${this.projectId}/${id}`);
  }

  /** Records the taxonomy. */
  taxonomy(): void {
    this.keys.add(`taxonomy:${this.projectId}`);
  }

  /**
   * The header value. Purging by `project:<id>` purges everything of the project, so when the
   * full list would be too long for a header the project key alone stands in for it.
   */
  header(): string {
    const value = [...this.keys].join(' ');
    return value.length <= SurrogateKeys.MAX_HEADER_LENGTH ? value : `project:${this.projectId}`;
  }
}
