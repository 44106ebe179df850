import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wordsMessageOf } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { messages as frameworkEnGB } from '../../../packages/web/src/i18n/messages/en-GB.js';
import { COURSE_WORDS, EVENT_WORDS, NEWS_WORDS, PEOPLE_WORDS } from '../components/listings/listing-words.js';
import { SORT_LABELS, search } from '../search.js';
import { messages as enGB } from './en-GB.js';

// The search and listing pages in Welsh: every word their components ask `useWords` or
// `useWordsMessage` for, and every title of the search configuration the framework's
// components show, is an English message of the demo's or the framework's catalogue, so a
// Welsh page shows it in Welsh and nothing is left in English unnoticed.

const components = fileURLToPath(new URL('../components/', import.meta.url));
const SEARCH_COMPONENTS = [
  ...readdirSync(components).filter((name) => /^(Search\w*|Pager)\.tsx$/.test(name)),
  ...readdirSync(`${components}listings`)
    .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
    .map((name) => `listings/${name}`),
];

/** The literal first arguments of `text('…')` and `message('…'` calls. */
function wordsAskedFor(code: string): string[] {
  return [...code.matchAll(/\b(?:text|message)\(\s*'((?:[^'\\]|\\.)*)'/g)].map((m) =>
    (m[1] as string).replace(/\\'/g, "'"),
  );
}

/** The literal values of a `const NAME = { … }` map or `[{ …: '…' }]` list in a component. */
function constantWords(code: string, name: string, field = '\\w+'): string[] {
  const body =
    new RegExp(`const ${name}[^=]*= ([\\[{][\\s\\S]*?[\\]}])(?: as const)?;`).exec(code)?.[1] ?? '';
  return [...body.matchAll(new RegExp(`(?:${field}): '([^']+)'`, 'g'))].map((m) => m[1] as string);
}

/** Every `title` of the search configuration: tabs, facets, filters and their items. */
function titlesOf(value: unknown, titles: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) titlesOf(item, titles);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A filter never shown keeps its title to itself (its items may still be shown, as categories).
    if (typeof record.title === 'string' && record.renderable !== false) titles.push(record.title);
    for (const [key, child] of Object.entries(record)) if (key !== 'title') titlesOf(child, titles);
  }
  return titles;
}

describe('the words of the search and listing pages', () => {
  const known = new Set<string | null>(
    [...Object.values(enGB), ...Object.values(frameworkEnGB)].map(wordsMessageOf),
  );
  const untranslated = (words: readonly string[]) => words.filter((word) => !known.has(word));
  const code = SEARCH_COMPONENTS.map((name) => readFileSync(`${components}${name}`, 'utf8'));

  it('are messages of the catalogues, where the components ask for them', () => {
    expect(SEARCH_COMPONENTS).toEqual(
      expect.arrayContaining(['SearchPage.tsx', 'listings/EventsListing.tsx']),
    );
    const asked = code.flatMap(wordsAskedFor);
    expect(asked.length).toBeGreaterThan(20);
    expect(untranslated(asked)).toEqual([]);
  });

  it('include the words kept in constants: listings, result types, suggestions, no-match sentences', () => {
    const all = code.join('\n');
    const constants = [
      ...[COURSE_WORDS, PEOPLE_WORDS, NEWS_WORDS, EVENT_WORDS].flatMap((words) => Object.values(words)),
      ...constantWords(all, 'TYPE_NAMES'),
      ...constantWords(all, 'NO_MATCH'),
      ...constantWords(all, 'SUGGESTION_TYPES', 'label'),
      ...constantWords(all, 'TIMES', 'label|heading'),
    ];
    expect(constants).toEqual(
      expect.arrayContaining(['Course', 'No pages match “{term}”', 'People', 'Upcoming']),
    );
    expect(untranslated(constants)).toEqual([]);
  });

  it("include every title of the search configuration and the sort orders' names", () => {
    const titles = [...titlesOf(search), ...Object.values(SORT_LABELS)];
    expect(titles).toEqual(expect.arrayContaining(['Study', 'Study level', 'Open day', 'Best match']));
    expect(untranslated(titles)).toEqual([]);
  });
});
