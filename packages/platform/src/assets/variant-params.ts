/** Output formats an image variant can have. */
export const VARIANT_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
/** How a variant fits into both a width and a height (sharp's names). */
export const VARIANT_FITS = ['cover', 'contain', 'inside', 'outside', 'fill'] as const;

/** Largest width or height a variant may ask for, in pixels. */
export const MAX_VARIANT_DIMENSION = 4096;

/** A resized or re-encoded image, as its query asks for it. */
export interface VariantRequest {
  width?: number;
  height?: number;
  format?: (typeof VARIANT_FORMATS)[number];
  /** 1–100; the encoder's default when absent. */
  quality?: number;
  /** Only matters with both width and height; `inside` (keep the whole picture) by default. */
  fit?: (typeof VARIANT_FITS)[number];
}

/** The query parameters of a variant; anything else in a query (e.g. a cache buster) is ignored. */
export const VARIANT_PARAMETERS = ['w', 'h', 'f', 'q', 'fit'] as const;

/**
 * Reads the variant an image URL asks for: `w` and `h` (whole pixels, 1 to 4096), `f`
 * (`webp`, `avif`, `jpeg` or `jpg`, `png`), `q` (quality 1 to 100) and `fit` (`cover`,
 * `contain`, `inside`, `outside`, `fill`), the parameters image `transformations` use in
 * delivery (`w=1200&h=630`). Null when the URL asks for none (the original file is served);
 * a message when a value is not acceptable, which the route answers with a 400. A parameter
 * given twice is refused rather than guessed at.
 *
 * @example
 * parseVariant(new URLSearchParams('w=640&f=webp'));  // { width: 640, format: 'webp' }
 * parseVariant(new URLSearchParams('w=0'));           // { problem: 'w must be a whole number from 1 to 4096' }
 */
export function parseVariant(query: URLSearchParams): VariantRequest | { problem: string } | null {
  const variant: VariantRequest = {};
  let asked = false;
  for (const name of VARIANT_PARAMETERS) {
    const values = query.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1) return { problem: `${name} is given more than once` };
    asked = true;
    const value = (values[0] ?? '').trim().toLowerCase();
    switch (name) {
      case 'w':
      case 'h': {
        const size = wholeNumber(value, 1, MAX_VARIANT_DIMENSION);
        if (size === null)
          return { problem: `${name} must be a whole number from 1 to ${MAX_VARIANT_DIMENSION}` };
        if (name === 'w') variant.width = size;
        else variant.height = size;
        break;
      }
      case 'q': {
        const quality = wholeNumber(value, 1, 100);
        if (quality === null) return { problem: 'q must be a whole number from 1 to 100' };
        variant.quality = quality;
        break;
      }
      case 'f': {
        const format = value === 'jpg' ? 'jpeg' : value;
        if (!isOneOf(VARIANT_FORMATS, format))
          return { problem: `f must be one of ${VARIANT_FORMATS.join(', ')}` };
        variant.format = format;
        break;
      }
      case 'fit':
        if (!isOneOf(VARIANT_FITS, value))
          return { problem: `fit must be one of ${VARIANT_FITS.join(', ')}` };
        variant.fit = value;
        break;
    }
  }
  return asked ? variant : null;
}

/**
 * A stable name for a variant (the same request, however its query was ordered, has the same
 * key), used for the file the variant is cached in and its ETag.
 *
 * @example
 * variantKey({ width: 640, format: 'webp' }); // 'w640-f-webp'
 */
export function variantKey(variant: VariantRequest): string {
  const parts: string[] = [];
  if (variant.width !== undefined) parts.push(`w${variant.width}`);
  if (variant.height !== undefined) parts.push(`h${variant.height}`);
  if (variant.fit !== undefined) parts.push(`fit-${variant.fit}`);
  if (variant.quality !== undefined) parts.push(`q${variant.quality}`);
  if (variant.format !== undefined) parts.push(`f-${variant.format}`);
  return parts.join('-') || 'original';
}

function wholeNumber(value: string, min: number, max: number): number | null {
  if (!/^\d{1,5}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

function isOneOf<T extends string>(options: readonly T[], value: string): value is T {
  return (options as readonly string[]).includes(value);
}
