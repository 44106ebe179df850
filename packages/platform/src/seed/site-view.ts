import type { SeedNode } from './types.js';

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
  // While placing: what a child needs of its parent. Let go by seal().
  private nodes = new Map<string, { paths: readonly string[]; depth: number }>();
  private childCounts = new Map<string, number>();
  // Per entry, its nodes' paths, canonical first: one NodePaths for the usual single canonical
  // node, a list otherwise.
  private readonly entryNodes = new Map<string, NodePaths | EntryNodeList>();
  private placedCount = 0;
  private rootId: string | undefined;

  /** @param languages the project's languages, primary first */
  constructor(private readonly languages: readonly string[]) {}

  /**
   * Places a node; throws on a missing parent, a second root, a duplicate id or a bad slug.
   * The builder keeps only the paths of what it placed, so a million-node site view stays
   * small; the returned node is the caller's to write.
   */
  add(node: SeedNode): PlacedNode {
    if (typeof node.id !== 'string' || node.id === '') throw new Error('A node has no id');
    if (this.nodes.has(node.id)) throw new Error(`Node ${node.id} is listed twice`);
    let parent: { paths: readonly string[]; depth: number } | undefined;
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
    // Most nodes are not translated: one string for every language.
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
    this.nodes.set(node.id, { paths, depth: placed.depth });
    this.placedCount++;
    if (node.entryId) this.attach(node.entryId, paths, placed.isCanonical);
    return placed;
  }

  /** Records a node of an entry, keeping the entry's nodes canonical-first as they arrive. */
  private attach(entryId: string, paths: readonly string[], canonical: boolean): void {
    const compact: NodePaths = paths.every((path) => path === paths[0]) ? paths[0]! : paths;
    const found = this.entryNodes.get(entryId);
    if (found === undefined) {
      this.entryNodes.set(entryId, canonical ? compact : { many: [{ paths: compact, canonical }] });
      return;
    }
    const list: EntryNodeList = isList(found) ? found : { many: [{ paths: found, canonical: true }] };
    const item = { paths: compact, canonical };
    if (canonical && !list.many[0]!.canonical) list.many.unshift(item);
    else list.many.push(item);
    this.entryNodes.set(entryId, list);
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
   * Ends placing nodes: what only placing needed (every node's paths by id, sibling counts)
   * is let go; the paths of entries' nodes stay for the lookups below.
   */
  seal(): void {
    this.nodes = new Map();
    this.childCounts = new Map();
  }

  /** The paths of an entry's nodes in a language (by index), canonical first. */
  pathsOf(entryId: string, languageIndex: number): string[] {
    const found = this.entryNodes.get(entryId);
    if (found === undefined) return [];
    const list = isList(found) ? found.many.map((item) => item.paths) : [found];
    return list.map((paths) => (typeof paths === 'string' ? paths : paths[languageIndex]!));
  }

  /** The path of an entry's canonical node in a language (by index). */
  pathOf(entryId: string, languageIndex: number): string | undefined {
    return this.pathsOf(entryId, languageIndex)[0];
  }

  /** The slug of an entry's canonical node in a language (by index); none for the root. */
  slugOf(entryId: string, languageIndex: number): string | undefined {
    const path = this.pathOf(entryId, languageIndex);
    // A slug never holds '/', so it is the path's last segment.
    return path === undefined || path === '/' ? undefined : path.slice(path.lastIndexOf('/') + 1);
  }
}

/** More than one node, or a first node that is not canonical. */
interface EntryNodeList {
  many: Array<{ paths: NodePaths; canonical: boolean }>;
}

function isList(value: NodePaths | EntryNodeList): value is EntryNodeList {
  return typeof value === 'object' && 'many' in value;
}

function pick(
  values: Record<string, string> | undefined,
  language: string,
  primary: string,
): string | undefined {
  if (!values) return undefined;
  return values[language] ?? values[primary] ?? Object.values(values)[0];
}
