import { describe, expect, it } from 'vitest';
import type { ConsentCategory } from './consent-config.js';
import { consentContentOf, withCategoryTexts } from './consent-content.js';

const IDS = ['necessary', 'analytics', 'marketing'];

const SITE: ConsentCategory[] = [
  { id: 'necessary', name: 'Necessary', description: 'Keeps the site working.', required: true },
  {
    id: 'analytics',
    name: 'Analytical',
    description: 'Counts visits.',
    cookies: [{ name: '_a', provider: 'Us', purpose: 'Visits', expiration: '1 year' }],
  },
  { id: 'marketing', name: 'Marketing', description: 'Films.' },
];

describe('consentContentOf', () => {
  it('reads the message and the category wording of a composer entry', () => {
    const content = consentContentOf(
      {
        message: ' <p>Cookies here.</p> ',
        categories: [
          {
            type: 'category',
            value: {
              categoryId: 'analytics',
              description: 'We count visits.',
              cookies: [{ name: '_b', provider: 'Them', purpose: 'Counting', expiration: '2 years' }],
            },
          },
        ],
      },
      IDS,
    );
    expect(content).toEqual({
      message: '<p>Cookies here.</p>',
      categories: [
        {
          id: 'analytics',
          description: 'We count visits.',
          cookies: [{ name: '_b', provider: 'Them', purpose: 'Counting', expiration: '2 years' }],
        },
      ],
    });
  });

  it('drops categories the site does not declare, repeats and items of the wrong shape', () => {
    const content = consentContentOf(
      {
        categories: [
          { categoryId: 'advertising', name: 'Ads' },
          { categoryId: 'marketing', name: 'Films' },
          { categoryId: 'marketing', name: 'Again' },
          'text',
          null,
          { value: { name: 'no id' } },
          { categoryId: 42 },
        ],
      },
      IDS,
    );
    expect(content).toEqual({ categories: [{ id: 'marketing', name: 'Films' }] });
  });

  it('keeps the site text for empty fields and leaves out cookies without a name', () => {
    const content = consentContentOf(
      {
        message: '   ',
        categories: [
          {
            categoryId: 'analytics',
            name: '',
            description: 7,
            cookies: [{ provider: 'x' }, { name: '_c' }, 'junk'],
          },
        ],
      },
      IDS,
    );
    expect(content).toEqual({
      categories: [{ id: 'analytics', cookies: [{ name: '_c', provider: '', purpose: '', expiration: '' }] }],
    });
  });

  it('is null for no entry or an entry with nothing usable', () => {
    expect(consentContentOf(null, IDS)).toBeNull();
    expect(consentContentOf([], IDS)).toBeNull();
    expect(consentContentOf({ message: '', categories: 'x' }, IDS)).toBeNull();
  });

  it('bounds overlong text', () => {
    const content = consentContentOf({ message: 'x'.repeat(20_000) }, IDS);
    expect(content?.message).toHaveLength(5_000);
  });
});

describe('withCategoryTexts', () => {
  it('lays the wording over the site categories, keeping order and required flags', () => {
    const shown = withCategoryTexts(SITE, [
      { id: 'necessary', name: 'Essential' },
      { id: 'marketing', description: 'YouTube films.', cookies: [] },
    ]);
    expect(shown.map((c) => c.id)).toEqual(['necessary', 'analytics', 'marketing']);
    expect(shown[0]).toEqual({ ...SITE[0], name: 'Essential' });
    expect(shown[0]?.required).toBe(true);
    expect(shown[1]).toBe(SITE[1]);
    expect(shown[2]).toEqual({ ...SITE[2], description: 'YouTube films.', cookies: [] });
  });

  it('returns the site categories untouched without wording', () => {
    expect(withCategoryTexts(SITE, null)).toBe(SITE);
    expect(withCategoryTexts(SITE, [])).toBe(SITE);
  });
});
