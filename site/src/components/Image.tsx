import { responsiveImage } from '@canopy/web';
import type { SiteImage } from '../content/images.js';

/** Props of {@link Image}. */
export interface ImageProps {
  image: SiteImage;
  /**
   * The largest picture of the page (the hero): loaded at once and early. Every other image
   * loads lazily, when it comes near the viewport.
   */
  priority?: boolean;
  /** Render the alt text as empty: for pictures that repeat what the text next to them says (cards). */
  decorative?: boolean;
  className?: string;
  /**
   * How wide the image is shown, as the `sizes` attribute (default: the full viewport width).
   * It only matters for raster pictures, which get a `srcset` of smaller variants.
   */
  sizes?: string;
}

/**
 * A responsive image from the image library. Its intrinsic width and height are set as
 * attributes, so the browser reserves the box (at the right aspect ratio, scaled by CSS to its
 * container) before the file arrives: no layout shift. A raster picture (JPEG, PNG…) also gets
 * a `srcset` of WebP variants the platform makes at smaller widths (`responsiveImage`), so a
 * phone downloads a phone-sized file; SVG drawings scale by themselves and keep one `src`.
 *
 * @example
 * const hero = imageOf(entry.heroImage);
 * return hero ? <Image image={hero} priority /> : null;
 */
export function Image({
  image,
  priority = false,
  decorative = false,
  className,
  sizes = '100vw',
}: ImageProps) {
  const { src, srcSet } = responsiveImage(image);
  return (
    <img
      className={className ? `image ${className}` : 'image'}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={decorative ? '' : image.alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
    />
  );
}

/** Props of {@link Figure}. */
export interface FigureProps extends ImageProps {
  /** Shown under the picture; the image's own caption when not given. */
  caption?: string | null;
}

/** An image in a `figure`, with its caption when it has one. */
export function Figure({ caption, className, ...props }: FigureProps) {
  const text = caption === undefined ? props.image.caption : caption;
  return (
    <figure className={className ? `figure ${className}` : 'figure'}>
      <Image {...props} />
      {text ? <figcaption>{text}</figcaption> : null}
    </figure>
  );
}
