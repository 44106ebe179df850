import { defineSearch, type SearchQueryParams } from '@canopy/web';
import { CARD_FIELDS } from './content/cards.js';

/** What a search result shows: a card's fields and the page address. */
const RESULT_FIELDS = [...CARD_FIELDS, 'sys.uri', 'subject'];

const common: SearchQueryParams = {
  fields: RESULT_FIELDS,
  includeInSearch: ['sys.metadata.includeInSearch'],
  pageSize: 10,
};

/** Values of the study level, news category and event period filters. */
const STUDY_LEVELS = ['Undergraduate', 'Postgraduate taught', 'Postgraduate research'];
const NEWS_CATEGORIES = ['Research', 'Student life', 'Campus', 'Partnerships', 'Awards', 'Community'];
const EVENT_PERIODS = [
  { key: '2026-01-01--2026-04-30T23:59', title: 'January to April 2026' },
  { key: '2026-05-01--2026-08-31T23:59', title: 'May to August 2026' },
  { key: '2026-09-01--2026-12-31T23:59', title: 'September to December 2026' },
  { key: '2027-01-01--2027-04-30T23:59', title: 'January to April 2027' },
  { key: '2027-05-01--2027-08-31T23:59', title: 'May to August 2027' },
  { key: '2027-09-01--2027-12-31T23:59', title: 'September to December 2027' },
];
/** Places an event can be near: `lat lon distance`. */
const PLACES = [
  { key: '52.2071 -4.2952', title: 'Aberwen (10 miles)' },
  { key: '52.4153 -4.0877 25mi', title: 'Aberystwyth (25 miles)' },
  { key: '51.4637 -3.1655 25mi', title: 'Cardiff (25 miles)' },
  { key: '51.5219 -0.1262 25mi', title: 'London (25 miles)' },
];

/**
 * The search of Aberwen University's site: a "Study" tab with courses and an "Everything"
 * tab with all pages, news, events and people; the latest news as a minilist on the home
 * page. The `/news` and `/events` listings are configured for `listingRoute` but the site
 * still shows those sections as content pages.
 */
export const search = defineSearch({
  tabs: [
    { id: 0, title: 'Study', defaultFacet: 'courses' },
    { id: 1, title: 'Everything', defaultFacet: 'all' },
  ],
  facets: {
    courses: {
      title: 'Courses',
      tabId: 0,
      queryParams: {
        ...common,
        contentTypeIds: ['course'],
        dynamicOrderBy: ['', 'entryTitle'],
      },
      filters: {
        subject: { title: 'Subject', fieldId: 'subject.key', path: 'Root/Subjects' },
        level: {
          title: 'Study level',
          fieldId: 'studyLevel',
          items: STUDY_LEVELS.map((key) => ({ key, title: key })),
        },
      },
    },
    all: {
      title: 'All results',
      tabId: 1,
      queryParams: {
        ...common,
        contentTypeIds: ['course', 'newsArticle', 'event', 'person', 'contentPage'],
        featuredResults: { contentTypeId: 'course', count: 2 },
      },
      filters: {
        contentTypeId: {
          title: 'Type',
          fieldId: 'sys.contentTypeId',
          items: [
            { key: 'course', title: 'Courses' },
            { key: 'newsArticle', title: 'News' },
            { key: 'event', title: 'Events' },
            { key: 'person', title: 'People' },
            { key: 'contentPage', title: 'Pages' },
          ],
        },
      },
    },
    news: {
      title: 'News',
      tabId: 1,
      queryParams: {
        ...common,
        contentTypeIds: ['newsArticle'],
        dynamicOrderBy: ['-publishDate', 'publishDate'],
      },
      filters: {
        category: {
          title: 'Category',
          fieldId: 'category',
          items: NEWS_CATEGORIES.map((key) => ({ key, title: key })),
        },
      },
    },
    events: {
      title: 'Events',
      tabId: 1,
      queryParams: {
        ...common,
        contentTypeIds: ['event'],
        dynamicOrderBy: ['eventDates.from', '-eventDates.from'],
      },
      filters: {
        when: {
          title: 'When',
          fieldId: 'eventDates.from',
          fieldOperator: 'between',
          isSingleSelect: true,
          items: EVENT_PERIODS,
        },
        near: {
          title: 'Near',
          fieldId: 'location',
          fieldOperator: 'distanceWithin',
          isSingleSelect: true,
          items: PLACES,
        },
      },
    },
    people: {
      title: 'People',
      tabId: 1,
      queryParams: { ...common, contentTypeIds: ['person'], dynamicOrderBy: ['', 'entryTitle'] },
    },
  },
  minilists: {
    latestNews: {
      title: 'Latest news',
      queryParams: {
        ...common,
        contentTypeIds: ['newsArticle'],
        orderBy: ['-publishDate'],
        pageSize: 3,
        useSearchTerm: false,
        // Cards show the picture, with its width and height.
        linkDepth: 1,
      },
    },
  },
  listings: {
    news: {
      title: 'News',
      path: '/news',
      queryParams: {
        ...common,
        contentTypeIds: ['newsArticle'],
        orderBy: ['-publishDate'],
        loadMorePaging: true,
        pageSize: 12,
        useSearchTerm: false,
      },
    },
    events: {
      title: 'Events',
      path: '/events',
      queryParams: {
        ...common,
        contentTypeIds: ['event'],
        orderBy: ['eventDates.from'],
        loadMorePaging: true,
        pageSize: 12,
        useSearchTerm: false,
      },
    },
  },
});

/** Sort names of the facets' `dynamicOrderBy` keys. */
export const SORT_LABELS: Readonly<Record<string, string>> = {
  '': 'Best match',
  entryTitle: 'Title (A to Z)',
  '-publishDate': 'Newest first',
  publishDate: 'Oldest first',
  'eventDates.from': 'Soonest first',
  '-eventDates.from': 'Latest first',
};
