import type { SeedEntry, SeedVariation } from '../types.js';
import { addDays, nextAnniversary, REFERENCE_DATE } from './dates.js';
import { demoEntryId } from './ids.js';
import { imageValue, imageValueCy } from './images.js';
import { createRandom, hashString, type Random } from './random.js';
import {
  type CourseSpec,
  facultyOf,
  STUDY_LEVELS,
  type StudyLevel,
  SUBJECTS,
  type Subject,
  subjectById,
} from './subjects.js';
import { subjectTerm } from './taxonomy.js';
import { paragraphs, slugify } from './text.js';
import { EDITORS, UNIVERSITY } from './university.js';

/** A course before it becomes an entry. */
export interface CourseRecord {
  id: string;
  slug: string;
  title: string;
  subject: Subject;
  level: StudyLevel;
  spec: CourseSpec;
  code: string;
  startDate: string;
  published: boolean;
  /** A pending, unpublished edit on top of the published version. */
  draftFields?: Record<string, unknown>;
  /** Welsh variation, for the ten courses that have one. */
  cy?: { title: string; slug: string; summary: string; description: string };
}

const WELSH_COURSES: Record<string, NonNullable<CourseRecord['cy']>> = {
  'ba-history': {
    title: 'BA Hanes',
    slug: 'ba-hanes',
    summary: 'Gradd tair blynedd mewn hanes: sut roedd pobl yn byw, yn dadlau ac yn cofio yn y gorffennol.',
    description: paragraphs(
      'Byddwch yn astudio hanes Cymru a’r byd, o’r Oesoedd Canol hyd heddiw.',
      'Mae rhan o’r cwrs ar gael drwy gyfrwng y Gymraeg.',
    ),
  },
  'ba-welsh': {
    title: 'BA Cymraeg',
    slug: 'ba-cymraeg',
    summary: 'Astudiwch iaith, llenyddiaeth a diwylliant Cymru, o’r Mabinogi i ysgrifennu newydd.',
    description: paragraphs(
      'Gallwch astudio’r radd gyfan drwy gyfrwng y Gymraeg.',
      'Mae modiwlau mewn ysgrifennu creadigol a chyfieithu ym mhob blwyddyn.',
    ),
  },
  'bmus-music': {
    title: 'BMus Cerddoriaeth',
    slug: 'bmus-cerddoriaeth',
    summary: 'Perfformio, cyfansoddi a chynhyrchu cerddoriaeth mewn adran fywiog ger y môr.',
    description: paragraphs(
      'Mae myfyrwyr yn perfformio’n gyson yn Neuadd Gyngerdd yr Harbwr ac yn y ddinas.',
    ),
  },
  'bsc-marine-biology': {
    title: 'BSc Bioleg y Môr',
    slug: 'bsc-bioleg-y-mor',
    summary: 'Astudiwch fywyd yn y môr, o blancton i ddolffiniaid, gyda gwaith maes ym Mae Ceredigion.',
    description: paragraphs(
      'Byddwch yn treulio wythnos ar y môr ar fwrdd y llong ymchwil Morlo.',
      'Mae’r gwaith labordy yn digwydd yn Labordy Morol Tidewater ger yr harbwr.',
    ),
  },
  'meng-robotics-and-autonomous-systems': {
    title: 'MEng Roboteg a Systemau Awtonomaidd',
    slug: 'meng-roboteg-a-systemau-awtonomaidd',
    summary:
      'Cwrs pedair blynedd mewn dylunio peiriannau sy’n synhwyro, yn penderfynu ac yn gweithredu yn y byd go iawn.',
    description: paragraphs(
      'Byddwch yn dysgu systemau rheoli, golwg peiriant a rhaglennu mewnblanedig, ac yn adeiladu eich robot eich hun yn y Labordy Systemau Awtonomaidd.',
      'Yn y flwyddyn olaf, mae timau o fyfyrwyr yn cystadlu mewn cystadleuaeth genedlaethol i robotiaid chwilio ac achub.',
    ),
  },
  'llb-law': {
    title: 'LLB y Gyfraith',
    slug: 'llb-y-gyfraith',
    summary:
      'Cwrs tair blynedd yn y gyfraith, o hawliau dynol i gyfraith fasnachol, gyda chyfle i ddadlau achos mewn llys ffug.',
    description: paragraphs(
      'Mae’r cwrs yn cael ei addysgu yn Ysgol y Gyfraith Aberwen, ac mae rhai modiwlau ar gael drwy gyfrwng y Gymraeg.',
      'Mae myfyrwyr yn gweithio yng nghlinig cyngor cyfreithiol y brifysgol, gan helpu pobl leol gyda phroblemau go iawn.',
    ),
  },
  'bsc-psychology': {
    title: 'BSc Seicoleg',
    slug: 'bsc-seicoleg',
    summary:
      'Dysgwch sut mae pobl yn meddwl, yn teimlo ac yn ymddwyn, gyda gwaith ymarferol yn y labordy o’r flwyddyn gyntaf.',
    description: paragraphs(
      'Mae’r cwrs wedi’i achredu gan Gymdeithas Seicolegol Prydain.',
      'Byddwch yn cynnal eich ymchwil eich hun yn y flwyddyn olaf, gyda chefnogaeth goruchwyliwr.',
    ),
  },
  'ba-journalism': {
    title: 'BA Newyddiaduraeth',
    slug: 'ba-newyddiaduraeth',
    summary:
      'Cwrs ymarferol mewn gohebu, golygu a chynhyrchu newyddion ar gyfer radio, y we a phrint, yn Gymraeg ac yn Saesneg.',
    description: paragraphs(
      'Byddwch yn gweithio mewn ystafell newyddion ac yn cynhyrchu rhaglen radio fyw ar noson etholiad.',
      'Mae gan lawer o’n graddedigion swyddi gyda’r BBC, S4C a phapurau lleol.',
    ),
  },
  'msc-wildlife-conservation': {
    title: 'MSc Cadwraeth Bywyd Gwyllt',
    slug: 'msc-cadwraeth-bywyd-gwyllt',
    summary: 'Cwrs blwyddyn i raddedigion sydd am weithio i warchod anifeiliaid, planhigion a’u cynefinoedd.',
    description: paragraphs(
      'Mae’r gwaith maes yn digwydd yng Ngorsaf Maes Glan-yr-afon, ar naw deg hectar o goedwig a dolydd gwlyb.',
      'Byddwch yn gorffen gyda phrosiect ymchwil gyda sefydliad cadwraeth.',
    ),
  },
  'bsc-adult-nursing': {
    title: 'BSc Nyrsio Oedolion',
    slug: 'bsc-nyrsio-oedolion',
    summary: 'Dysgwch ofalu am oedolion a’u teuluoedd gyda sgil, tosturi a thystiolaeth gadarn.',
    description: paragraphs(
      'Mae hanner y cwrs yn digwydd mewn lleoliadau clinigol mewn ysbytai a chymunedau ar draws y gorllewin.',
    ),
  },
};

