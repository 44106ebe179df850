/**
 * Widths offered in a `srcset` by default, in device pixels. 750 fits the common full-width
 * phone (360–412 CSS px at DPR 1.75–2, Lighthouse's mobile device among them) without falling
 * through to 960; the others cover small phones, tablets, laptops and wide screens.
 */
export const DEFAULT_IMAGE_WIDTHS: readonly number[] = [320, 640, 750, 960, 1280, 1920];

/** What {@link responsiveImage} needs to know of a library image. */
export interface ResponsiveImageSource {
  /** The image's URI, e.g. `/image-library/courses/law.jpg` (may carry a query, e.g. `transformations`). */
  src: string;
  /** Its intrinsic width, when known: no variant is offered wider than the picture itself. */
  width?: number | null;
}

/** Options of {@link responsiveImage}. */
export interface ResponsiveImageOptions {
  /** Candidate widths (default {@link DEFAULT_IMAGE_WIDTHS}). */
  widths?: readonly number[];
  /** The format variants are encoded in (default `webp`, which every current browser shows). */
  format?: 'webp' | 'avif' | 'jpeg' | 'png';
  /** Encoder quality 1–100 (default: the platform's). */
  quality?: number;
}

/** The `src` and `srcSet` of an `<img>`; `srcSet` is absent when variants would not help. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
}

/** Vector images scale by themselves: a raster variant would only be heavier. */
const VECTOR = /\.svgz?$/i;

/**
 * The `srcset` of a library image: variants the platform's image library makes on request
 * (`?w=…&f=webp`), one per width up to the picture's own, so a phone downloads a phone-sized
 * file. Vector images (SVG) and images of unknown width keep their single `src`. Pair it with
 * `sizes` saying how wide the image is shown, and with the intrinsic `width` and `height`
 * attributes so the browser reserves the box before the file arrives.
 *
 * @example
 * responsiveImage({ src: '/image-library/harbour.jpg', width: 1000 });
 * // { src: '/image-library/harbour.jpg?w=1000&f=webp',
 * //   srcSet: '/image-library/harbour.jpg?w=320&f=webp 320w, …?w=960&f=webp 960w, …?w=1000&f=webp 1000w' }
 */
export function responsiveImage(
  image: ResponsiveImageSource,
  options: ResponsiveImageOptions = {},
): ResponsiveImage {
  const [path = '', query = ''] = image.src.split('?', 2);
  const intrinsic = image.width && image.width > 0 ? Math.round(image.width) : null;
  if (!intrinsic || VECTOR.test(path)) return { src: image.src };
  const params = new URLSearchParams(query);
  // A `transformations` fragment that already sizes the picture is the editor's choice: keep it.
  if (params.has('w') || params.has('h')) return { src: image.src };
  const format = options.format ?? 'webp';
  const widths = [
    ...new Set([...(options.widths ?? DEFAULT_IMAGE_WIDTHS).filter((w) => w < intrinsic), intrinsic]),
  ]
    .filter((w) => Number.isInteger(w) && w > 0)
    .sort((a, b) => a - b);
  const url = (width: number) => {
    const variant = new URLSearchParams(params);
    variant.set('w', String(width));
    variant.set('f', format);
    if (options.quality !== undefined) variant.set('q', String(options.quality));
    return `${path}?${variant.toString()}`;
  };
  return { src: url(intrinsic), srcSet: widths.map((width) => `${url(width)} ${width}w`).join(', ') };
}
