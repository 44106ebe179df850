/**
 * Synthetic content for benchmarks: any number of courses, news articles, events and people
 * with the demo's content types, built lazily so that 100,000 entries never sit in memory at
 * once. Text comes from the demo's subject vocabulary, so free-text search, filters and
 * aggregations behave as they would on a real site.
 */
import { demoContentTypes, type EVENT_CATEGORIES, NEWS_CATEGORIES } from './demo/content-types.js';
import { assetLink, entryLink, type ImageValue } from './demo/links.js';
import { createRandom, hashString, mixSeed, type Random } from './demo/random.js';
import { STUDY_LEVELS, type StudyLevel, SUBJECTS, type Subject } from './demo/subjects.js';
import { bannerSvg, portraitSvg } from './demo/svg.js';
import { subjectTaxonomy, subjectTerm } from './demo/taxonomy.js';
import { capitalise, slugify } from './demo/text.js';
import type { SeedContent, SeedEntry, SeedNode } from './types.js';

/** Options of {@link generateContent}. */
export interface GenerateOptions {
  /** Number of content entries (courses, articles, events and people); images come on top. */
  count: number;
  /** PRNG seed; the same seed and count always give the same content. Default 1. */
  seed?: number;
  /** Project id. Default `website`. */
  projectId?: string;
}

type Kind = 'course' | 'newsArticle' | 'event' | 'person';

/**
 * Entry kinds repeat in this cycle of ten: 40% news, 20% each of courses, events and
 * people. A fixed cycle (rather than a random draw) lets any entry's kind and the index of
 * the n-th person or course be computed without generating what comes before.
 */
const KIND_CYCLE: readonly Kind[] = [
  'newsArticle',
  'course',
  'event',
  'person',
  'newsArticle',
  'event',
  'course',
  'newsArticle',
  'person',
  'newsArticle',
];

const SECTIONS: Record<Kind, { slug: string; title: string }> = {
  course: { slug: 'courses', title: 'Courses' },
  newsArticle: { slug: 'news', title: 'News' },
  event: { slug: 'events', title: 'Events' },
  person: { slug: 'people', title: 'People' },
};

const OFFSETS: Record<Kind, number[]> = { course: [], newsArticle: [], event: [], person: [] };
for (const [offset, kind] of KIND_CYCLE.entries()) OFFSETS[kind].push(offset);

const kindOf = (index: number): Kind => KIND_CYCLE[index % KIND_CYCLE.length]!;

/** How many of the first `count` entries are of `kind`. */
function countOf(kind: Kind, count: number): number {
  const offsets = OFFSETS[kind];
  const cycles = Math.floor(count / KIND_CYCLE.length);
  const rest = count % KIND_CYCLE.length;
  return cycles * offsets.length + offsets.filter((o) => o < rest).length;
}

/** Entry index of the n-th entry of `kind`. */
function indexOfNth(kind: Kind, n: number): number {
  const offsets = OFFSETS[kind];
  return Math.floor(n / offsets.length) * KIND_CYCLE.length + offsets[n % offsets.length]!;
}

// ---------------------------------------------------------------------------------------
// Vocabulary

