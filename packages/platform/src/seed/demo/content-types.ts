import type { Localised, SeedContentType, SeedField } from '../types.js';
import { STUDY_LEVELS, STUDY_MODES } from './subjects.js';
import { SUBJECTS_TAXONOMY_KEY } from './taxonomy.js';
import { DEMO_LANGUAGES } from './university.js';

/** Categories of news articles (the `newsArticle.category` allowed values). */
export const NEWS_CATEGORIES = [
  'Research',
  'Student life',
  'Campus',
  'Partnerships',
  'Awards',
  'Community',
] as const;

/** Categories of events (the `event.category` allowed values). */
export const EVENT_CATEGORIES = [
  'Open day',
  'Public lecture',
  'Exhibition',
  'Performance',
  'Workshop',
  'Sport',
] as const;

/** The most places one booking takes (the `booking.places` maximum). */
export const BOOKING_MAX_PLACES = 4;

/** Item types a `contentPage.body` composer accepts. */
export const COMPOSER_ITEM_TYPES = ['heading', 'markup', 'quote', 'image'] as const;

const en = (text: string): Localised<string> => ({ 'en-GB': text });

function field(
  id: string,
  name: string,
  dataType: string,
  dataFormat: string | null = null,
  extra: Partial<SeedField> = {},
): SeedField {
  return { id, name: en(name), dataType, dataFormat, groupId: 'main', ...extra };
}

const required = (label: string) => ({ required: { message: en(`${label} is required`) } });

const title = (label = 'Title'): SeedField =>
  field('title', label, 'string', null, {
    validations: { ...required(label), maxLength: { value: 200 } },
  });
const text = (id: string, name: string) => field(id, name, 'string');
const html = (id: string, name: string) => field(id, name, 'string', 'html');
const strings = (id: string, name: string) => field(id, name, 'stringArray');
const image = (id: string, name: string) =>
  field(id, name, 'object', 'image', { validations: { altTextRequired: {} } });
const link = (id: string, name: string, contentType: string) =>
  field(id, name, 'object', 'entry', {
    validations: { allowedContentTypes: { contentTypes: [contentType] } },
  });
const links = (id: string, name: string, contentType: string, maxCount: number) =>
  field(id, name, 'objectArray', 'entry', {
    validations: { allowedContentTypes: { contentTypes: [contentType] }, maxCount: { value: maxCount } },
  });
const choice = (id: string, name: string, values: readonly string[]) =>
  field(id, name, 'string', null, {
    validations: { ...required(name), allowedValues: { values: values.map(en) } },
  });

function contentType(
  id: string,
  name: string,
  description: string,
  fields: SeedField[],
  options: Partial<SeedContentType> = {},
): SeedContentType {
  return {
    id,
    name: en(name),
    description: en(description),
    dataFormat: 'entry',
    defaultLanguage: DEMO_LANGUAGES[0],
    supportedLanguages: [...DEMO_LANGUAGES],
    entryTitleField: 'title',
    fields,
    ...options,
  };
}

/**
 * The content types of the demo site (contract §1.5). The synthetic generator reuses them,
 * so benchmark entries have the same shapes as the demo's.
 */
