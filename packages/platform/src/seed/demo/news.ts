import type { SeedEntry, SeedVariation } from '../types.js';
import { NEWS_CATEGORIES } from './content-types.js';
import type { CourseRecord } from './courses.js';
import { addDays, REFERENCE_DATE } from './dates.js';
import { demoEntryId } from './ids.js';
import { imageValue, imageValueCy } from './images.js';
import { entryLink } from './links.js';
import { authorFor, type PersonRecord } from './people.js';
import { createRandom, hashString, type Random } from './random.js';
import { SUBJECTS, type Subject, subjectById } from './subjects.js';
import { article, capitalise, paragraphs, slugify } from './text.js';
import { EDITORS, UNIVERSITY } from './university.js';

/** A news category. */
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** A news article before it becomes an entry. */
export interface NewsRecord {
  id: string;
  slug: string;
  title: string;
  standfirst: string;
  body: string;
  category: NewsCategory;
  subject: Subject;
  publishDate: string;
  tags: string[];
  author: PersonRecord;
  heroImageKey: string;
  relatedCourseIds: string[];
  published: boolean;
  draftFields?: Record<string, unknown>;
  /** Welsh variation, for the five newest stories. */
  cy?: WelshArticle;
}

/** The Welsh variation of a story, written in Welsh rather than filled from the templates. */
export interface WelshArticle {
  title: string;
  slug: string;
  standfirst: string;
  /** Paragraphs of the body. */
  body: string[];
  tags: string[];
}

/** Welsh versions of the five newest stories, by English slug. */
const WELSH_NEWS: Record<string, WelshArticle> = {
  'nursing-volunteers-help-out-in-local-primary-schools': {
    title: 'Gwirfoddolwyr nyrsio’n helpu mewn ysgolion cynradd lleol',
    slug: 'gwirfoddolwyr-nyrsio-yn-helpu-mewn-ysgolion-cynradd',
    standfirst:
      'Mae myfyrwyr sy’n gwirfoddoli wedi rhoi mwy na mil o oriau i brosiectau yn yr ystafell ddosbarth eleni.',
    body: [
      'Mae myfyrwyr nyrsio o Brifysgol Aberwen wedi bod yn helpu mewn ysgolion cynradd ar draws y sir, gan gynnal sesiynau ar iechyd, bwyta’n dda a chymorth cyntaf.',
      'Mae pob sesiwn am ddim, ac mae bwrsariaethau ar gael i dalu costau teithio i’r rhai sydd eu hangen.',
      'Gall ysgolion sydd am gael ymweliad gysylltu â’r tîm digwyddiadau.',
    ],
    tags: ['nyrsio', 'cymuned', 'gwirfoddoli'],
  },
  'poster-prize-for-computer-science-student-at-national-conference': {
    title: 'Gwobr poster i fyfyriwr cyfrifiadureg mewn cynhadledd genedlaethol',
    slug: 'gwobr-poster-i-fyfyriwr-cyfrifiadureg',
    standfirst:
      'Roedd y poster buddugol yn crynhoi blwyddyn o waith ar feddalwedd sy’n gwirio a yw gwefannau cyhoeddus yn hygyrch.',
    body: [
      'Mae’r feddalwedd yn chwilio am broblemau sy’n atal pobl rhag defnyddio gwefan, fel lluniau heb destun amgen neu ffurflenni na ellir eu llenwi â bysellfwrdd.',
      'Llongyfarchiadau gan bawb yn y brifysgol.',
    ],
    tags: ['cyfrifiadureg', 'gwobrau', 'cynhadledd'],
  },
  'harbour-arts-trust-funds-new-economics-scholarships': {
    title: 'Ysgoloriaethau economeg newydd gan Harbour Arts Trust',
    slug: 'ysgoloriaethau-economeg-newydd',
    standfirst: 'Bydd tair ysgoloriaeth yn talu ffioedd dysgu myfyrwyr o orllewin Cymru.',
    body: [
      'Bydd yr ysgoloriaethau ar gael i fyfyrwyr sy’n dechrau ar radd economeg yn Aberwen y flwyddyn nesaf.',
      'Gall sefydliadau sydd am weithio gyda’r brifysgol gysylltu â’r Swyddfa Ymchwil ac Arloesi.',
    ],
    tags: ['economeg', 'partneriaethau', 'ysgoloriaethau'],
  },
  'longer-opening-hours-for-the-animal-behaviour-centre': {
    title: 'Oriau agor hirach yn y Ganolfan Ymddygiad Anifeiliaid',
    slug: 'oriau-agor-hirach-yn-y-ganolfan-ymddygiad-anifeiliaid',
    standfirst: 'O’r tymor hwn ymlaen, gall myfyrwyr sŵoleg drefnu amser yno gyda’r nos ac ar benwythnosau.',
    body: [
      'Bu staff yr ystadau’n gweithio drwy’r haf er mwyn i bopeth fod yn barod ar gyfer y tymor newydd.',
      'Mae’r oriau agor i’w gweld ar fewnrwyd y myfyrwyr.',
    ],
    tags: ['sŵoleg', 'campws', 'oriau agor'],
  },
  'new-robotics-students-find-their-feet': {
    title: 'Myfyrwyr roboteg newydd yn ymgartrefu',
    slug: 'myfyrwyr-roboteg-newydd-yn-ymgartrefu',
    standfirst:
      'Daeth yr wythnos groeso i ben gyda thaith o amgylch y Labordy Systemau Awtonomaidd a barbeciw ar Draeth y Gogledd.',
    body: [
      'Mae myfyrwyr yr ail a’r drydedd flwyddyn yn fentoriaid i’r myfyrwyr newydd, felly does neb yn gorfod dod o hyd i’w ffordd ar ei ben ei hun.',
      'Mae lluniau o’r wythnos ar gyfryngau cymdeithasol yr adran.',
    ],
    tags: ['roboteg', 'bywyd myfyrwyr', 'wythnos groeso'],
  },
};

