import { describe, expect, it } from 'vitest';
import { childPath, planNaming, slugFromDisplayName } from './node-paths.js';

describe('node paths', () => {
  it('derives slugs from display names', () => {
    expect(slugFromDisplayName('Campus Life')).toBe('campus-life');
    expect(slugFromDisplayName('Études & Research (2024)')).toBe('etudes-research-2024');
    expect(slugFromDisplayName('Bywyd y Campws')).toBe('bywyd-y-campws');
    expect(slugFromDisplayName('!!!')).toBe('');
  });

  it('joins paths below the root', () => {
    expect(childPath('/', 'news')).toBe('/news');
    expect(childPath('/news', '2024')).toBe('/news/2024');
  });

  it('plans names per language: explicit slugs win, existing slugs stay, new ones are derived', () => {
    const { naming, underivable } = planNaming(
      { 'en-GB': 'Research & Innovation', cy: 'Ymchwil' },
      { de: 'forschung' },
      { 'en-GB': 'research' },
      'en-GB',
    );
    expect(Object.fromEntries(naming)).toEqual({
      'en-GB': { displayName: 'Research & Innovation', slug: 'research' },
      cy: { displayName: 'Ymchwil', slug: 'ymchwil' },
      de: { displayName: 'Research & Innovation', slug: 'forschung' },
    });
    expect(underivable).toEqual([]);
    expect(planNaming({ 'en-GB': '???' }, {}, {}, 'en-GB').underivable).toEqual(['en-GB']);
  });
});