export function demoContentTypes(): SeedContentType[] {
  return [
    contentType(
      'image',
      'Image',
      'Pictures in the image library',
      [
        title(),
        text('description', 'Description'),
        text('altText', 'Alternative text'),
        strings('keywords', 'Keywords'),
      ],
      { dataFormat: 'asset', entryDescriptionField: 'description', entryTagsField: 'keywords' },
    ),
    contentType(
      'document',
      'Document',
      'Downloadable files in the asset library',
      [title(), text('description', 'Description')],
      { dataFormat: 'asset', entryDescriptionField: 'description' },
    ),
    contentType(
      'homePage',
      'Home page',
      'The front page of the site',
      [
        title(),
        text('summary', 'Summary'),
        image('heroImage', 'Hero image'),
        html('introduction', 'Introduction'),
        links('featuredCourses', 'Featured courses', 'course', 8),
        links('featuredNews', 'Featured news', 'newsArticle', 6),
        text('callToAction', 'Call to action'),
      ],
      { entryDescriptionField: 'summary', entryThumbnailField: 'heroImage' },
    ),
    contentType(
      'contentPage',
      'Content page',
      'A general page built from headings, text, quotes and pictures',
      [
        title(),
        text('summary', 'Summary'),
        image('heroImage', 'Hero image'),
        field('body', 'Body', 'objectArray', 'field', {
          validations: {
            allowedFieldTypes: {
              fields: [
                { id: 'heading', name: en('Heading'), dataType: 'string', dataFormat: 'heading' },
                { id: 'markup', name: en('Rich text'), dataType: 'string', dataFormat: 'html' },
                { id: 'quote', name: en('Quote'), dataType: 'object', dataFormat: 'quote' },
                { id: 'image', name: en('Image'), dataType: 'object', dataFormat: 'image' },
              ],
            },
          },
        }),
        field('requiredGroups', 'Required groups', 'stringArray', null, {
          description: en('Visitors must belong to one of these groups; empty for a public page'),
        }),
      ],
      { entryDescriptionField: 'summary', entryThumbnailField: 'heroImage' },
    ),
    contentType(
      'course',
      'Course',
      'A degree or research programme',
      [
        title('Course title'),
        text('summary', 'Summary'),
        html('description', 'Description'),
        field('subject', 'Subject', 'object', 'taxonomy', {
          validations: { ...required('Subject'), taxonomyRoot: { key: SUBJECTS_TAXONOMY_KEY } },
        }),
        choice('studyLevel', 'Study level', STUDY_LEVELS),
        choice('studyMode', 'Study mode', STUDY_MODES),
        field('durationYears', 'Duration (years)', 'decimal', null, {
          validations: { min: { value: 0.5 }, max: { value: 8 }, decimalPlaces: { value: 1 } },
        }),
        field('startDate', 'Start date', 'dateTime'),
        text('courseCode', 'Course code'),
        image('heroImage', 'Hero image'),
        strings('tags', 'Tags'),
      ],
      { entryDescriptionField: 'summary', entryThumbnailField: 'heroImage', entryTagsField: 'tags' },
    ),
    contentType(
      'newsArticle',
      'News article',
      'News from around the university',
      [
        title('Headline'),
        text('standfirst', 'Standfirst'),
        html('body', 'Body'),
        field('publishDate', 'Publish date', 'dateTime', null, { validations: required('Publish date') }),
        choice('category', 'Category', NEWS_CATEGORIES),
        strings('tags', 'Tags'),
        link('author', 'Author', 'person'),
        image('heroImage', 'Hero image'),
        links('relatedCourses', 'Related courses', 'course', 4),
      ],
      { entryDescriptionField: 'standfirst', entryThumbnailField: 'heroImage', entryTagsField: 'tags' },
    ),
    contentType(
      'event',
      'Event',
      'Open days, lectures, performances and other events',
      [
        title(),
        text('summary', 'Summary'),
        html('description', 'Description'),
        field('eventDates', 'Dates', 'object', 'daterange', { validations: required('Dates') }),
        text('venueName', 'Venue'),
        field('location', 'Location', 'object', 'location', {
          editor: { properties: { showLatLon: true } },
        }),
        choice('category', 'Category', EVENT_CATEGORIES),
        field('bookingRequired', 'Booking required', 'boolean'),
        image('heroImage', 'Hero image'),
      ],
      { entryDescriptionField: 'summary', entryThumbnailField: 'heroImage' },
    ),
    contentType(
      'person',
      'Person',
      'Staff profiles',
      [
        title('Full name'),
        text('firstName', 'First name'),
        text('lastName', 'Last name'),
        text('jobTitle', 'Job title'),
        text('department', 'Department'),
        field('email', 'Email', 'string', null, {
          validations: { regex: { pattern: '^[^@\\s]+@[^@\\s]+$' } },
        }),
        html('bio', 'Biography'),
        image('photo', 'Photo'),
        strings('expertise', 'Expertise'),
      ],
      { entryDescriptionField: 'jobTitle', entryThumbnailField: 'photo', entryTagsField: 'expertise' },
    ),
    contentType(
      'searchPage',
      'Search page',
      'The site search',
      [title(), text('introduction', 'Introduction')],
      { entryDescriptionField: 'introduction' },
    ),
    contentType(
      'booking',
      'Booking',
      'A place at an event that needs booking, taken through the website (never published: bookings hold visitors’ details)',
      [
        title('Name'),
        field('email', 'Email', 'string', null, {
          validations: {
            ...required('Email'),
            maxLength: { value: 254 },
            regex: { pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
          },
        }),
        field('places', 'Places', 'integer', null, {
          validations: { ...required('Places'), min: { value: 1 }, max: { value: BOOKING_MAX_PLACES } },
        }),
        field('event', 'Event', 'object', 'entry', {
          validations: { ...required('Event'), allowedContentTypes: { contentTypes: ['event'] } },
        }),
      ],
    ),
    contentType(
      'cookieConsent',
      'Cookie consent',
      "The wording of the cookie popup and preferences panel, over the site's own (the newest published entry counts)",
      [
        title(),
        html('message', 'Popup message'),
        field('categories', 'Categories', 'objectArray', 'field', {
          description: en(
            'Wording of a category the site declares: { categoryId, name, description, cookies: [{ name, provider, purpose, expiration }] }',
          ),
          validations: {
            allowedFieldTypes: {
              fields: [{ id: 'category', name: en('Category'), dataType: 'object', dataFormat: null }],
            },
          },
        }),
      ],
    ),
  ];
}