const FIRST_NAMES = [
  'Aled',
  'Alys',
  'Amara',
  'Anna',
  'Bethan',
  'Cai',
  'Carys',
  'Catrin',
  'Chloe',
  'Dafydd',
  'Daniel',
  'Efa',
  'Elin',
  'Emrys',
  'Ffion',
  'Gareth',
  'Grace',
  'Gwen',
  'Hana',
  'Huw',
  'Ifan',
  'Iwan',
  'Jack',
  'Jasmine',
  'Kai',
  'Kwame',
  'Leila',
  'Lowri',
  'Mali',
  'Mateo',
  'Megan',
  'Mei',
  'Nia',
  'Noah',
  'Osian',
  'Owain',
  'Priya',
  'Rhian',
  'Rhys',
  'Ruth',
  'Sami',
  'Seren',
  'Siân',
  'Sofia',
  'Tomos',
  'Tomasz',
  'Wil',
  'Yasmin',
  'Yusuf',
  'Zara',
];
const LAST_NAMES = [
  'Ahmed',
  'Asante',
  'Banks',
  'Bevan',
  'Brennan',
  'Chen',
  'Davies',
  'Edwards',
  'Evans',
  'Fernández',
  'Griffiths',
  'Haddad',
  'Hale',
  'Harries',
  'Hughes',
  'Iyer',
  'Jenkins',
  'Jones',
  'Karim',
  'Kowalska',
  'Lewis',
  'Lloyd',
  'Marchetti',
  'Matthews',
  'Mensah',
  'Morgan',
  'Nowak',
  'Okafor',
  'Owen',
  'Parry',
  'Patel',
  'Phillips',
  'Powell',
  'Price',
  'Pritchard',
  'Rees',
  'Roberts',
  'Rowlands',
  'Singh',
  'Thomas',
  'Vaughan',
  'Watkins',
  'Williams',
  'Wright',
  'Yilmaz',
  'Zhang',
  'Llywelyn',
  'Maddocks',
  'Prys',
  'Gruffydd',
];
const RANKS = [
  'Professor of',
  'Reader in',
  'Senior Lecturer in',
  'Lecturer in',
  'Research Fellow in',
  'Teaching Fellow in',
];
const COURSE_ADJECTIVES = [
  'Applied',
  'Advanced',
  'Contemporary',
  'Global',
  'Sustainable',
  'Digital',
  'Professional',
  'Integrated',
];
const COURSE_WITH = [
  'a Foundation Year',
  'a Year in Industry',
  'a Year Abroad',
  'Data Science',
  'Education',
  'Management',
  'Creative Practice',
  'Sustainability',
];
const RESEARCH_DEGREES = ['PhD', 'MPhil', 'MRes'];
const NEWS_VERBS = [
  'take a fresh look at',
  'publish new work on',
  'win funding to study',
  'share early findings on',
  'launch a public survey of',
  'host a conference on',
];
const EVENT_KINDS: [string, (typeof EVENT_CATEGORIES)[number]][] = [
  ['Public lecture', 'Public lecture'],
  ['Seminar', 'Public lecture'],
  ['Panel debate', 'Public lecture'],
  ['Workshop', 'Workshop'],
  ['Masterclass', 'Workshop'],
  ['Exhibition', 'Exhibition'],
  ['Film screening', 'Performance'],
  ['Concert', 'Performance'],
  ['Open evening', 'Open day'],
  ['Family day', 'Open day'],
  ['Charity run', 'Sport'],
];
const VENUE_KINDS = [
  'Town Hall',
  'Community Centre',
  'Library',
  'Arts Centre',
  'Conference Centre',
  'Guildhall',
  'Museum',
  'Theatre',
];
const ADJECTIVES = ['new', 'international', 'early-career', 'award-winning', 'visiting', 'local'];
const FUNDERS = [
  'a national research council',
  'a charitable trust',
  'a regional development fund',
  'an industry partner',
];
const AMOUNTS = ['£40,000', '£120,000', '£250,000', '£600,000', '£1.2 million'];

