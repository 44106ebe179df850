// Entries as the delivery API returns them for the demo content (shapes taken from the local
// platform's answers for the Aberwen seed), small enough to read in a test.
import type { Entry, RouteNode } from '@canopy/web';

type Fields = Record<string, unknown>;

/** An entry of a content type with the given fields, at `uri`. */
export function entry(contentTypeId: string, uri: string | null, fields: Fields): Entry {
  const title = typeof fields.title === 'string' ? fields.title : undefined;
  return {
    ...fields,
    ...(title ? { entryTitle: title } : {}),
    sys: {
      id: `${contentTypeId}-${uri ?? 'asset'}`,
      contentTypeId,
      dataFormat: 'entry',
      language: 'en-GB',
      uri,
      versionStatus: 'published',
    },
  };
}

/** An image field value with its asset resolved (width and height in `sys.properties`). */
export function image(uri: string, altText: string, size = { width: 1200, height: 675 }, caption?: string) {
  return {
    asset: {
      title: altText,
      altText,
      entryTitle: altText,
      sys: {
        id: `image-${uri}`,
        contentTypeId: 'image',
        dataFormat: 'asset',
        language: 'en-GB',
        uri,
        versionStatus: 'published',
        properties: { filename: uri.split('/').at(-1), ...size },
      },
    },
    altText,
    ...(caption ? { caption } : {}),
  };
}

/** An image field value whose asset was not resolved (past the link depth). */
export function unresolvedImage(uri: string, altText: string) {
  return {
    asset: {
      sys: { id: `image-${uri}`, contentTypeId: 'image', dataFormat: 'asset', language: 'en-GB', uri },
    },
    altText,
  };
}

export const marineBiology = entry('course', '/courses/bsc-marine-biology', {
  title: 'BSc Marine Biology',
  summary:
    'Learn marine biology in small groups, from Marine Ecology in your first year to an independent project in your last.',
  description:
    '<p>Marine Biology at Aberwen University is the study of life in the sea.</p><h3>What you will study</h3><p>Modules include Marine Ecology and Oceanography.</p><h3>Careers</h3><p>Graduates go on to careers in conservation.</p>',
  subject: {
    key: '0/1/4/1',
    name: 'Marine Biology',
    path: 'Root/Subjects/Life and Environmental Sciences/Marine Biology',
    hasChildren: false,
  },
  studyLevel: 'Undergraduate',
  studyMode: 'Full-time',
  durationYears: 3,
  startDate: '2026-09-21T09:00:00Z',
  courseCode: 'MARB-U124',
  heroImage: image(
    '/image-library/courses/marine-biology.svg',
    'Illustration of hills under a coloured sky with the title Marine Biology',
  ),
  tags: ['marine biology', 'undergraduate', 'full-time'],
  entryDescription:
    'Learn marine biology in small groups, from Marine Ecology in your first year to an independent project in your last.',
});

export const tomosGriffiths = entry('person', '/people/tomos-griffiths', {
  title: 'Tomos Griffiths',
  firstName: 'Tomos',
  lastName: 'Griffiths',
  jobTitle: 'Press Officer',
  department: 'Communications and Marketing',
  email: 'tomos.griffiths@aberwen.ac.example',
  bio: '<p>Tomos Griffiths writes news about research and student achievements.</p><p>He joined the press office after several years as a reporter.</p>',
  photo: image('/image-library/people/portrait-04.svg', 'Profile placeholder for Tomos Griffiths', {
    width: 600,
    height: 600,
  }),
  expertise: ['News writing', 'Social media'],
  entryDescription: 'Press Officer',
});

