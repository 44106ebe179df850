import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FRAMEWORK_CATALOGUES } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { BOOKING_FORM_ID, MAX_PLACES } from '../content/booking.js';
import { bookingForms } from '../content/booking-form.js';
import { CONTACT } from '../content/contact.js';
import { formatDateRange, formatDuration } from '../content/dates.js';
import { errorHeading } from '../content/error-page.js';
import { bookingText } from '../content/event-page.js';
import { EVENT_CATEGORIES, PAST_EVENT_LABEL } from '../content/events.js';
import { messages as enGB } from './en-GB.js';

// Every word a component asks `useText` for must be an English message of the catalogue:
// otherwise a Welsh page would show it in English, untranslated, and nothing would say so.

const components = fileURLToPath(new URL('../components/', import.meta.url));
const source = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

/**
 * The literal words of the `text('…')` calls in a component (also when wrapped onto lines of
 * their own), and the messages of its `message('…', values)` calls.
 */
function wordsAskedFor(code: string): string[] {
  return [
    ...code.matchAll(/\b(?:text\(\s*'((?:[^'\\]|\\.)*)',?\s*\)|message\(\s*'((?:[^'\\]|\\.)*)',)/g),
  ].map((m) => ((m[1] ?? m[2]) as string).replace(/\\'/g, "'"));
}

/** The words a page hands to a component that shows them in the page's words (fact terms, listing headings and counts). */
function wordsHandedOver(code: string): string[] {
  return [...code.matchAll(/\b(?:term|heading|count):\s*'([^']+)'/g)].map((m) => m[1] as string);
}

// The framework's words (the pager's, say) are in a page's words too.
const framework: Readonly<Record<string, string>> = (await FRAMEWORK_CATALOGUES['en-GB']?.())?.messages ?? {};
const english = new Set<string>([...Object.values(enGB), ...Object.values(framework)]);
const untranslated = (words: readonly string[]) => words.filter((word) => !english.has(word));

describe('the words the components ask for', () => {
  const files = readdirSync(components).filter((name) => name.endsWith('.tsx') && !name.includes('.test.'));
  const code = files.map((name) => readFileSync(`${components}${name}`, 'utf8'));

  it('are English messages of the catalogue', () => {
    const asked = code.flatMap(wordsAskedFor);
    expect(asked.length).toBeGreaterThan(60);
    expect(untranslated(asked)).toEqual([]);
  });

  it('include the fact terms and listing headings the pages hand to FactList and SectionListing', () => {
    const handed = code.flatMap(wordsHandedOver);
    expect(handed).toEqual(
      expect.arrayContaining([
        'Course code',
        'Type of event',
        'All staff',
        'Showing {first} to {last} of {total, plural, one {# page} other {# pages}}',
      ]),
    );
    expect(untranslated(handed)).toEqual([]);
  });

  it('include the names of the months and weekdays dates are written with, and the words of times', () => {
    const dates = source('../content/dates.ts');
    const names = (list: string) =>
      (new RegExp(`const ${list} = \\[([^\\]]+)\\]`).exec(dates)?.[1]?.match(/'[^']+'/g) ?? []).map((name) =>
        name.slice(1, -1),
      );
    expect(names('MONTHS')).toHaveLength(12);
    expect(names('WEEKDAYS')).toHaveLength(7);
    expect(untranslated([...names('MONTHS'), ...names('WEEKDAYS')])).toEqual([]);
    // Every word of a range with times: weekday, month, am, pm, "to".
    const range = formatDateRange('2026-01-09T10:00:00Z', '2026-01-09T16:30:00Z') ?? '';
    expect(untranslated(range.match(/[a-z]+/gi) ?? [])).toEqual([]);
  });

  it("include every course length the demo has, and the content's choices the pages show", () => {
    const lengths = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6].map((years) => formatDuration(years) ?? '');
    expect(untranslated(lengths)).toEqual([]);
    const levelsAndModes = ['Undergraduate', 'Postgraduate taught', 'Postgraduate research'];
    levelsAndModes.push('Full-time', 'Part-time', 'Distance learning');
    const newsCategories = ['Research', 'Student life', 'Campus', 'Partnerships', 'Awards', 'Community'];
    expect(untranslated([...levelsAndModes, ...newsCategories, ...EVENT_CATEGORIES])).toEqual([]);
    expect(untranslated([PAST_EVENT_LABEL, bookingText(true) ?? '', bookingText(false) ?? ''])).toEqual([]);
  });

  it("include every message of the booking form, and the booking page's hint with its number", () => {
    expect(bookingForms.map((form) => form.id)).toEqual([BOOKING_FORM_ID, BOOKING_FORM_ID]);
    const [form] = bookingForms;
    const messages = [
      ...Object.values(form.messages),
      ...form.fields.flatMap((field) => [
        field.required ?? '',
        'tooLong' in field ? field.tooLong : '',
        'invalid' in field ? (field.invalid ?? '') : '',
        'notFound' in field ? field.notFound : '',
        ...('conditions' in field ? (field.conditions ?? []).map((condition) => condition.message) : []),
      ]),
    ].filter((message) => message !== '');
    expect(messages.length).toBeGreaterThan(10);
    expect(untranslated(messages)).toEqual([]);
    expect(untranslated([`Up to ${MAX_PLACES} places, including yourself.`])).toEqual([]);
  });

  it("include the footer's address lines, but Aberwen (a name in both languages)", () => {
    expect(untranslated(CONTACT.address.filter((line) => line !== 'Aberwen'))).toEqual([]);
  });

  it("include the not-found page's headings and explanations", () => {
    const notFound = readFileSync(`${components}NotFoundPage.tsx`, 'utf8');
    const explanations = [...notFound.matchAll(/return '([^']+)';/g)].map((m) => m[1] as string);
    expect(explanations).toHaveLength(5);
    expect(untranslated(explanations)).toEqual([]);
    const headings = [undefined, 400, 403, 404, 405, 500, 502, 503].map(errorHeading);
    expect(new Set(headings).size).toBe(5);
    expect(untranslated(headings)).toEqual([]);
  });
});