/** Towns across the UK where generated events take place. */
const TOWNS: [string, number, number][] = [
  ['Cardiff', 51.4816, -3.1791],
  ['Swansea', 51.6214, -3.9436],
  ['Aberystwyth', 52.4153, -4.0829],
  ['Bangor', 53.2274, -4.1293],
  ['Wrexham', 53.0462, -2.9931],
  ['Carmarthen', 51.8576, -4.3121],
  ['Newport', 51.5842, -2.9977],
  ['Brecon', 51.9477, -3.3915],
  ['London', 51.5074, -0.1278],
  ['Bristol', 51.4545, -2.5879],
  ['Birmingham', 52.4862, -1.8904],
  ['Manchester', 53.4808, -2.2426],
  ['Liverpool', 53.4084, -2.9916],
  ['Leeds', 53.8008, -1.5491],
  ['Sheffield', 53.3811, -1.4701],
  ['Newcastle upon Tyne', 54.9783, -1.6178],
  ['York', 53.959, -1.0815],
  ['Nottingham', 52.9548, -1.1581],
  ['Cambridge', 52.2053, 0.1218],
  ['Oxford', 51.752, -1.2577],
  ['Norwich', 52.6309, 1.2974],
  ['Exeter', 50.7184, -3.5339],
  ['Plymouth', 50.3755, -4.1427],
  ['Southampton', 50.9097, -1.4044],
  ['Brighton', 50.8225, -0.1372],
  ['Edinburgh', 55.9533, -3.1883],
  ['Glasgow', 55.8642, -4.2518],
  ['Aberdeen', 57.1497, -2.0943],
  ['Inverness', 57.4778, -4.2247],
  ['Belfast', 54.5973, -5.9301],
  ['Derry', 54.9966, -7.3086],
  ['Lancaster', 54.0466, -2.8007],
];

/** Fewest words in a generated body. */
export const MIN_BODY_WORDS = 50;
/** Most words in a generated body. */
export const MAX_BODY_WORDS = 150;

/** Sentence builders for bodies; each reads well for any subject. */
const SENTENCES: ((s: Subject, r: Random) => string)[] = [
  (s) => `${s.name} is the study of ${s.about}.`,
  (s) => `Students work in the ${s.facility} from their first term.`,
  (s, r) => `The programme includes ${r.sample(s.modules, 2).join(' and ')}.`,
  (s, r) => `Current research looks at ${r.pick(s.topics)}.`,
  (s, r) => `Graduates go on to work in ${r.pick(s.careers)}.`,
  (s) => `Staff in the ${s.department} welcome questions from the public.`,
  (_, r) => `The team includes ${r.pick(ADJECTIVES)} researchers from ${r.pick(TOWNS)[0]} and beyond.`,
  () => 'Sessions run in Welsh and English throughout the year.',
  (s) => `Find out more by contacting the ${s.department}.`,
  (s, r) => `Visitors can learn about ${r.pick(s.topics)} in a series of free talks.`,
  (s, r) =>
    `A new partnership with organisations in ${r.pick(TOWNS)[0]} brings ${s.noun} into the community.`,
  (s) => `Students ${s.activity}.`,
  (s, r) => `Interest in ${r.pick(s.topics)} has grown sharply in recent years.`,
  (_, r) => `Early results were presented at a conference in ${r.pick(TOWNS)[0]}.`,
  (_, r) => `The work was funded by ${r.pick(FUNDERS)} with a grant of ${r.pick(AMOUNTS)}.`,
  () => 'Everyone is welcome, and no previous experience is needed.',
];

/** 50–150 words of HTML paragraphs about `subject`; no sentence template is used twice. */
function body(subject: Subject, random: Random): string {
  const target = random.between(MIN_BODY_WORDS, MAX_BODY_WORDS);
  const paragraphs: string[] = [];
  let current: string[] = [];
  let words = 0;
  for (const build of random.sample(SENTENCES, SENTENCES.length)) {
    if (words >= target) break;
    const sentence = build(subject, random);
    const n = countWords(sentence);
    if (words >= MIN_BODY_WORDS && words + n > MAX_BODY_WORDS) continue;
    current.push(sentence);
    words += n;
    if (current.length === 4) {
      paragraphs.push(`<p>${current.join(' ')}</p>`);
      current = [];
    }
  }
  if (current.length > 0) paragraphs.push(`<p>${current.join(' ')}</p>`);
  return paragraphs.join('');
}

function countWords(text: string): number {
  let words = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) words++;
  return words;
}

// ---------------------------------------------------------------------------------------
// Images

interface GeneratedImage {
  key: string;
  title: string;
  portrait: boolean;
}

