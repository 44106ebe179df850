/**
 * Collects the cache keys of what a response was built from, for the `surrogate-key` header
 * (contract §7.4): the project, every entry, node and content type involved, and the
 * taxonomy. An HTTP cache that stores the response under these keys can purge it when any of
 * those things change.
 *
 * Key format (space-separated in the header): `project:<projectId>`, `entry:<entryId>`,
 * `node:<nodeId>`, `contenttype:<projectId>/<contentTypeId>`, `taxonomy:<projectId>`.
 * Entry and node ids are GUIDs, unique across projects; content type ids are not. An entry
 * read in a language also gets `entry:<entryId>:<language>` (added beside `entry:<entryId>`,
 * which stays): a cache can then purge the pages of one variation, in one language, when
 * only that variation changed (the change event names its language).
 */
export class SurrogateKeys {
  /** Header values longer than this are replaced by the project key alone (coarser, still correct). */
  static readonly MAX_HEADER_LENGTH = 8000;
  private readonly keys = new Set<string>();

  constructor(private readonly projectId: string) {
    this.keys.add(`project:${projectId}`);
  }

  /** Records an entry; with a language, the variation in that language too. */
  entry(id: string, language?: string): void {
    this.keys.add(`entry:${id}`);
    if (language) this.keys.add(`entry:${id}:${language}`);
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
   * The header value. When the full list would be too long for a header, the keys of an
   * entry's variations stand in for the entry's own key (a purge of a change that names no
   * language names every language's key, see docs/platform.md); when that is still too long,
   * the project key alone (purging by `project:<id>` purges everything of the project).
   */
  header(): string {
    const max = SurrogateKeys.MAX_HEADER_LENGTH;
    const keys = [...this.keys];
    const value = keys.join(' ');
    if (value.length <= max) return value;
    const varied = new Set(keys.filter(isVariationKey).map((key) => key.slice(0, key.lastIndexOf(':'))));
    const shorter = keys.filter((key) => !varied.has(key)).join(' ');
    return shorter.length <= max ? shorter : `project:${this.projectId}`;
  }
}

/** `entry:<id>:<language>`: the key of one variation of an entry. */
function isVariationKey(key: string): boolean {
  return key.startsWith('entry:') && key.indexOf(':', 6) > 0;
}
