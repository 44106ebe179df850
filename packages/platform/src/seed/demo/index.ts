import type { SeedContent, SeedDeliveryToken, SeedEntry } from '../types.js';
import { demoContentTypes } from './content-types.js';
import { courseEntries, courseRecords } from './courses.js';
import { demoToday } from './dates.js';
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
  /**
   * The day the demo is seeded on (an ISO date), default the current day (UTC). Events and
   * course start dates are placed around it, so the demo has upcoming events and next
   * intakes whenever it is seeded; tests pass a fixed day.
   */
  today?: string;
}

/**
 * The demo site: a fictional bilingual university with courses, news, events, staff
 * profiles, an about section, a search page and two restricted pages.
 *
 * Pure and deterministic for a given day: every call builds fresh objects with identical
 * content (ids derived from names, seeded randomness; the news and page history dated around
 * 2026-09-01, the calendar of events and course intakes around `today`), so a reseed never
 * changes ids, and on the same day never changes anything.
 *
 * @example
 * const content = demoContent({ deliveryTokens: [{ name: 'site', value: 'dev-token', canPreview: true }] });
 * const fixed = demoContent({ today: '2027-03-15' }); // the same calendar whenever it runs
 */
export function demoContent(options: DemoContentOptions = {}): SeedContent {
  const today = demoToday(options.today);
  const people = peopleRecords();
  const courses = courseRecords(today);
  const news = newsRecords(people, courses);
  const events = eventRecords(people, today);
  const pages = pageRecords(courses, news);
  const entries: SeedEntry[] = [
    ...imageEntries(),
    ...documentEntries(),
    ...peopleEntries(people),
    ...courseEntries(courses),
    ...newsEntries(news),
    ...eventEntries(events, today),
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