/** Invented organisations the university works with. */
const PARTNERS = [
  'West Wales Coast Trust',
  'Cwm Arian Farming Co-operative',
  'Seren Theatre Company',
  'Brightwater Engineering',
  'Penrhos Community Health Board',
  'Tŷ Gwyrdd Housing Association',
  'Bae Digital',
  'Llanwen Schools Federation',
  'Harbour Arts Trust',
  'Cambrian Outdoor Centre',
];

interface Context {
  subject: Subject;
  topic: string;
  partner: string;
  /** The subject's senior academic, who is quoted. */
  lead: PersonRecord;
}

interface Headline {
  title: string;
  standfirst: string;
  tag: string;
}

type Template = (c: Context) => Headline;

/** Four headline templates per category; each uses something specific to the subject. */
const TEMPLATES: Record<NewsCategory, Template[]> = {
  Research: [
    ({ subject, topic }) => ({
      title: `New study sheds light on ${topic}`,
      standfirst: `Researchers in the ${subject.department} have published the most detailed picture yet of ${topic}.`,
      tag: 'publication',
    }),
    ({ subject, topic }) => ({
      title: `${subject.name} team wins funding to study ${topic}`,
      standfirst: `A three-year grant will let ${subject.noun} researchers take a much closer look at ${topic}.`,
      tag: 'funding',
    }),
    ({ subject, topic }) => ({
      title: `What we are learning about ${topic}`,
      standfirst: `Early results from an Aberwen ${subject.noun} project are prompting fresh questions.`,
      tag: 'findings',
    }),
    ({ subject, topic }) => ({
      title: `Doctoral research on ${topic} wins best paper prize`,
      standfirst: `A PhD student in ${subject.noun} has been recognised for work carried out in the ${subject.facility}.`,
      tag: 'phd',
    }),
  ],
  'Student life': [
    ({ subject }) => ({
      title: `${subject.name} students ${subject.activity}`,
      standfirst: `It is one of the highlights of the ${subject.noun} year, and places fill up quickly.`,
      tag: 'students',
    }),
    ({ subject }) => ({
      title: `A week in the life of ${article(subject.name)} ${subject.name} student`,
      standfirst: `From early lectures to late evenings in the ${subject.facility}, one student shares a typical week.`,
      tag: 'student stories',
    }),
    ({ subject }) => ({
      title: `${subject.name} society celebrates record membership`,
      standfirst: `The student-run society now welcomes members from every year group, not only those who study ${subject.noun}.`,
      tag: 'societies',
    }),
    ({ subject }) => ({
      title: `New ${subject.noun} students find their feet`,
      standfirst: `Welcome week ended with a tour of the ${subject.facility} and a barbecue on North Beach.`,
      tag: 'welcome week',
    }),
  ],
  Campus: [
    ({ subject }) => ({
      title: `Refurbished ${subject.facility} reopens`,
      standfirst: `Students of ${subject.noun} are back in a brighter, better-equipped space after a summer of building work.`,
      tag: 'facilities',
    }),
    ({ subject }) => ({
      title: `Behind the scenes at the ${subject.facility}`,
      standfirst: `We met the technicians and equipment that keep ${subject.noun} teaching running.`,
      tag: 'facilities',
    }),
    ({ subject }) => ({
      title: `${subject.facility} cuts its energy use by a third`,
      standfirst: `New lighting, heat pumps and careful timetabling have brought the bills for ${subject.noun} down sharply.`,
      tag: 'sustainability',
    }),
    ({ subject }) => ({
      title: `Longer opening hours for the ${subject.facility}`,
      standfirst: `From this term, ${subject.noun} students can book time in the evenings and at weekends.`,
      tag: 'opening hours',
    }),
  ],
  Partnerships: [
    ({ subject, topic, partner }) => ({
      title: `Aberwen and ${partner} join forces on ${topic}`,
      standfirst: `A new agreement brings together ${subject.noun} researchers and ${partner} for the next five years.`,
      tag: 'collaboration',
    }),
    ({ subject, partner }) => ({
      title: `${subject.name} students take on live projects with ${partner}`,
      standfirst: `Final-year ${subject.noun} students spent the spring solving real problems set by ${partner}.`,
      tag: 'employability',
    }),
    ({ subject, partner }) => ({
      title: `New placement scheme links ${subject.noun} students with ${partner}`,
      standfirst: `Up to twelve students a year will spend a paid summer working with ${partner}.`,
      tag: 'placements',
    }),
    ({ subject, partner }) => ({
      title: `${partner} funds new ${subject.noun} scholarships`,
      standfirst: 'Three scholarships will cover tuition fees for students from west Wales.',
      tag: 'scholarships',
    }),
  ],
  Awards: [
    ({ subject, lead }) => ({
      title: `${subject.name} lecturer named teaching fellow of the year`,
      standfirst: `Students nominated ${lead.fullName} for teaching that makes ${subject.noun} come alive.`,
      tag: 'teaching',
    }),
    ({ subject, topic }) => ({
      title: `${subject.name} team shortlisted for national award`,
      standfirst: `Work on ${topic} has been shortlisted in the research impact category.`,
      tag: 'research impact',
    }),
    ({ subject }) => ({
      title: `${subject.name} graduate named young professional of the year`,
      standfirst: `The Aberwen graduate was recognised for work in ${subject.careers[0]}.`,
      tag: 'alumni',
    }),
    ({ subject, topic }) => ({
      title: `Poster prize for ${subject.noun} student at national conference`,
      standfirst: `The winning poster summed up a year of work on ${topic}.`,
      tag: 'conference',
    }),
  ],
  Community: [
    ({ subject }) => ({
      title: `Free ${subject.noun} taster sessions for local adults`,
      standfirst: `Evening sessions in the ${subject.facility} are open to anyone curious about ${subject.noun}, with no experience needed.`,
      tag: 'lifelong learning',
    }),
    ({ subject }) => ({
      title: `Summer school gives pupils a taste of ${subject.noun}`,
      standfirst: 'Sixty pupils from schools across the region spent a week on campus.',
      tag: 'schools',
    }),
    ({ subject, topic }) => ({
      title: `Public talks on ${topic} return this autumn`,
      standfirst: `The popular series of free evening talks is back, with ${subject.noun} speakers from across the university.`,
      tag: 'public talks',
    }),
    ({ subject }) => ({
      title: `${subject.name} volunteers help out in local primary schools`,
      standfirst: 'Student volunteers have given more than a thousand hours to classroom projects this year.',
      tag: 'volunteering',
    }),
  ],
};