/** Slug of the course with a pending edit (a published version plus a newer draft). */
export const COURSE_WITH_PENDING_EDIT = 'bsc-computer-science';

/** Slug of the course that exists only as an unpublished draft. */
export const DRAFT_COURSE = 'msc-offshore-renewable-engineering';

const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six'];

/** "three-year" / "three years" for a whole or half number of years. */
function duration(years: number): { adjective: string; noun: string } {
  if (years === 1.5) return { adjective: '18-month', noun: '18 months' };
  const whole = Math.floor(years);
  const half = years > whole;
  const word = NUMBER_WORDS[whole] ?? String(whole);
  return {
    adjective: `${word}${half ? '-and-a-half' : ''}-year`,
    noun: `${word}${half ? ' and a half' : ''} year${years === 1 ? '' : 's'}`,
  };
}

function summaryFor(record: CourseRecord, random: Random): string {
  const { subject, spec } = record;
  const d = duration(spec.years);
  const [m1, m2] = random.sample(subject.modules, 2);
  const mode = spec.mode.toLowerCase();
  switch (record.level) {
    case 'Undergraduate':
      return random.pick([
        `A ${d.adjective} degree in ${subject.noun}: ${subject.about}, with modules such as ${m1} and ${m2}.`,
        `Explore ${subject.about} on a ${mode} degree that takes you from first principles to your own final-year project.`,
        `Learn ${subject.noun} in small groups, from ${m1} in your first year to an independent project in your last.`,
      ]);
    case 'Postgraduate taught':
      return random.pick([
        `A ${d.adjective} master's for graduates ready to specialise, with taught modules including ${m1} and a research dissertation.`,
        `Build advanced skills for careers in ${subject.careers[0]} and ${subject.careers[1]}, studying ${mode} over ${d.noun}.`,
        `Designed with employers, this ${mode} programme takes your ${subject.noun} knowledge to professional depth in ${d.noun}.`,
      ]);
    case 'Postgraduate research':
      return random.pick([
        `Research ${subject.noun} under expert supervision; current projects include work on ${random.pick(subject.topics)}.`,
        `Join a lively research community and make an original contribution to what we know about ${random.pick(subject.topics)}.`,
        `A supervised research degree in ${subject.noun}, with training in research methods and the chance to teach.`,
      ]);
  }
}

