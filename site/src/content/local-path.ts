/**
 * A query value as a path of this site, or null: absolute URLs and protocol-relative `//host`
 * values are refused, so a crafted link cannot send a visitor to another site from ours.
 */
export function localPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
