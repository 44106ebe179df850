/** What a `/nodes/…` path asks for (D8–D15, D18 and D10). */
export type NodeRoute =
  | { kind: 'root' }
  | { kind: 'byId'; nodeId: string }
  | { kind: 'relation'; nodeId: string; relation: NodeRelation }
  | { kind: 'byPath'; path: string };

/** The sub-resources of a node. */
export type NodeRelation = 'children' | 'parent' | 'ancestors' | 'siblings' | 'ancestor';

const RELATIONS = new Set<string>(['children', 'parent', 'ancestors', 'siblings', 'ancestor']);

/**
 * Tells the node routes apart. `/nodes/{id}` and `/nodes{path}` share a URL space, so: `root`
 * is the root; one segment naming an existing node id is that node; an existing node id
 * followed by `children`, `parent`, `ancestors`, `siblings` or `ancestor` is that relation;
 * anything else is a site path. (A page whose path is `/root` is therefore only reachable by
 * id — the hosted platform has the same ambiguity.)
 *
 * @param path the decoded part after `/nodes`, starting with `/`
 * @param isNodeId whether a segment is the id of an existing node
 *
 * @example
 * classifyNodePath('/9db1…/children', () => true); // { kind: 'relation', nodeId: '9db1…', relation: 'children' }
 */
export function classifyNodePath(path: string, isNodeId: (segment: string) => boolean): NodeRoute {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 1 && segments[0]!.toLowerCase() === 'root') return { kind: 'root' };
  if (segments.length === 1 && isNodeId(segments[0]!)) return { kind: 'byId', nodeId: segments[0]! };
  if (segments.length === 2 && RELATIONS.has(segments[1]!.toLowerCase()) && isNodeId(segments[0]!)) {
    return { kind: 'relation', nodeId: segments[0]!, relation: segments[1]!.toLowerCase() as NodeRelation };
  }
  return { kind: 'byPath', path };
}