const DETAILS: Record<NewsCategory, ((c: Context) => string)[]> = {
  Research: [
    ({ subject }) =>
      `The work draws on expertise from across the ${subject.department} and months of careful data collection.`,
    () => 'The team combined fieldwork across west Wales with analysis back on campus.',
  ],
  'Student life': [
    ({ subject }) =>
      `Many students say it is the moment ${subject.noun} stops being a timetable and starts being a passion.`,
    () => 'Second- and third-year students act as mentors, so nobody has to find their way alone.',
  ],
  Campus: [
    () => 'The work was planned with students so that teaching could carry on throughout.',
    () => 'Estates staff worked through the summer to have everything ready for the new term.',
  ],
  Partnerships: [
    ({ partner }) => `${partner} will share data, expertise and workspace with the university.`,
    () => 'The arrangement builds on several years of smaller joint projects.',
  ],
  Awards: [
    () => 'Winners will be announced at a ceremony in Cardiff in the spring.',
    () => 'The judges praised work that reaches well beyond the university.',
  ],
  Community: [
    () => 'All sessions are free, and there are bursaries to cover travel for those who need them.',
    () => 'Sessions are offered in Welsh and in English.',
  ],
};

const QUOTES: ((c: Context) => string)[] = [
  ({ subject }) => `This is exactly the kind of work that makes ${subject.noun} at Aberwen special.`,
  () => 'We could not have done it without the support of students, staff and the wider community.',
  ({ topic }) => `There is still a lot to learn about ${topic}, and that is what makes it exciting.`,
  ({ subject }) => `I hope it encourages more people to find out what ${subject.noun} has to offer.`,
  () => 'Our students never fail to surprise me with their energy and ideas.',
];