const MODE_SENTENCES: Record<CourseSpec['mode'], string[]> = {
  'Full-time': [
    'Teaching combines lectures, seminars and practical sessions, and every student has a personal tutor.',
    'You will spend around twelve hours a week in timetabled classes, with the rest of your week for independent study.',
  ],
  'Part-time': [
    'Classes are grouped into one day a week so that you can study alongside work or caring responsibilities.',
    'Teaching takes place on weekday evenings and some Saturdays, and recordings are available afterwards.',
  ],
  'Distance learning': [
    'You study online, with recorded lectures, live weekly tutorials and an optional summer school on campus.',
    'Everything is delivered online, so you can study from anywhere and fit your learning around your week.',
  ],
};

function modeSentence(record: CourseRecord, random: Random): string {
  if (record.level === 'Postgraduate taught' && record.spec.mode === 'Full-time') {
    return 'Taught modules run from September to May, leaving the summer for your dissertation.';
  }
  return random.pick(MODE_SENTENCES[record.spec.mode]);
}

function descriptionFor(record: CourseRecord, random: Random): string {
  const { subject } = record;
  const faculty = facultyOf(subject);
  const modules = random.sample(subject.modules, 4);
  const taughtBy = `The course is taught by the ${subject.department}, part of the Faculty of ${faculty.name}.`;
  const intro = {
    Undergraduate: `${subject.name} at ${UNIVERSITY.name} is the study of ${subject.about}. ${taughtBy}`,
    'Postgraduate taught': `This master's course is for graduates who want to go deeper into ${subject.about}. ${taughtBy}`,
    'Postgraduate research': `Research students in the ${subject.department} investigate ${subject.about}, supported by two supervisors and a lively community of fellow researchers.`,
  }[record.level];
  const studyHeading = record.level === 'Postgraduate research' ? 'Your research' : 'What you will study';
  const study =
    record.level === 'Postgraduate research'
      ? `Projects currently on offer include ${subject.topics[0]} and ${subject.topics[1]}. You will agree a research plan in your first months and present your work at our annual research conference.`
      : `Modules include ${modules.slice(0, 3).join(', ')} and ${modules[3]}. ${modeSentence(record, random)}`;
  const facility = `Practical work takes place in the ${subject.facility}, and you will ${subject.activity}.`;
  const careers = `Graduates go on to careers in ${subject.careers.join(', ').replace(/, ([^,]*)$/, ' and $1')}, and some continue to further study.`;
  return [
    `<p>${intro}</p>`,
    `<h3>${studyHeading}</h3>`,
    paragraphs(study, facility),
    '<h3>Careers</h3>',
    paragraphs(careers),
  ].join('');
}

