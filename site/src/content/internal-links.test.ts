import { describe, expect, it } from 'vitest';
import { internalPath } from './internal-links.js';

const origin = 'https://www.aberwen.example';

describe('internalPath', () => {
  it('keeps pages of the site, with query and hash', () => {
    expect(internalPath('/about/history', origin)).toBe('/about/history');
    expect(internalPath('/news?page=2#top', origin)).toBe('/news?page=2#top');
    expect(internalPath(`${origin}/events`, origin)).toBe('/events');
    expect(internalPath('history', `${origin}`)).toBe('/history');
  });

  it('leaves files, other sites and other schemes to the browser', () => {
    expect(internalPath('/asset-library/documents/handbook.txt', origin)).toBeNull();
    expect(internalPath('/image-library/pages/home.svg', origin)).toBeNull();
    expect(internalPath('https://www.openstreetmap.org/', origin)).toBeNull();
    expect(internalPath('//elsewhere.example/x', origin)).toBeNull();
    expect(internalPath('mailto:someone@aberwen.ac.example', origin)).toBeNull();
    expect(internalPath('http://[bad', origin)).toBeNull();
  });
});
