import { describe, expect, it } from 'vitest';
import { image, unresolvedImage } from '../test/fixtures.js';
import { imageOf } from './images.js';

describe('imageOf', () => {
  it('takes the URI and size of a resolved asset, and the alt text and caption of the field', () => {
    expect(
      imageOf(image('/image-library/a.svg', 'A harbour', { width: 1200, height: 675 }, 'In 1895')),
    ).toEqual({
      src: '/image-library/a.svg',
      alt: 'A harbour',
      width: 1200,
      height: 675,
      caption: 'In 1895',
    });
  });

  it('has no size for an unresolved asset, and falls back to the asset alt text', () => {
    expect(imageOf(unresolvedImage('/image-library/b.svg', 'B'))).toMatchObject({
      width: null,
      height: null,
    });
    const value = image('/image-library/c.svg', 'Asset text');
    expect(imageOf({ asset: value.asset })?.alt).toBe('Asset text');
    expect(imageOf({ asset: { sys: { uri: '/image-library/d.svg' } } })?.alt).toBe('');
  });

  it('keeps a size only when both sides are known', () => {
    const value = image('/image-library/e.svg', 'E');
    value.asset.sys.properties = { filename: 'e.svg', width: 100, height: 0 };
    expect(imageOf(value)).toMatchObject({ width: null, height: null });
  });

  it('is null without an asset URI', () => {
    expect(imageOf(undefined)).toBeNull();
    expect(imageOf({ altText: 'no asset' })).toBeNull();
    expect(imageOf({ asset: { sys: { id: 'x' } } })).toBeNull();
  });
});
