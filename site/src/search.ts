import { defineSearch, type SearchQueryParams } from '@canopy/web';
import { CARD_FIELDS } from './content/cards.js';
import {
  categorySlug,
  EVENT_CATEGORIES,
  EVENT_PERIODS,
  LISTING_PERIODS,
  NOT_PAST_EVENTS,
  UPCOMING,
} from './content/events.js';

/** What a card shows: its fields and the page address. */
const CARD_RESULT_FIELDS = [...CARD_FIELDS, 'sys.uri'];

/**
 * What a search result shows: a card's fields, the course subject, and the page's own text
 * (courses' and events' description, news articles' body, people's biography), where the
 * snippet comes from when the summary does not hold the words searched for.
 */
const RESULT_FIELDS = [...CARD_RESULT_FIELDS, 'subject', 'description', 'body', 'bio'];

/**
 * What the term matches: whole words (with their stems, the last word's beginning and small
 * typos, `fuzzySearch`) in the title first, then the keywords, then the summary, and the rest
 * of the page's text unweighted (`searchContent`). Never addresses (`sys.allUris`): a substring
 * of a URI is not a word ("sea" would find every "research" page).
 */
const SEARCH_FIELDS = [
  { fieldId: 'entryTitle', weight: 10 },
  { fieldId: 'entryTags', weight: 5 },
  { fieldId: 'entryDescription', weight: 3 },
];

const common: SearchQueryParams = {
  fields: RESULT_FIELDS,
  // The page's own text is there for the snippet: a page inlines it only for results whose snippet it is.
  snippetFields: ['description', 'body', 'bio'],
  includeInSearch: ['sys.metadata.includeInSearch'],
  pageSize: 10,
  weightedSearchFields: SEARCH_FIELDS,
  fuzzySearch: true,
  omitDefaultSearchFields: ['allUris'],
};

/** What a listing page loads: a card's fields with its picture, twelve at a time, "load more" for the next. */
const listing: SearchQueryParams = {
  ...common,
  // Listings show cards, without the subject a search result names.
  fields: CARD_RESULT_FIELDS,
  loadMorePaging: true,
  pageSize: 12,
  // Cards show the picture, with its width and height.
  linkDepth: 1,
};

/** Values of the study level, mode and news category filters. */
const STUDY_LEVELS = ['Undergraduate', 'Postgraduate taught', 'Postgraduate research'];
const STUDY_MODES = ['Full-time', 'Part-time', 'Distance learning'];
const NEWS_CATEGORIES = ['Research', 'Student life', 'Campus', 'Partnerships', 'Awards', 'Community'];
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
 * page and related courses on a course page; the `/news`, `/events`, `/courses` and
 * `/people` listing pages (loaded twelve at a time with "load more").
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
        // Events still to come only: past ones are the events facet's explicit "Past events".
        customWhere: [NOT_PAST_EVENTS],
        // Featured only when the term is in a course's title or keywords, not merely mentioned.
        featuredResults: { contentTypeId: 'course', count: 2, searchFields: SEARCH_FIELDS.slice(0, 2) },
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
        // Upcoming (soonest first) unless the visitor chooses a period or past events; each
        // period shows its count. The platform resolves the dates when it searches.
        when: {
          title: 'When',
          isSingleSelect: true,
          defaultKey: UPCOMING,
          items: [...EVENT_PERIODS],
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
        // Minilists show cards, without the subject a search result names.
        fields: CARD_RESULT_FIELDS,
        contentTypeIds: ['newsArticle'],
        orderBy: ['-publishDate'],
        pageSize: 3,
        useSearchTerm: false,
        // Cards show the picture, with its width and height.
        linkDepth: 1,
      },
      filters: {
        // The home page leaves out the stories it features ("In the news"), so none shows twice.
        exclude: { title: 'Not featured', fieldId: 'sys.id', logicOperator: 'not', renderable: false },
      },
    },
    // On a course page: other courses of its subject (the page gives the subject and itself).
    relatedCourses: {
      title: 'Related courses',
      queryParams: {
        ...common,
        // Minilists show cards, without the subject a search result names.
        fields: CARD_RESULT_FIELDS,
        contentTypeIds: ['course'],
        orderBy: ['entryTitle'],
        pageSize: 3,
        useSearchTerm: false,
        linkDepth: 1,
      },
      filters: {
        subject: { title: 'Subject', fieldId: 'subject.key', renderable: false },
        exclude: { title: 'Not this course', fieldId: 'sys.id', logicOperator: 'not', renderable: false },
      },
    },
  },
  listings: {
    news: {
      title: 'News',
      path: '/news',
      queryParams: {
        ...listing,
        contentTypeIds: ['newsArticle'],
        orderBy: ['-publishDate'],
        useSearchTerm: false,
      },
    },
    events: {
      title: 'Events',
      path: '/events',
      queryParams: {
        ...listing,
        contentTypeIds: ['event'],
        orderBy: ['eventDates.from'],
        useSearchTerm: false,
      },
      filters: {
        // Upcoming (not over yet, soonest first) unless the address asks for past events.
        // The platform resolves now() when it searches, so the listing never goes stale.
        when: {
          title: 'When',
          isSingleSelect: true,
          defaultKey: UPCOMING,
          renderable: false,
          items: [...LISTING_PERIODS],
        },
        category: {
          title: 'Category',
          isSingleSelect: true,
          renderable: false,
          items: EVENT_CATEGORIES.map((name) => ({
            key: categorySlug(name),
            title: name,
            where: [{ field: 'category', equalTo: name }],
          })),
        },
      },
    },
    courses: {
      title: 'Courses',
      path: '/courses',
      queryParams: { ...listing, contentTypeIds: ['course'], orderBy: ['entryTitle'] },
      filters: {
        subject: { title: 'Subject', fieldId: 'subject.key', path: 'Root/Subjects' },
        level: {
          title: 'Study level',
          fieldId: 'studyLevel',
          items: STUDY_LEVELS.map((key) => ({ key, title: key })),
        },
        mode: {
          title: 'Mode of study',
          fieldId: 'studyMode',
          items: STUDY_MODES.map((key) => ({ key, title: key })),
        },
      },
    },
    people: {
      title: 'People',
      path: '/people',
      queryParams: {
        ...listing,
        contentTypeIds: ['person'],
        orderBy: ['lastName', 'firstName'],
        // Name first, then department and expertise; the rest of the profile (biography) last.
        weightedSearchFields: [
          { fieldId: 'entryTitle', weight: 10 },
          { fieldId: 'department', weight: 5 },
          { fieldId: 'expertise', weight: 5 },
          { fieldId: 'jobTitle', weight: 2 },
        ],
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
