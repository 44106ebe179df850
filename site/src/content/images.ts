/** An image as the site renders it. */
export interface SiteImage {
  /** The asset's URI: a path under `/image-library/`, served by the site's reverse proxy. */
  src: string;
  alt: string;
  /** Intrinsic size from the asset's `sys.properties`; null when the asset was not resolved. */
  width: number | null;
  height: number | null;
  caption: string | null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * An image field value (`{ asset, altText, caption }`) as a {@link SiteImage}, or null when
 * it has no asset URI. The alt text is the field's own (the role the picture plays on this
 * page), else the asset's, else empty.
 *
 * @example
 * imageOf(entry.heroImage); // { src: '/image-library/courses/law.svg', alt: '…', width: 1200, height: 675, caption: null }
 */
export function imageOf(value: unknown): SiteImage | null {
  const field = record(value);
  const asset = record(field?.asset);
  const sys = record(asset?.sys);
  const src = text(sys?.uri);
  if (!field || !src) return null;
  const properties = record(sys?.properties);
  const width = positive(properties?.width);
  const height = positive(properties?.height);
  return {
    src,
    alt: text(field.altText) ?? text(asset?.altText) ?? '',
    // A size is only useful as a pair: one side alone cannot reserve the box.
    width: width && height ? width : null,
    height: width && height ? height : null,
    caption: text(field.caption),
  };
}
