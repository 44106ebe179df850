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
}

/**
 * A responsive image from the image library. Its intrinsic width and height are set as
 * attributes, so the browser reserves the box (at the right aspect ratio, scaled by CSS to its
 * container) before the file arrives: no layout shift.
 *
 * @example
 * const hero = imageOf(entry.heroImage);
 * return hero ? <Image image={hero} priority /> : null;
 */
export function Image({ image, priority = false, decorative = false, className }: ImageProps) {
  return (
    <img
      className={className ? `image ${className}` : 'image'}
      src={image.src}
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
