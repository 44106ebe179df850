import type { SeedNode } from './types.js';

const NONE: readonly PlacedNode[] = [];

/** A node's paths by language, or one path when every language has the same. */
type NodePaths = string | readonly string[];

/** A node with its slug, display name and path worked out for every project language. */
export interface PlacedNode {
  id: string;
  parentId: string | null;
  entryId: string | undefined;
  isCanonical: boolean;
  includeInMenu: boolean;
  position: number;
  depth: number;
  /** Aligned with the project's languages. */
  slugs: string[];
  displayNames: string[];
  paths: string[];
}

/**
 * Lays out the site view as the seed describes it: parents before children, siblings in the
 * order listed. Paths are slugs joined with `/` below the root, whose path is `/`. A node
 * missing a language uses its primary-language slug and name (then any it has), so every
 * node has a path in every project language.
 */
export class SiteViewBuilder {
  private nodes = new Map<string, PlacedNode>();
  private childCounts = new Map<string, number>();
  private placedCount = 0;
  private sealed = false;
  private readonly entryNodes = new Map<string, PlacedNode[]>();
  private readonly entryPaths = new Map<string, NodePaths | { many: NodePaths[] }>();
  private rootId: string | undefined;

  /** @param languages the project's languages, primary first */
  constructor(private readonly languages: readonly string[]) {}

  /** Places a node; throws on a missing parent, a second root, a duplicate id or a bad slug. */
  add(node: SeedNode): PlacedNode {
    if (this.sealed) throw new Error('The site view is sealed: nodes come before entries');
    if (typeof node.id !== 'string' || node.id === '') throw new Error('A node has no id');
    if (this.nodes.has(node.id)) throw new Error(`Node ${node.id} is listed twice`);
    let parent: PlacedNode | undefined;
    if (node.parentId === null) {
      if (this.rootId !== undefined)
        throw new Error(`Node ${node.id} is a second root (the root is ${this.rootId})`);
      this.rootId = node.id;
    } else {
      parent = this.nodes.get(node.parentId);
      if (!parent) throw new Error(`Node ${node.id} is listed before its parent ${node.parentId}`);
    }
    const slugs = this.languages.map((language) => pick(node.slug, language, this.languages[0]!) ?? '');
    const displayNames = this.languages.map(
      (language, i) => pick(node.displayName, language, this.languages[0]!) ?? slugs[i]!,
    );
    if (parent) {
      for (const slug of slugs) {
        if (slug === '' || slug.includes('/'))
          throw new Error(`Node ${node.id} has an invalid slug "${slug}"`);
      }
    }
    const paths = slugs.map((slug, i) => {
      if (!parent) return '/';
      const parentPath = parent.paths[i]!;
      return parentPath === '/' ? `/${slug}` : `${parentPath}/${slug}`;
    });
    // Most nodes are not translated: one string for every language keeps a million-node
    // site view to one copy of each path.
    for (let i = 1; i < paths.length; i++) if (paths[i] === paths[0]) paths[i] = paths[0]!;
    const siblingKey = node.parentId ?? '';
    const position = this.childCounts.get(siblingKey) ?? 0;
    this.childCounts.set(siblingKey, position + 1);
    const placed: PlacedNode = {
      id: node.id,
      parentId: node.parentId,
      entryId: node.entryId,
      isCanonical: node.isCanonical ?? true,
      includeInMenu: node.includeInMenu,
      position,
      depth: parent ? parent.depth + 1 : 0,
      slugs,
      displayNames,
      paths,
    };
    this.nodes.set(node.id, placed);
    this.placedCount++;
    if (node.entryId) {
      const list = this.entryNodes.get(node.entryId);
      // Kept canonical-first as nodes arrive, so lookups need no sorting.
      if (!list) this.entryNodes.set(node.entryId, [placed]);
      else if (placed.isCanonical && !list[0]!.isCanonical) list.unshift(placed);
      else list.push(placed);
    }
    return placed;
  }

  /** The nodes an entry is attached to, canonical first (until {@link seal}). */
  nodesOf(entryId: string): readonly PlacedNode[] {
    return this.entryNodes.get(entryId) ?? NONE;
  }

  /** Index of a language in the project's language list, or -1. */
  languageIndex(language: string): number {
    return this.languages.indexOf(language);
  }

  /** How many nodes were placed. */
  get size(): number {
    return this.placedCount;
  }

  /**
   * Ends placing nodes: what only placing needed (every node by id, sibling counts, slugs and
   * display names) is let go, and of the nodes of entries only their paths stay, one string
   * when every language has the same (a slug is the last segment of its path). With a
   * million nodes that is most of the site view's memory. Lookups work before and after.
   */
  seal(): void {
    this.sealed = true;
    for (const [entryId, list] of this.entryNodes) {
      const paths = list.map((node) =>
        node.paths.every((path) => path === node.paths[0]) ? node.paths[0]! : node.paths,
      );
      this.entryPaths.set(entryId, paths.length === 1 ? paths[0]! : { many: paths });
    }
    this.entryNodes.clear();
    this.nodes = new Map();
    this.childCounts = new Map();
  }

  /** The paths of an entry's nodes in a language (by index), canonical first. */
  pathsOf(entryId: string, languageIndex: number): string[] {
    if (!this.sealed) return this.nodesOf(entryId).map((node) => node.paths[languageIndex]!);
    const found = this.entryPaths.get(entryId);
    if (found === undefined) return [];
    const list = typeof found === 'object' && 'many' in found ? found.many : [found];
    return list.map((paths) => (typeof paths === 'string' ? paths : paths[languageIndex]!));
  }

  /** The path of an entry's canonical node in a language (by index). */
  pathOf(entryId: string, languageIndex: number): string | undefined {
    return this.pathsOf(entryId, languageIndex)[0];
  }

  /** The slug of an entry's canonical node in a language (by index); none for the root. */
  slugOf(entryId: string, languageIndex: number): string | undefined {
    const path = this.pathOf(entryId, languageIndex);
    return path === undefined || path === '/' ? undefined : path.slice(path.lastIndexOf('/') + 1);
  }
}

function pick(
  values: Record<string, string> | undefined,
  language: string,
  primary: string,
): string | undefined {
  if (!values) return undefined;
  return values[language] ?? values[primary] ?? Object.values(values)[0];
}
