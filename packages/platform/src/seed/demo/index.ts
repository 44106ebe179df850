import type { SeedContent, SeedDeliveryToken, SeedEntry } from '../types.js';
import { demoContentTypes } from './content-types.js';
import { courseEntries, courseRecords } from './courses.js';
import { eventEntries, eventRecords } from './events.js';
import { documentEntries, imageEntries } from './images.js';
import { newsEntries, newsRecords } from './news.js';
import { demoNodes } from './nodes.js';
import { pageRecords } from './pages.js';
import { peopleEntries, peopleRecords } from './people.js';
import { subjectTaxonomy } from './taxonomy.js';
import { DEMO_LANGUAGES, DEMO_PROJECT_ID, UNIVERSITY } from './university.js';

export { stableGuid } from './ids.js';

/** Options of {@link demoContent}. */
export interface DemoContentOptions {
  /** Delivery tokens to create with the project; none by default (the platform decides). */
  deliveryTokens?: SeedDeliveryToken[];
}

/**
 * The demo site: a fictional bilingual university with courses, news, events, staff
 * profiles, an about section, a search page and two restricted pages.
 *
 * Pure and deterministic: every call builds fresh objects with identical content (fixed
 * dates around 2026-09-01, ids derived from names, seeded randomness), so a reseed never
 * changes ids or text.
 *
 * @example
 * const content = demoContent({ deliveryTokens: [{ name: 'site', value: 'dev-token', canPreview: true }] });
 */
export function demoContent(options: DemoContentOptions = {}): SeedContent {
  const people = peopleRecords();
  const courses = courseRecords();
  const news = newsRecords(people, courses);
  const events = eventRecords(people);
  const pages = pageRecords(courses, news);
  const entries: SeedEntry[] = [
    ...imageEntries(),
    ...documentEntries(),
    ...peopleEntries(people),
    ...courseEntries(courses),
    ...newsEntries(news),
    ...eventEntries(events),
    ...pages.map((page) => page.entry),
  ];
  return {
    project: {
      id: DEMO_PROJECT_ID,
      name: UNIVERSITY.name,
      description: `Public website of ${UNIVERSITY.name}, a fictional university on the west coast of Wales`,
      primaryLanguage: DEMO_LANGUAGES[0],
      supportedLanguages: [...DEMO_LANGUAGES],
      deliverySysExclusions: [],
      color: 'teal',
    },
    contentTypes: demoContentTypes(),
    entries,
    nodes: demoNodes(pages, { courses, news, events, people }),
    taxonomy: subjectTaxonomy(),
    deliveryTokens: options.deliveryTokens ? options.deliveryTokens.map((t) => ({ ...t })) : [],
  };
}
