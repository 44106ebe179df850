import type { SeedNode } from './types.js';

const NONE: readonly PlacedNode[] = [];

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
  private readonly nodes = new Map<string, PlacedNode>();
  private readonly childCounts = new Map<string, number>();
  private readonly entryNodes = new Map<string, PlacedNode[]>();
  private rootId: string | undefined;

  /** @param languages the project's languages, primary first */
  constructor(private readonly languages: readonly string[]) {}

  /** Places a node; throws on a missing parent, a second root, a duplicate id or a bad slug. */
  add(node: SeedNode): PlacedNode {
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
    if (node.entryId) {
      const list = this.entryNodes.get(node.entryId);
      // Kept canonical-first as nodes arrive, so lookups need no sorting.
      if (!list) this.entryNodes.set(node.entryId, [placed]);
      else if (placed.isCanonical && !list[0]!.isCanonical) list.unshift(placed);
      else list.push(placed);
    }
    return placed;
  }

  /** The nodes an entry is attached to, canonical first. */
  nodesOf(entryId: string): readonly PlacedNode[] {
    return this.entryNodes.get(entryId) ?? NONE;
  }

  /** Index of a language in the project's language list, or -1. */
  languageIndex(language: string): number {
    return this.languages.indexOf(language);
  }

  /** How many nodes were placed. */
  get size(): number {
    return this.nodes.size;
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
