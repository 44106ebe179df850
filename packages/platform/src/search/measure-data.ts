import type { EntryJson } from './types.js';

/**
 * Deterministic synthetic entries for measuring the search engine at scale (`measure.ts`):
 * three content types with the field kinds real content has — text, HTML, composer, tags,
 * dates, numbers, booleans, links and locations — about 35 indexed values per entry.
 */

/** A tiny seeded PRNG (mulberry32), so every run measures the same data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ba',
  'ca',
  'de',
  'fo',
  'ga',
  'hi',
  'jo',
  'ka',
  'lu',
  'me',
  'ni',
  'po',
  'ra',
  'si',
  'tu',
  've',
];

/** 4 000 pseudo-words; low indexes are drawn far more often (Zipf-like), as in real text. */
export const WORDS: string[] = Array.from({ length: 4000 }, (_, i) => {
  let n = i;
  let word = '';
  do {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return `${word}${i % 7 === 0 ? 'n' : ''}`;
});

/** Tag values of the synthetic entries. */
export const TAGS = Array.from({ length: 40 }, (_, i) => `tag${i}`);
/** Category values of the synthetic entries. */
export const CATEGORIES = ['News', 'Events', 'Research', 'Sport', 'Arts', 'Health', 'Business', 'Travel'];
/** Content types of the synthetic entries. */
export const CONTENT_TYPES = ['article', 'event', 'profile'];

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

function word(rand: () => number): string {
  // Squaring skews towards the start of the list.
  return WORDS[Math.floor(rand() ** 2 * WORDS.length)]!;
}

function sentence(rand: () => number, words: number): string {
  return Array.from({ length: words }, () => word(rand)).join(' ');
}

function isoDate(epoch: number): string {
  return new Date(epoch).toISOString().replace('.000Z', 'Z');
}

/** The `i`-th synthetic entry (deterministic), in project `projectId`. */
export function syntheticEntry(i: number, projectId: string): EntryJson {
  const rand = random(i + 1);
  const contentTypeId = CONTENT_TYPES[i % CONTENT_TYPES.length]!;
  const title = `${sentence(rand, 3)} ${i}`;
  const created = Date.UTC(2015, 0, 1) + Math.floor(rand() * 10 * 365 * 86_400_000);
  const published = created + Math.floor(rand() * 5 * 86_400_000);
  const sys = {
    id: `e0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    projectId,
    contentTypeId,
    dataFormat: 'entry',
    language: 'en-GB',
    availableLanguages: ['en-GB'],
    slug: `entry-${i}`,
    uri: `/${contentTypeId}/entry-${i}`,
    allUris: [`/${contentTypeId}/entry-${i}`],
    owner: 'editor',
    isPublished: true,
    metadata: { includeInSearch: true },
    properties: {},
    workflow: { id: 'contensisEntryBasic', state: 'versionComplete' },
    version: {
      createdBy: 'editor',
      created: isoDate(created),
      modifiedBy: 'editor',
      modified: isoDate(published),
      publishedBy: 'editor',
      published: isoDate(published),
      versionNo: '1.0',
    },
  };
  const tags = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(rand, TAGS));
  return {
    title,
    summary: sentence(rand, 18),
    body: [
      { type: 'heading', value: sentence(rand, 4) },
      { type: 'markup', value: `<p>${sentence(rand, 40)}</p><p>${sentence(rand, 30)}</p>` },
    ],
    category: pick(rand, CATEGORIES),
    tags,
    rating: Math.floor(rand() * 100),
    featured: rand() < 0.1,
    publishDate: isoDate(published),
    location: { lat: 50 + rand() * 8, lon: -6 + rand() * 8 },
    author: {
      sys: {
        id: `a0000000-0000-4000-8000-${String(i % 500).padStart(12, '0')}`,
        contentTypeId: 'person',
        dataFormat: 'entry',
        language: 'en-GB',
        uri: `/people/person-${i % 500}`,
      },
    },
    ...(contentTypeId === 'event'
      ? {
          eventDates: {
            from: isoDate(published + 86_400_000 * 30),
            to: isoDate(published + 86_400_000 * 31),
          },
        }
      : {}),
    entryTitle: title,
    entryDescription: sentence(rand, 12),
    entryTags: tags,
    sys,
  };
}
