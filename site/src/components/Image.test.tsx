import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Figure, Image } from './Image.js';

const picture = {
  src: '/image-library/a.svg',
  alt: 'A harbour',
  width: 1200,
  height: 675,
  caption: 'In 1895',
};

describe('Image', () => {
  it('sets the intrinsic size and alt text, and loads lazily', () => {
    expect(renderToString(<Image image={picture} />)).toBe(
      '<img class="image" src="/image-library/a.svg" alt="A harbour" width="1200" height="675" loading="lazy" decoding="async"/>',
    );
  });

  it('loads the hero at once, with high priority', () => {
    // React also asks the document head to preload it.
    expect(renderToString(<Image image={picture} priority className="hero-image" />)).toBe(
      '<link rel="preload" as="image" href="/image-library/a.svg" fetchPriority="high"/>' +
        '<img class="image hero-image" src="/image-library/a.svg" alt="A harbour" width="1200" height="675" fetchPriority="high"/>',
    );
  });

  it('has an empty alt when decorative, and no size when the asset has none', () => {
    const html = renderToString(<Image image={{ ...picture, width: null, height: null }} decorative />);
    expect(html).toContain('alt=""');
    expect(html).not.toContain('width=');
  });

  it('offers a photo in smaller WebP variants, with the sizes it is shown at', () => {
    const photo = { ...picture, src: '/image-library/harbour.jpg', width: 800, height: 450 };
    const html = renderToString(<Image image={photo} sizes="(min-width: 60rem) 20rem, 100vw" />);
    expect(html).toContain('src="/image-library/harbour.jpg?w=800&amp;f=webp"');
    expect(html).toContain(
      'srcSet="/image-library/harbour.jpg?w=320&amp;f=webp 320w, /image-library/harbour.jpg?w=640&amp;f=webp 640w, /image-library/harbour.jpg?w=750&amp;f=webp 750w, /image-library/harbour.jpg?w=800&amp;f=webp 800w"',
    );
    expect(html).toContain('sizes="(min-width: 60rem) 20rem, 100vw"');
    expect(html).toContain('width="800" height="450"');
  });

  it('puts the caption under the picture in a figure', () => {
    expect(renderToString(<Figure image={picture} />)).toContain('<figcaption>In 1895</figcaption></figure>');
    expect(renderToString(<Figure image={picture} caption={null} />)).not.toContain('figcaption');
  });
});