const CLOSINGS: Record<NewsCategory, string[]> = {
  Research: [
    'The findings will be presented at a public lecture later this year.',
    'The team is now looking for volunteers to help with the next stage.',
  ],
  'Student life': [
    'Applicants can see it for themselves at one of our open days.',
    'Photographs from the week are on the department’s social media pages.',
  ],
  Campus: [
    'Tours for prospective students run every Wednesday afternoon.',
    'Opening hours are listed on the student intranet.',
  ],
  Partnerships: [
    'Organisations interested in working with the university can contact the Research and Innovation Office.',
    'Applications for the first round open next month.',
  ],
  Awards: [
    'Congratulations from everyone at the university.',
    'The award adds to a strong year for the department.',
  ],
  Community: [
    'Places can be booked through the events pages of this website.',
    'Local groups who would like a visit can get in touch with the events team.',
  ],
};

/** Published articles: twenty per category. */
const ARTICLES_PER_CATEGORY = 20;
const FIRST_PUBLISH_DATE = '2025-01-06T00:00:00Z';

/** Index (in publication order) of the published article with a pending edit. */
export const NEWS_WITH_PENDING_EDIT_INDEX = 112;

function bodyFor(headline: Headline, c: Context, category: NewsCategory, random: Random): string {
  const detail = random.pick(DETAILS[category])(c);
  const quote = random.pick(QUOTES)(c);
  const ug = c.subject.courses[0].title;
  return paragraphs(
    `${headline.standfirst} ${detail}`,
    `“${quote.replace(/\.$/, ',')}” said ${c.lead.fullName}, ${c.lead.jobTitle}.`,
    random.pick(CLOSINGS[category]),
    `Find out more about studying ${c.subject.noun} at ${UNIVERSITY.name} on the ${ug} course page.`,
  );
}

/**
 * 120 published articles (twenty per category, every subject once per category, dated every
 * five days from January 2025 to August 2026), then two unpublished drafts.
 */
export function newsRecords(people: readonly PersonRecord[], courses: readonly CourseRecord[]): NewsRecord[] {
  const records: NewsRecord[] = [];
  const coursesOf = (subject: Subject) => courses.filter((c) => c.subject === subject && c.published);
  for (let j = 0; j < ARTICLES_PER_CATEGORY; j++) {
    NEWS_CATEGORIES.forEach((category, c) => {
      const k = records.length;
      const subject = SUBJECTS[(3 * j + 7 * c) % SUBJECTS.length]!;
      const lead = people.find((p) => p.subject === subject)!;
      const context: Context = {
        subject,
        topic: subject.topics[(j + c) % subject.topics.length]!,
        partner: PARTNERS[(j + 3 * c) % PARTNERS.length]!,
        lead,
      };
      const headline = TEMPLATES[category][j % TEMPLATES[category].length]!(context);
      const random = createRandom(hashString(`news/${headline.title}`));
      const related = coursesOf(subject).slice(0, category === 'Research' ? 3 : 2);
      records.push({
        id: demoEntryId('newsArticle', slugify(headline.title)),
        slug: slugify(headline.title),
        title: headline.title,
        standfirst: headline.standfirst,
        body: bodyFor(headline, context, category, random),
        category,
        subject,
        publishDate: addDays(FIRST_PUBLISH_DATE, k * 5, 8 + random.int(3), random.pick([0, 15, 30])),
        tags: [subject.noun.toLowerCase(), category.toLowerCase(), headline.tag],
        author: authorFor(people, subject, j),
        heroImageKey: k % 2 === 0 ? `subject/${subject.id}` : `news/${slugify(category)}`,
        relatedCourseIds: related.map((r) => r.id),
        published: true,
      });
    });
  }
  for (const record of records) {
    const cy = WELSH_NEWS[record.slug];
    if (cy) record.cy = cy;
  }
  const pending = records[NEWS_WITH_PENDING_EDIT_INDEX]!;
  pending.draftFields = {
    standfirst: `${pending.standfirst} Updated with reactions from students.`,
    body: `${pending.body}${paragraphs('Students who took part said the experience had changed how they think about their future careers.')}`,
  };
  records.push(...draftRecords(people, courses));
  return records;
}