const IMAGES: readonly GeneratedImage[] = [
  ...[
    'Campus',
    'Library',
    'Laboratory',
    'Lecture theatre',
    'Harbour',
    'Hills',
    'City',
    'Concert hall',
    'Sports field',
    'Workshop',
    'Studio',
    'Garden',
  ].map((title) => ({ key: slugify(title), title, portrait: false })),
  ...[1, 2, 3, 4].map((n) => ({ key: `portrait-${n}`, title: `Profile placeholder ${n}`, portrait: true })),
];
const BANNERS = IMAGES.filter((image) => !image.portrait);
const PORTRAITS = IMAGES.filter((image) => image.portrait);

// ---------------------------------------------------------------------------------------
// Generation

const EPOCH = '2022-01-03T00:00:00Z';
const MINUTES_PER_DAY = 1440;
/** Days after {@link EPOCH} that generated timestamps can fall on (into 2028). */
const DAY_SPAN = 2400;

// Formatting dates through Date#toISOString cost a third of a 100,000-entry run; generated
// timestamps are whole minutes within a known span, so they are assembled from tables.
const DAY_STRINGS = Array.from({ length: DAY_SPAN }, (_, d) =>
  new Date(Date.parse(EPOCH) + d * 86_400_000).toISOString().slice(0, 10),
);
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** ISO timestamp of a moment given in minutes after {@link EPOCH}. */
function stamp(minutes: number): string {
  const day = Math.floor(minutes / MINUTES_PER_DAY);
  const rest = minutes - day * MINUTES_PER_DAY;
  const date = DAY_STRINGS[day];
  if (date === undefined) throw new RangeError(`Day ${day} is outside the generated date span`);
  return `${date}T${TWO_DIGITS[Math.floor(rest / 60)]}:${TWO_DIGITS[rest % 60]}:00Z`;
}

/** Minutes after {@link EPOCH} of `day` at `hour`:`minute`. */
const at = (day: number, hour: number, minute = 0): number => day * MINUTES_PER_DAY + hour * 60 + minute;

/** What entry `index` is about: enough for its node, and the start of its entry. */
interface Head {
  kind: Kind;
  subject: Subject;
  title: string;
  /** Meaningful for courses only. */
  level: StudyLevel;
}

/** Builds entries and nodes of one generated project on demand, by index. */
class SyntheticSite {
  readonly #entryNamespace: number;
  readonly #nodeNamespace: number;
  readonly #imageNamespace: number;
  readonly #sectionNodeIds: Record<Kind, string>;
  readonly #rootNodeId: string;
  readonly #seed: number;
  readonly #count: number;