export const nursingVolunteers = entry(
  'newsArticle',
  '/news/nursing-volunteers-help-out-in-local-primary-schools',
  {
    title: 'Nursing volunteers help out in local primary schools',
    standfirst: 'Student volunteers have given more than a thousand hours to classroom projects this year.',
    body: '<p>Student volunteers have given more than a thousand hours to classroom projects this year.</p><p>Find out more on the <a href="/courses/bsc-adult-nursing">BSc Adult Nursing</a> course page.</p>',
    publishDate: '2026-08-24T10:15:00Z',
    category: 'Community',
    tags: ['nursing', 'community', 'volunteering'],
    author: tomosGriffiths,
    heroImage: image('/image-library/news/community.svg', 'Illustration with the heading Community'),
    relatedCourses: [
      entry('course', '/courses/bsc-adult-nursing', {
        title: 'BSc Adult Nursing',
        studyLevel: 'Undergraduate',
      }),
      entry('course', '/courses/msc-advanced-clinical-practice', {
        title: 'MSc Advanced Clinical Practice',
        studyLevel: 'Postgraduate taught',
      }),
      // A link past the link depth: only its sys, nothing to show.
      { sys: { id: 'c3', contentTypeId: 'course', dataFormat: 'entry', uri: '/courses/llb-law' } },
    ],
    entryDescription:
      'Student volunteers have given more than a thousand hours to classroom projects this year.',
  },
);

export const openDay = entry('event', '/events/undergraduate-open-day-arts-and-humanities', {
  title: 'Undergraduate open day: Arts and Humanities',
  summary: 'Tour the campus and meet the people who teach history, Welsh, music and philosophy.',
  description: '<p>Staff and current students will be on hand to answer your questions.</p>',
  eventDates: { from: '2026-01-09T10:00:00Z', to: '2026-01-09T16:00:00Z' },
  venueName: 'Great Hall, Penlan Campus',
  location: { lat: 52.2071, lon: -4.2952 },
  category: 'Open day',
  bookingRequired: true,
  heroImage: image('/image-library/events/open-day.svg', 'Illustration with the heading Open day'),
  entryDescription: 'Tour the campus and meet the people who teach history, Welsh, music and philosophy.',
});

export const history = entry('contentPage', '/about/history', {
  title: 'Our history',
  summary: 'From a single college above the harbour to a university of five faculties.',
  heroImage: image('/image-library/pages/history.svg', 'The Old College building with its clock tower'),
  body: [
    { type: 'heading', value: 'The Old College' },
    { type: 'markup', value: '<p>The college opened in October 1889 with fifty-two students.</p>' },
    {
      type: 'quote',
      value: { text: 'Let the college belong to the people who paid for it.', source: 'Ann Maddocks, 1886' },
    },
    {
      type: 'image',
      value: image(
        '/image-library/pages/history.svg',
        'The Old College with its clock tower',
        undefined,
        'The Old College, around 1895',
      ),
    },
    { type: 'video', value: 'an item type the site does not know' },
  ],
  requiredGroups: [],
  entryDescription: 'From a single college above the harbour to a university of five faculties.',
});

export const newsSection = entry('contentPage', '/news', {
  title: 'News',
  summary: 'Stories from around the university.',
  body: [{ type: 'markup', value: '<p>The latest research, student stories and announcements.</p>' }],
  requiredGroups: [],
});

export const home = entry('homePage', '/', {
  title: 'Aberwen University',
  heroImage: image('/image-library/pages/home.svg', 'The campus on the hill above the harbour'),
  introduction: '<p>A university by the sea, where Welsh and English live side by side.</p>',
  callToAction: 'Book your place at an open day',
  featuredCourses: [marineBiology],
  featuredNews: [nursingVolunteers],
});

export const searchPage = entry('searchPage', '/search', {
  title: 'Search',
  introduction: 'Search courses, news, events and people across the site.',
});

/** A node of the site view. */
export function node(path: string, displayName: string, extra: Partial<RouteNode> = {}): RouteNode {
  return {
    id: `node${path}`,
    projectId: 'website',
    slug: path.split('/').at(-1) ?? '',
    displayName,
    language: 'en-GB',
    path,
    childCount: 0,
    isCanonical: true,
    includeInMenu: false,
    version: { versionNo: '1.0' },
    ...extra,
  };
}

/** The root with the demo's menu sections. */
export const menuRoot: RouteNode = node('/', 'Aberwen University', {
  includeInMenu: true,
  children: [
    node('/about', 'About Aberwen University', { includeInMenu: true }),
    node('/courses', 'Courses', { includeInMenu: true }),
    node('/news', 'News', { includeInMenu: true }),
    node('/events', 'Events', { includeInMenu: true }),
    node('/people', 'People', { includeInMenu: true }),
    node('/search', 'Search', { includeInMenu: true }),
    node('/staff', 'Staff intranet'),
  ],
});
