import { type ContentTypeMapping, lazyComponent, minilistLoader } from '@canopy/web';
import { CARD_FIELDS } from './content/cards.js';
import { subjectOf } from './content/course.js';
import { type ContentPageEntry, mapContentType } from './content/generated/content-types.js';
import { featuredNewsIds } from './content/home-news.js';
import { search } from './search.js';

/** Groups a content page names in its `requiredGroups` field, or none for a public page. */
export function requiredGroups(entry: ContentPageEntry): string[] | false {
  const groups = entry.requiredGroups;
  return Array.isArray(groups) && groups.length > 0
    ? groups.filter((g): g is string => typeof g === 'string')
    : false;
}

/** The width and height of image assets (their `sys.properties`), which a field selection leaves out otherwise. */
const IMAGE_SIZE_FIELDS = ['sys.properties.width', 'sys.properties.height'] as const;

/** Title and description of the page itself: the page title and meta description read them. */
const PAGE_FIELDS = ['entryTitle', 'entryDescription'] as const;

// How much each page loads. The framework reads the node with its whole entry at link depth 2
// in one call; a mapping that asks for other fields or depths costs a second call for the
// entry. Pages whose only links are their pictures (content pages, courses, events, people)
// keep that first read: depth 2 resolves every image asset with its width and height. The
// home page and news articles link other pages, and depth 2 would bring those pages' own
// links along (about 90 kB for the home page, 20 kB for an article, all of it inlined in the
// HTML), so they name the fields and depths they show instead (15 kB and 5 kB).

// Each page's code loads with its route (the framework preloads it with the page's data, and
// a server-rendered page names its chunk in the HTML), so a page carries no other page's code.
const HomePage = lazyComponent(() => import('./components/HomePage.js').then((m) => m.HomePage));
const ContentPage = lazyComponent(() => import('./components/ContentPage.js').then((m) => m.ContentPage));
const CoursePage = lazyComponent(() => import('./components/CoursePage.js').then((m) => m.CoursePage));
const NewsArticlePage = lazyComponent(() =>
  import('./components/NewsArticlePage.js').then((m) => m.NewsArticlePage),
);
const EventPage = lazyComponent(() => import('./components/EventPage.js').then((m) => m.EventPage));
const PersonPage = lazyComponent(() => import('./components/PersonPage.js').then((m) => m.PersonPage));

/**
 * Which component renders each content type of the demo, and what it loads with it.
 * `mapContentType` (generated with the content types) checks each component against the
 * entry type of its content type.
 */
export const contentTypeMappings: ContentTypeMapping[] = [
  mapContentType({
    // Featured courses and news are cards: the linked pages at depth 1, and their pictures.
    contentTypeId: 'homePage',
    component: HomePage,
    fields: [
      ...PAGE_FIELDS,
      'title',
      'heroImage',
      'introduction',
      'callToAction',
      'featuredCourses',
      'featuredNews',
      ...CARD_FIELDS,
      ...IMAGE_SIZE_FIELDS,
    ],
    linkDepth: 1,
    fieldLinkDepths: { 'featuredCourses.heroImage': 1, 'featuredNews.heroImage': 1 },
    // The three newest articles the page does not feature already, searched with the page.
    ...minilistLoader(search, 'latestNews', {
      language: 'page',
      filters: (entry) => ({ exclude: featuredNewsIds(entry) }),
    }),
  }),
  mapContentType({
    // Members and staff pages name the groups that may see them. Sub-pages are listed as
    // cards (a section's courses, news, events or people), with the fields a card shows.
    contentTypeId: 'contentPage',
    component: ContentPage,
    requireLogin: requiredGroups,
    nodeOptions: { children: { fields: CARD_FIELDS, linkDepth: 1 } },
  }),
  mapContentType({
    // No siblings (the section's sixty other courses, about 70 kB of state): related courses
    // are three others of the same subject, searched with the page.
    contentTypeId: 'course',
    component: CoursePage,
    ...minilistLoader(search, 'relatedCourses', {
      language: 'page',
      filters: (entry) => {
        const subject = subjectOf(entry);
        return subject ? { subject: [subject.key], exclude: [entry.sys.id] } : null;
      },
    }),
  }),
  mapContentType({
    // The author (with their photo) and related courses are resolved one level deep.
    contentTypeId: 'newsArticle',
    component: NewsArticlePage,
    fields: [
      ...PAGE_FIELDS,
      'title',
      'standfirst',
      'body',
      'publishDate',
      'category',
      'tags',
      'heroImage',
      'author',
      'relatedCourses',
      // …of the author and the related courses:
      'jobTitle',
      'photo',
      'studyLevel',
      ...IMAGE_SIZE_FIELDS,
    ],
    linkDepth: 1,
    fieldLinkDepths: { 'author.photo': 1 },
  }),
  mapContentType({ contentTypeId: 'event', component: EventPage }),
  mapContentType({ contentTypeId: 'person', component: PersonPage }),
];