  constructor(
    readonly projectId: string,
    seed: number,
    count: number,
  ) {
    const prefix = `canopy-generated/${projectId}/${seed}`;
    this.#entryNamespace = hashString(`${prefix}/entry`);
    this.#nodeNamespace = hashString(`${prefix}/node`);
    this.#imageNamespace = hashString(`${prefix}/image`);
    // Entry nodes are numbered by entry index; the root and sections use numbers from the top
    // of the 32-bit range, which no entry index reaches.
    this.#rootNodeId = fastGuid(this.#nodeNamespace, 0xffffffff);
    this.#sectionNodeIds = {
      course: fastGuid(this.#nodeNamespace, 0xfffffffe),
      newsArticle: fastGuid(this.#nodeNamespace, 0xfffffffd),
      event: fastGuid(this.#nodeNamespace, 0xfffffffc),
      person: fastGuid(this.#nodeNamespace, 0xfffffffb),
    };
    this.#seed = seed;
    this.#count = count;
  }

  entryId(index: number): string {
    return fastGuid(this.#entryNamespace, index);
  }

  imageId(image: GeneratedImage): string {
    return fastGuid(this.#imageNamespace, IMAGES.indexOf(image));
  }

  image(image: GeneratedImage, altText: string): ImageValue {
    return { asset: assetLink(this.imageId(image)), altText };
  }

  /** The subject and title of entry `index`: all a node needs, without building the entry. */
  head(index: number): Head {
    const random = createRandom(mixSeed(this.#seed, index, 1));
    const kind = kindOf(index);
    const subject = random.pick(SUBJECTS);
    switch (kind) {
      case 'course': {
        // Half undergraduate, 35% taught and 15% research postgraduate.
        const roll = random.int(20);
        const level = STUDY_LEVELS[roll < 10 ? 0 : roll < 17 ? 1 : 2];
        const name = random.chance(0.3) ? `${random.pick(COURSE_ADJECTIVES)} ${subject.name}` : subject.name;
        const suffix = random.chance(0.35) ? ` with ${random.pick(COURSE_WITH)}` : '';
        const qualification =
          level === 'Postgraduate research'
            ? random.pick(RESEARCH_DEGREES)
            : firstWord(subject.courses[level === 'Undergraduate' ? 0 : 1].title);
        const title = `${qualification} ${name}${level === 'Postgraduate research' ? '' : suffix}`;
        return { kind, subject, title, level };
      }
      case 'newsArticle': {
        const templates = [
          () => `${subject.name} researchers ${random.pick(NEWS_VERBS)} ${random.pick(subject.topics)}`,
          () => `${subject.name} students ${subject.activity}`,
          () => `${random.pick(['New', 'Upgraded', 'Specialist'])} equipment for the ${subject.facility}`,
          () => `${capitalise(random.pick(subject.topics))}: what ${random.pick(TOWNS)[0]} can learn`,
          () => `${random.pick(TOWNS)[0]} schools visit the ${subject.facility}`,
        ];
        return { kind, subject, title: random.pick(templates)(), level: STUDY_LEVELS[0] };
      }
      case 'event': {
        const [label] = random.pick(EVENT_KINDS);
        return {
          kind,
          subject,
          title: `${label}: ${capitalise(random.pick(subject.topics))}`,
          level: STUDY_LEVELS[0],
        };
      }
      case 'person':
        return {
          kind,
          subject,
          title: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
          level: STUDY_LEVELS[0],
        };
    }
  }

  entry(index: number): SeedEntry {
    const head = this.head(index);
    const { kind, title } = head;
    const random = createRandom(mixSeed(this.#seed, index, 2));
    const createdDay = random.int(1600);
    const created = at(createdDay, 9 + random.int(8), random.int(4) * 15);
    const banner = random.pick(BANNERS);
    const heroImage = this.image(banner, `${banner.title} picture`);
    const fields = this.fields(index, head, random, heroImage, createdDay);
    // A few drafts and pending edits, so version-status filters have something to do.
    const published = index % 50 !== 49;
    const entry: SeedEntry = {
      id: this.entryId(index),
      contentTypeId: kind,
      dataFormat: 'entry',
      owner: 'generator',
      created: stamp(created),
      modified: stamp(at(createdDay + 1 + random.int(60), 12)),
      includeInSearch: true,
      variations: { 'en-GB': { published, fields } },
    };
    if (index % 50 === 24) entry.variations['en-GB']!.draftFields = { title: `${title} (revised)` };
    return entry;
  }

  fields(
    index: number,
    { kind, subject, title, level }: Head,
    random: Random,
    heroImage: ImageValue,
    createdDay: number,
  ): Record<string, unknown> {
    switch (kind) {
      case 'course': {
        const mode = random.chance(0.7)
          ? 'Full-time'
          : random.chance(0.6)
            ? 'Part-time'
            : 'Distance learning';
        const years =
          level === STUDY_LEVELS[0]
            ? random.pick([3, 3, 4])
            : level === STUDY_LEVELS[1]
              ? random.pick([1, 1, 2])
              : random.pick([3, 3.5, 4]);
        return {
          title,
          summary: `Study ${subject.noun} ${mode === 'Distance learning' ? 'by distance learning' : mode.toLowerCase()} over ${years === 1 ? 'one year' : `${years} years`}, with modules such as ${random.pick(subject.modules)}.`,
          description: body(subject, random),
          subject: subjectTerm(subject, 'en-GB'),
          studyLevel: level,
          studyMode: mode,
          durationYears: years,
          startDate: `${2026 + random.int(3)}-${random.chance(0.8) ? '09-21' : '01-25'}T09:00:00Z`,
          courseCode: `${subject.code}-${1000 + random.int(9000)}`,
          heroImage,
          tags: [subject.noun.toLowerCase(), level.toLowerCase(), mode.toLowerCase()],
        };
      }
      case 'newsArticle': {
        const fields: Record<string, unknown> = {
          title,
          standfirst: `New work in the ${subject.department} focuses on ${random.pick(subject.topics)}.`,
          body: body(subject, random),
          publishDate: stamp(at(createdDay + 1, 8)),
          category: random.pick(NEWS_CATEGORIES),
          tags: [subject.noun.toLowerCase(), random.pick(subject.careers), random.pick(ADJECTIVES)],
          heroImage,
          // Links only point back at earlier entries, as on a real site, which also spares
          // the loader from patching forward links afterwards.
          relatedCourses: this.someOf('course', countOf('course', index), random, 2),
        };
        const [author] = this.someOf('person', countOf('person', index), random, 1);
        if (author) fields.author = author;
        return fields;
      }
      case 'event': {
        const [town, lat, lon] = random.pick(TOWNS);
        const from = at(1000 + random.int(1100), 10 + random.int(9));
        const category =
          EVENT_KINDS.find(([label]) => title.startsWith(`${label}:`))?.[1] ?? 'Public lecture';
        return {
          title,
          summary: `A ${category.toLowerCase()} about ${random.pick(subject.topics)}, open to everyone.`,
          description: body(subject, random),
          eventDates: { from: stamp(from), to: stamp(from + random.pick([90, 120, 180, 360, 1800])) },
          venueName: `${random.pick(VENUE_KINDS)}, ${town}`,
          // Jitter of up to ~3 km keeps events in one town apart on a map and in distance sorts.
          location: {
            lat: round(lat + (random.next() - 0.5) * 0.05),
            lon: round(lon + (random.next() - 0.5) * 0.05),
          },
          category,
          bookingRequired: random.chance(0.5),
          heroImage,
        };
      }
      case 'person': {
        const space = title.indexOf(' ');
        const first = title.slice(0, space);
        const last = title.slice(space + 1);
        const portrait = random.pick(PORTRAITS);
        return {
          title,
          firstName: first,
          lastName: last,
          jobTitle: `${random.pick(RANKS)} ${subject.name}`,
          department: subject.department,
          email: `${slugify(first)}.${slugify(last)}.${random.int(100000)}@aberwen.ac.example`,
          bio: body(subject, random),
          photo: this.image(portrait, `Profile placeholder for ${title}`),
          expertise: random.sample(subject.modules, 2),
        };
      }
    }
  }

  /** Links to up to `n` random entries of `kind` among the generated ones. */
  someOf(kind: Kind, available: number, random: Random, n: number) {
    const links = [];
    for (let i = 0; i < Math.min(n, available); i++) {
      links.push(entryLink(this.entryId(indexOfNth(kind, random.int(available))), kind));
    }
    return links;
  }

  *entries(): Generator<SeedEntry> {
    for (const image of IMAGES) yield this.imageEntry(image);
    for (let index = 0; index < this.#count; index++) yield this.entry(index);
  }

  imageEntry(image: GeneratedImage): SeedEntry {
    const size = image.portrait ? { width: 600, height: 600 } : { width: 1200, height: 675 };
    const key = `${this.projectId}/${image.key}`;
    return {
      id: this.imageId(image),
      contentTypeId: 'image',
      dataFormat: 'asset',
      owner: 'generator',
      created: EPOCH,
      modified: EPOCH,
      includeInSearch: true,
      variations: {
        'en-GB': {
          published: true,
          fields: {
            title: image.title,
            description: `Generated ${image.portrait ? 'portrait placeholder' : 'banner'}`,
            altText: `${image.title} picture`,
            keywords: ['generated', image.key],
          },
        },
      },
      asset: {
        // The project id in the path keeps files of different generated projects apart.
        uri: `/image-library/generated/${this.projectId}/${image.key}.svg`,
        mimeType: 'image/svg+xml',
        // Deferred: the loader only pays for the SVG text when it writes the file.
        content: () =>
          image.portrait
            ? portraitSvg(size.width, key, image.title)
            : bannerSvg({ ...size, label: image.title, seed: key }),
        ...size,
      },
    };
  }

  *nodes(): Generator<SeedNode> {
    const root = this.#rootNodeId;
    yield {
      id: root,
      parentId: null,
      slug: { 'en-GB': '' },
      displayName: { 'en-GB': 'Home' },
      includeInMenu: true,
    };
    for (const kind of Object.keys(SECTIONS) as Kind[]) {
      const section = SECTIONS[kind];
      yield {
        id: this.#sectionNodeIds[kind],
        parentId: root,
        slug: { 'en-GB': section.slug },
        displayName: { 'en-GB': section.title },
        includeInMenu: true,
      };
    }
    for (let index = 0; index < this.#count; index++) {
      const { kind, title } = this.head(index);
      yield {
        id: fastGuid(this.#nodeNamespace, index),
        parentId: this.#sectionNodeIds[kind],
        // The index suffix makes slugs unique however often a title repeats.
        slug: { 'en-GB': `${slugify(title)}-${index}` },
        displayName: { 'en-GB': title },
        entryId: this.entryId(index),
        includeInMenu: false,
      };
    }
  }
}

/**
 * A GUID-shaped id from a 32-bit namespace and a number. SHA-1 (as the demo's `stableGuid`
 * uses) costs too much at 100,000 entries; each 32-bit word here is a bijection of `n` for a
 * fixed namespace, so ids within a namespace never collide.
 */
function fastGuid(namespace: number, n: number): string {
  const a = hex8(mixSeed(namespace, n, 1));
  const b = hex8(mixSeed(namespace, n, 2));
  const c = hex8(mixSeed(namespace, n, 3));
  const d = hex8(mixSeed(namespace, n, 4));
  // Version nibble 4 and variant 8–b, as in a random (v4) GUID.
  const variant = ((Number.parseInt(c[0]!, 16) & 0x3) | 0x8).toString(16);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
}

// Number#toString(16) is slow enough to dominate a 100,000-entry run; a byte table is not.
const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex8(value: number): string {
  return (
    HEX_BYTES[(value >>> 24) & 0xff]! +
    HEX_BYTES[(value >>> 16) & 0xff]! +
    HEX_BYTES[(value >>> 8) & 0xff]! +
    HEX_BYTES[value & 0xff]!
  );
}

function firstWord(text: string): string {
  return text.slice(0, text.indexOf(' '));
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * Deterministic synthetic content of `count` entries (40% news articles, 20% each of
 * courses, events and people, in a fixed repeating order) plus sixteen image assets, with
 * one node per entry under `/courses`, `/news`, `/events` and `/people`. Every 50th entry
 * is an unpublished draft and another in every 50 has a pending edit.
 *
 * `entries` and `nodes` are lazy iterables that rebuild their items on every pass, so even
 * 100,000 entries cost only what the consumer keeps.
 *
 * @example
 * const content = generateContent({ count: 100_000, seed: 7 });
 * for (const entry of content.entries) write(entry);
 */
export function generateContent(options: GenerateOptions): SeedContent {
  const { count, seed = 1, projectId = 'website' } = options;
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number ≥ 0, got ${count}`);
  const generator = new SyntheticSite(projectId, seed, count);
  return {
    project: {
      id: projectId,
      name: `Generated content (${count} entries, seed ${seed})`,
      description: 'Synthetic benchmark content built from the demo vocabulary',
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB', 'cy'],
      deliverySysExclusions: [],
    },
    contentTypes: demoContentTypes(),
    entries: { [Symbol.iterator]: () => generator.entries() },
    nodes: { [Symbol.iterator]: () => generator.nodes() },
    taxonomy: subjectTaxonomy(),
    deliveryTokens: [],
  };
}