function draftRecords(people: readonly PersonRecord[], courses: readonly CourseRecord[]): NewsRecord[] {
  const press = people.find((p) => p.jobTitle === 'Press Officer')!;
  const music = subjectById('music');
  const civil = subjectById('civil-engineering');
  const draft = (
    title: string,
    standfirst: string,
    body: string[],
    category: NewsCategory,
    subject: Subject,
    publishDate: string,
  ): NewsRecord => ({
    id: demoEntryId('newsArticle', slugify(title)),
    slug: slugify(title),
    title,
    standfirst,
    body: paragraphs(...body),
    category,
    subject,
    publishDate,
    tags: [subject.noun.toLowerCase(), category.toLowerCase(), 'draft'],
    author: press,
    heroImageKey: `news/${slugify(category)}`,
    relatedCourseIds: courses
      .filter((c) => c.subject === subject)
      .map((c) => c.id)
      .slice(0, 1),
    published: false,
  });
  return [
    draft(
      'Winter graduation moves to the Great Hall',
      'December ceremonies will take place on the Penlan campus for the first time.',
      [
        'The winter graduation ceremonies will move from the Arts Centre to the Great Hall, which seats twice as many guests.',
        'Each graduate will be able to bring up to four guests, and every ceremony will be streamed live.',
      ],
      'Campus',
      music,
      '2026-09-14T09:00:00Z',
    ),
    draft(
      'Offshore renewable engineering master’s to launch in 2027',
      'A new one-year programme will train engineers for the growing offshore energy industry.',
      [
        'The programme is being developed with employers along the west coast and is subject to approval.',
        'Details of modules, fees and scholarships will be published once approval is confirmed.',
      ],
      'Partnerships',
      civil,
      '2026-09-21T09:00:00Z',
    ),
  ];
}

/** The news article entries, with Welsh variations where a story has one. */
export function newsEntries(records: readonly NewsRecord[]): SeedEntry[] {
  return records.map((record) => {
    const variation: SeedVariation = {
      published: record.published,
      fields: {
        title: record.title,
        standfirst: record.standfirst,
        body: record.body,
        publishDate: record.publishDate,
        category: record.category,
        tags: record.tags,
        author: entryLink(record.author.id, 'person'),
        heroImage: imageValue(record.heroImageKey, {
          caption: record.heroImageKey.startsWith('subject/') ? capitalise(record.subject.noun) : undefined,
        }),
        relatedCourses: record.relatedCourseIds.map((id) => entryLink(id, 'course')),
      },
    };
    if (record.draftFields) variation.draftFields = record.draftFields;
    const variations: Record<string, SeedVariation> = { 'en-GB': variation };
    if (record.cy) {
      variations.cy = {
        published: record.published,
        fields: {
          ...variation.fields,
          title: record.cy.title,
          standfirst: record.cy.standfirst,
          body: paragraphs(...record.cy.body),
          tags: [...record.cy.tags],
          heroImage: imageValueCy(record.heroImageKey, {
            caption: record.heroImageKey.startsWith('subject/') ? record.subject.nameCy : undefined,
          }),
        },
      };
    }
    // Drafts are dated ahead of the reference date but were, of course, written before it.
    const created = record.published ? addDays(record.publishDate, -2, 14) : addDays(REFERENCE_DATE, -6, 10);
    const modified = !record.published
      ? addDays(REFERENCE_DATE, -2, 16)
      : record.draftFields
        ? addDays(record.publishDate, 3, 11)
        : addDays(record.publishDate, 0, 7);
    return {
      id: record.id,
      contentTypeId: 'newsArticle',
      dataFormat: 'entry',
      owner: EDITORS.news,
      created,
      modified,
      includeInSearch: true,
      variations,
    };
  });
}
