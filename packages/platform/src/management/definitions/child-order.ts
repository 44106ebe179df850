import type { Problem } from './problems.js';

/**
 * Checks a requested children order against a node's actual children: it must name each
 * child exactly once and nothing else (contract §4.2 nodes.setChildrenOrder). Returns the
 * problems, empty when the order is usable.
 *
 * @example
 * childOrderProblems(['b', 'a'], ['a', 'b']); // []
 * childOrderProblems(['a'], ['a', 'b']); // [{ field: 'childIds', message: "… 'b' …" }]
 */
export function childOrderProblems(requested: readonly string[], children: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  const actual = new Set(children);
  const seen = new Set<string>();
  for (const id of requested) {
    if (seen.has(id)) problems.push({ field: 'childIds', message: `The node '${id}' is listed twice` });
    else if (!actual.has(id))
      problems.push({ field: 'childIds', message: `The node '${id}' is not a child of this node` });
    seen.add(id);
  }
  const missing = children.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    problems.push({
      field: 'childIds',
      message: `The order must list every child; missing: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`,
    });
  }
  return problems;
}

/**
 * Orders items by a stored id order: items the order names come first, in its order; the rest
 * (children added since the order was set) follow in their default order.
 *
 * @example
 * applyOrder([{ id: 'a' }, { id: 'b' }, { id: 'c' }], ['c', 'a']); // c, a, b
 */
export function applyOrder<T extends { id: string }>(items: readonly T[], order: readonly string[]): T[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  const named = items.filter((item) => rank.has(item.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...named, ...items.filter((item) => !rank.has(item.id))];
}
