/** A byte range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a `Range` header for a file of `size` bytes. Only a single `bytes=` range is
 * honoured (what media players send); anything else is ignored and the whole file is served,
 * as RFC 9110 allows. A range that starts beyond the end is `'unsatisfiable'` (416).
 *
 * @example
 * parseRange('bytes=0-99', 1000); // { start: 0, end: 99 }
 * parseRange('bytes=-100', 1000); // { start: 900, end: 999 }
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
