/**
 * The parent → child links between groups, for the questions the security API asks of them:
 * what lies below a group, and whether a new link would close a cycle. A child group's members
 * count as members of its parents (contract §4.3), so the graph must stay acyclic.
 *
 * @example
 * const graph = new GroupGraph(listGroupEdges(db));
 * graph.wouldCycle(parentId, childId); // true when parentId already lies below childId
 */
export class GroupGraph {
  readonly #children = new Map<string, string[]>();

  constructor(edges: readonly { parentId: string; childId: string }[]) {
    for (const { parentId, childId } of edges) {
      const list = this.#children.get(parentId);
      if (list) list.push(childId);
      else this.#children.set(parentId, [childId]);
    }
  }

  /** The direct child groups of a group. */
  children(groupId: string): string[] {
    return [...(this.#children.get(groupId) ?? [])];
  }

  /** Every group below `groupId` (children, their children, …). Safe against cycles. */
  descendants(groupId: string): Set<string> {
    const found = new Set<string>();
    const pending = this.children(groupId);
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      pending.push(...this.children(id));
    }
    return found;
  }

  /** Whether making `childId` a child of `parentId` would make a group contain itself. */
  wouldCycle(parentId: string, childId: string): boolean {
    return parentId === childId || this.descendants(childId).has(parentId);
  }

  /** The groups an `excludedGroups` list leaves out: the listed groups and everything below them. */
  excluded(groupIds: readonly string[]): Set<string> {
    const result = new Set<string>();
    for (const id of groupIds) {
      result.add(id);
      for (const below of this.descendants(id)) result.add(below);
    }
    return result;
  }
}
