import { describe, expect, it } from 'vitest';
import { responsiveImage } from './responsive-image.js';

describe('responsiveImage', () => {
  it('offers webp variants up to the picture’s own width', () => {
    expect(responsiveImage({ src: '/image-library/harbour.jpg', width: 1000 })).toEqual({
      src: '/image-library/harbour.jpg?w=1000&f=webp',
      srcSet:
        '/image-library/harbour.jpg?w=320&f=webp 320w, /image-library/harbour.jpg?w=640&f=webp 640w, ' +
        '/image-library/harbour.jpg?w=750&f=webp 750w, /image-library/harbour.jpg?w=960&f=webp 960w, /image-library/harbour.jpg?w=1000&f=webp 1000w',
    });
  });

  it('takes widths, format and quality, and keeps other query parameters', () => {
    expect(
      responsiveImage(
        { src: '/image-library/a.png?v=2', width: 2000 },
        { widths: [400, 800], format: 'avif', quality: 50 },
      ),
    ).toEqual({
      src: '/image-library/a.png?v=2&w=2000&f=avif&q=50',
      srcSet:
        '/image-library/a.png?v=2&w=400&f=avif&q=50 400w, /image-library/a.png?v=2&w=800&f=avif&q=50 800w, /image-library/a.png?v=2&w=2000&f=avif&q=50 2000w',
    });
  });

  it('leaves vectors, pictures of unknown width and editor-sized pictures alone', () => {
    expect(responsiveImage({ src: '/image-library/logo.svg', width: 1200 })).toEqual({
      src: '/image-library/logo.svg',
    });
    expect(responsiveImage({ src: '/image-library/a.jpg', width: null })).toEqual({
      src: '/image-library/a.jpg',
    });
    expect(responsiveImage({ src: '/image-library/a.jpg?w=1200&h=630', width: 2400 })).toEqual({
      src: '/image-library/a.jpg?w=1200&h=630',
    });
  });

  it('offers only the picture itself when it is smaller than every width', () => {
    expect(responsiveImage({ src: '/image-library/icon.png', width: 200 })).toEqual({
      src: '/image-library/icon.png?w=200&f=webp',
      srcSet: '/image-library/icon.png?w=200&f=webp 200w',
    });
  });
});
