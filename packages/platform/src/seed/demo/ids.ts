import { createHash } from 'node:crypto';

/**
 * A GUID derived from `name` alone, so seeded content keeps the same ids on every run and
 * links between entries can be written before the target entry is built.
 *
 * The SHA-1 digest is laid out like an RFC 4122 version-5 UUID (version nibble 5, variant
 * bits 10), which is what GUID-validating clients expect to see.
 *
 * @example
 * stableGuid('demo/entry/course/bsc-marine-biology'); // always the same 8-4-4-4-12 string
 */
export function stableGuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const version = `5${hex.slice(13, 16)}`;
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16) + hex.slice(18, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}

/** Id of a demo entry of the given kind, keyed by its slug (or another stable name). */
export function demoEntryId(kind: string, key: string): string {
  return stableGuid(`canopy-demo/entry/${kind}/${key}`);
}

/** Id of a demo site-view node, keyed by its English path. */
export function demoNodeId(path: string): string {
  return stableGuid(`canopy-demo/node/${path}`);
}