/** The next intake after `today`: 25 January, 1 October for research degrees, else 21 September. */
function startDate(spec: CourseSpec, level: StudyLevel, today: string): string {
  if (spec.startMonth === 1) return nextAnniversary(today, 1, 25);
  return level === 'Postgraduate research' ? nextAnniversary(today, 10, 1) : nextAnniversary(today, 9, 21);
}

/** The September intake a year after the next one, in which new courses start. */
function intakeAfterNext(today: string): string {
  return nextAnniversary(nextAnniversary(today, 9, 20), 9, 20);
}

/**
 * All courses: three per subject (one per study level), then the unpublished draft. Start
 * dates are the next intakes after `today` (see `demoToday`).
 */
export function courseRecords(today: string): CourseRecord[] {
  const records: CourseRecord[] = SUBJECTS.flatMap((subject, s) =>
    subject.courses.map((spec, levelIndex): CourseRecord => {
      const slug = slugify(spec.title);
      const level = STUDY_LEVELS[levelIndex]!;
      const record: CourseRecord = {
        id: demoEntryId('course', slug),
        slug,
        title: spec.title,
        subject,
        level,
        spec,
        code: `${subject.code}-${'UTR'[levelIndex]}${100 + s * 3 + levelIndex}`,
        startDate: startDate(spec, level, today),
        published: true,
      };
      const cy = WELSH_COURSES[slug];
      if (cy) record.cy = cy;
      return record;
    }),
  );
  const pending = records.find((r) => r.slug === COURSE_WITH_PENDING_EDIT);
  if (pending) {
    pending.draftFields = {
      summary: `A three-year degree in computer science with a new optional placement year in industry, starting with the ${intakeAfterNext(today).slice(0, 4)} intake.`,
    };
  }
  const civil = subjectById('civil-engineering');
  records.push({
    id: demoEntryId('course', DRAFT_COURSE),
    slug: DRAFT_COURSE,
    title: 'MSc Offshore Renewable Engineering',
    subject: civil,
    level: 'Postgraduate taught',
    spec: { title: 'MSc Offshore Renewable Engineering', mode: 'Full-time', years: 1, startMonth: 9 },
    code: 'CIVE-T199',
    startDate: intakeAfterNext(today),
    published: false,
  });
  return records;
}

/** The course entries, with Welsh variations where a course has one. */
export function courseEntries(records: readonly CourseRecord[]): SeedEntry[] {
  return records.map((record, i) => {
    const random = createRandom(hashString(`course/${record.slug}`));
    const { subject, spec } = record;
    const shared = {
      subject: subjectTerm(subject, 'en-GB'),
      studyLevel: record.level,
      studyMode: spec.mode,
      durationYears: spec.years,
      startDate: record.startDate,
      courseCode: record.code,
      heroImage: imageValue(`subject/${subject.id}`),
      tags: [subject.noun.toLowerCase(), record.level.toLowerCase(), spec.mode.toLowerCase()],
    };
    const english: SeedVariation = {
      published: record.published,
      fields: {
        title: record.title,
        summary: summaryFor(record, random),
        description: descriptionFor(record, random),
        ...shared,
      },
    };
    if (record.draftFields) english.draftFields = record.draftFields;
    const variations: Record<string, SeedVariation> = { 'en-GB': english };
    if (record.cy) {
      variations.cy = {
        published: true,
        fields: {
          ...shared,
          title: record.cy.title,
          summary: record.cy.summary,
          description: record.cy.description,
          subject: subjectTerm(subject, 'cy'),
          heroImage: imageValueCy(`subject/${subject.id}`),
        },
      };
    }
    const created = addDays(REFERENCE_DATE, -330 + i * 2, 10);
    return {
      id: record.id,
      contentTypeId: 'course',
      dataFormat: 'entry',
      owner: EDITORS.admissions,
      created,
      modified: addDays(created, 14 + (i % 9) * 5, 16),
      includeInSearch: true,
      variations,
    };
  });
}
