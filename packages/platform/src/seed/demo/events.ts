import type { SeedEntry, SeedVariation } from '../types.js';
import { EVENT_CATEGORIES } from './content-types.js';
import { addDays, addHours, earlier } from './dates.js';
import { demoEntryId } from './ids.js';
import { imageValue, imageValueCy } from './images.js';
import type { PersonRecord } from './people.js';
import { createRandom, hashString } from './random.js';
import { FACULTIES, SUBJECTS, type Subject, subjectById } from './subjects.js';
import { capitalise, paragraphs, slugify } from './text.js';
import { EDITORS } from './university.js';
import { VENUES, type Venue, type VenueKey } from './venues.js';

/** An event category. */
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** An event before it becomes an entry. */
export interface EventRecord {
  id: string;
  slug: string;
  title: string;
  summary: string;
  description: string;
  category: EventCategory;
  subject: Subject;
  venue: Venue;
  from: string;
  to: string;
  bookingRequired: boolean;
  heroImageKey: string;
  /** Welsh variation, for the five events that have one. */
  cy?: WelshEvent;
}

/** The Welsh text of an event; dates, place and category are the English variation's. */
export interface WelshEvent {
  title: string;
  slug: string;
  summary: string;
  /** Paragraphs after the summary in the description. */
  more: string[];
}

/**
 * Welsh versions of five events, by English slug: the ones that fall in the first weeks after
 * the seeding day (see `FIRST_EVENT_OFFSET_DAYS`), one of each category but lectures, so the
 * Welsh listing has something coming up whenever the demo is seeded.
 */
const WELSH_EVENTS: Record<string, WelshEvent> = {
  'machines-that-move': {
    title: 'Peiriannau sy’n symud',
    slug: 'peiriannau-syn-symud',
    summary:
      'O deganau clocwaith i robotiaid sy’n cerdded: arddangosfa ymarferol o beiriannau a adeiladwyd ar y campws.',
    more: [
      'Mae’r arddangosfa’n dangos gwaith o’r Labordy Systemau Awtonomaidd ac Ysgol Peirianneg y brifysgol. Mae mynediad am ddim, a does dim angen archebu lle.',
    ],
  },
  'an-evening-of-welsh-poetry': {
    title: 'Noson o farddoniaeth Gymraeg',
    slug: 'noson-o-farddoniaeth-gymraeg',
    summary: 'Mae beirdd y Ganolfan Iaith yn darllen gwaith newydd, gyda chyfieithiadau Saesneg ar y sgrin.',
    more: ['Mae’r drysau’n agor hanner awr cyn y dechrau. Mae tocynnau am ddim i fyfyrwyr a staff.'],
  },
  'rock-pool-ramble': {
    title: 'Crwydro’r pyllau glan môr',
    slug: 'crwydro-pyllau-glan-mor',
    summary: 'Dewch i ddarganfod crancod, anemonïau a physgod y traeth, gyda biolegwyr y môr yn eich tywys.',
    more: [
      'Mae nifer y lleoedd yn gyfyngedig, felly archebwch ymlaen llaw. Gwisgwch esgidiau sy’n addas i greigiau gwlyb.',
    ],
  },
  'open-water-swim': {
    title: 'Nofio dŵr agored',
    slug: 'nofio-dwr-agored',
    summary: 'Nofio milltir yn y môr i nofwyr profiadol, dan oruchwyliaeth a gyda chaiacau diogelwch.',
    more: ['Mae croeso i wylwyr. Mae ystafelloedd newid a lluniaeth ar gael yn y lleoliad.'],
  },
  'undergraduate-open-day-life-and-environmental-sciences': {
    title: 'Diwrnod agored israddedig: Gwyddorau Bywyd a’r Amgylchedd',
    slug: 'diwrnod-agored-israddedig-gwyddorau-bywyd-ar-amgylchedd',
    summary:
      'Dewch i weld y campws a chwrdd â’r bobl sy’n dysgu bioleg y môr, gwyddor yr amgylchedd, daearyddiaeth a sŵoleg.',
    more: [
      'Bydd staff a myfyrwyr presennol y Gyfadran ar gael i ateb eich cwestiynau.',
      'Mae sgyrsiau am gyllid myfyrwyr a llety bob awr, ac mae parcio am ddim ar gampws Penlan.',
    ],
  },
};

/** A hand-written event: title, subject id, venue, one-sentence blurb. */
type Listing = [title: string, subjectId: string, venue: VenueKey, blurb: string];

const EXHIBITIONS: Listing[] = [
  [
    'Tide Lines: photographs of the Ceredigion coast',
    'geography',
    'artsCentre',
    'Forty years of coastal change, seen through the lenses of staff, students and local photographers.',
  ],
  [
    'Letters from Patagonia',
    'history',
    'library',
    'Letters, diaries and photographs sent home by settlers who sailed from Wales to South America.',
  ],
  [
    'Printing the Mabinogi',
    'welsh',
    'library',
    'Early printed editions of the medieval tales, shown alongside new illustrations by students.',
  ],
  [
    'Machines that Move',
    'robotics',
    'artsCentre',
    'From clockwork toys to walking robots: a hands-on display of machines built on campus.',
  ],
  [
    'Bridges of the Afon Wen',
    'civil-engineering',
    'library',
    'Drawings, models and surveys of the seven bridges that cross the river on its way to the sea.',
  ],
  [
    'Under the Microscope',
    'zoology',
    'artsCentre',
    'Striking close-up images of insects, feathers and scales from the Animal Behaviour Centre.',
  ],
  [
    'Stargazing from Mynydd Bach',
    'physics',
    'swansea',
    'Photographs of the night sky taken from the university observatory, printed large.',
  ],
  [
    'Front Pages',
    'journalism',
    'cardiff',
    'A century of local newspaper front pages, and the stories behind them.',
  ],
  [
    'The Medicine Garden',
    'pharmacy',
    'fieldStation',
    'A living display of plants that have given us medicines, with guided walks at weekends.',
  ],
  [
    'Seagrass and Sea Glass',
    'marine-biology',
    'marineLab',
    'Art and science meet in an exhibition about the underwater meadows of the bay.',
  ],
];

const PERFORMANCES: Listing[] = [
  [
    'Aberwen Folk Festival',
    'music',
    'recitalHall',
    'Three days of folk music, dance and song from Wales, Ireland and Brittany.',
  ],
  [
    'Winter Choral Concert',
    'music',
    'greatHall',
    'The university choirs sing music for the darkest evenings of the year.',
  ],
  [
    'Student Showcase: New Compositions',
    'music',
    'recitalHall',
    'First performances of new pieces written by composition students.',
  ],
  [
    'An Evening of Welsh Poetry',
    'welsh',
    'artsCentre',
    'Poets from the Canolfan Iaith read new work, with English translations projected alongside.',
  ],
  [
    'Festival of Ideas',
    'philosophy',
    'artsCentre',
    'A weekend of short talks, debates and conversations about the questions that matter.',
  ],
  [
    'Coastal Film Festival',
    'journalism',
    'artsCentre',
    'Documentaries and short films made by students and by filmmakers from along the coast.',
  ],
  [
    'Lunchtime Recital Series',
    'music',
    'recitalHall',
    'Forty-minute recitals by students and staff, free and open to everyone.',
  ],
  [
    'Debate Night: Should Robots Have Rights?',
    'robotics',
    'greatHall',
    'Engineers and philosophers go head to head in a lively public debate.',
  ],
  [
    'Mock Trial: The Lighthouse Keeper',
    'law',
    'artsCentre',
    'Law students present a gripping courtroom drama in which the audience is the jury.',
  ],
  [
    'Harbourside Jazz Evening',
    'music',
    'recitalHall',
    'Student and staff bands play jazz standards and new arrangements by the water.',
  ],
];

const WORKSHOPS: Listing[] = [
  [
    'Aberwen Science Festival: Family Day',
    'physics',
    'greatHall',
    'Experiments, demonstrations and hands-on activities for all ages, all day.',
  ],
  [
    'Build a Robot in a Day',
    'robotics',
    'greatHall',
    'Teams of two build and program a small robot to complete an obstacle course.',
  ],
  [
    'Coding Club for Beginners',
    'computer-science',
    'library',
    'A friendly first step into programming for adults who have never written code.',
  ],
  [
    'Rock Pool Ramble',
    'marine-biology',
    'northBeach',
    'Discover the crabs, anemones and fish of the shore with marine biologists as your guides.',
  ],
  [
    'Write Your Family History',
    'history',
    'library',
    'Learn how to use parish records, census returns and old newspapers to trace your family.',
  ],
  [
    'First Aid for Everyone',
    'nursing',
    'greatHall',
    'Practical first aid skills that could save a life, taught by nursing lecturers.',
  ],
  [
    'Mindfulness and Memory',
    'psychology',
    'library',
    'What the science says about attention and memory, with simple exercises to try at home.',
  ],
  [
    'Start-up Bootcamp',
    'business-management',
    'manchester',
    'Two intensive days on turning an idea into a business, for graduates and students.',
  ],
  [
    'Map Your Village',
    'geography',
    'carmarthen',
    'Use free mapping tools to record the history and landmarks of where you live.',
  ],
  [
    'Wild Bee Watch',
    'zoology',
    'fieldStation',
    'Learn to identify the bees in your garden and help with a national survey.',
  ],
];

const SPORT: Listing[] = [
  [
    'Aberwen 10K Coastal Run',
    'sport-exercise-science',
    'northBeach',
    'A scenic ten-kilometre route along the cliff path, open to runners of all abilities.',
  ],
  [
    'Varsity Rugby Match',
    'sport-exercise-science',
    'sportsVillage',
    'The biggest match of the year: come and cheer on the university first fifteen.',
  ],
  [
    'Inter-faculty Netball Tournament',
    'sport-exercise-science',
    'sportsVillage',
    'Teams from all five faculties compete for the Penlan Shield.',
  ],
  [
    'Open Water Swim',
    'sport-exercise-science',
    'northBeach',
    'A supervised one-mile sea swim for experienced swimmers, with safety kayaks.',
  ],
  [
    'Walking Football Taster',
    'sport-exercise-science',
    'sportsVillage',
    'A gentle, sociable version of the game for players over fifty.',
  ],
  [
    'Campus Cycle Challenge',
    'sport-exercise-science',
    'sportsVillage',
    'Log your journeys by bike for a month and help your department win.',
  ],
  [
    'Rowing Regatta on the Afon Wen',
    'sport-exercise-science',
    'recitalHall',
    'University and town crews race on the lower river, finishing by the harbour.',
  ],
  [
    'Climbing Wall Open Night',
    'sport-exercise-science',
    'sportsVillage',
    'Try the climbing wall with instructors on hand; all equipment is provided.',
  ],
  [
    'Wheelchair Basketball Exhibition Match',
    'sport-exercise-science',
    'sportsVillage',
    'An exhibition match between two of the strongest teams in Wales.',
  ],
  [
    'Fell Running Trial on Mynydd Bach',
    'sport-exercise-science',
    'observatory',
    'A tough eight-mile hill race with views across the whole of the bay.',
  ],
];

const LECTURE_VENUES: VenueKey[] = [
  'greatHall',
  'artsCentre',
  'cardiff',
  'greatHall',
  'london',
  'aberystwyth',
  'greatHall',
  'swansea',
  'bristol',
  'carmarthen',
];

/**
 * Days from the demo's today back to the first event: about a third of the programme lies in
 * the past (the past events listing) and two thirds ahead, so upcoming events, open days among
 * them, are listed whatever the day of seeding.
 */
const FIRST_EVENT_OFFSET_DAYS = -236;
/** Days between consecutive events; 60 events at this spacing span about two years. */
const EVENT_SPACING_DAYS = 12;

/** Start hour and length in hours of an event of each category. */
const TIMING: Record<EventCategory, [startHour: number, hours: number]> = {
  'Open day': [10, 6],
  'Public lecture': [18, 1.5],
  Exhibition: [10, 24 * 42 + 7],
  Performance: [19, 2.5],
  Workshop: [10, 3],
  Sport: [9, 6],
};

function listingRecord(
  category: Exclude<EventCategory, 'Open day' | 'Public lecture'>,
  [title, subjectId, venue, blurb]: Listing,
  index: number,
): Omit<EventRecord, 'from' | 'to'> {
  const subject = subjectById(subjectId);
  const slug = slugify(title);
  const followUp: Record<typeof category, string> = {
    Exhibition: `The exhibition draws on work from the ${subject.facility} and the ${subject.department}. Entry is free and there is no need to book.`,
    Performance: 'Doors open thirty minutes before the start. Tickets are free for students and staff.',
    Workshop: `The session is led by staff from the ${subject.department}. Places are limited, so please book ahead.`,
    Sport: 'Spectators are welcome. Changing rooms and refreshments are available at the venue.',
  };
  return {
    id: demoEntryId('event', slug),
    slug,
    title,
    summary: blurb,
    description: paragraphs(blurb, followUp[category]),
    category,
    subject,
    venue: VENUES[venue],
    bookingRequired: category !== 'Exhibition' && !(category === 'Sport' && /Match|Regatta/.test(title)),
    // Sport and performances use their category picture; the others alternate with the subject's.
    heroImageKey:
      category === 'Sport' || category === 'Performance' || index % 2 === 1
        ? `event/${slugify(category)}`
        : `subject/${subject.id}`,
  };
}

function openDays(): Omit<EventRecord, 'from' | 'to'>[] {
  return FACULTIES.flatMap((faculty) =>
    (['Undergraduate open day', 'Postgraduate open evening'] as const).map((kind) => {
      const title = `${kind}: ${faculty.name}`;
      const names = faculty.subjects.map((s) => s.noun);
      const subjects = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
      const summary =
        kind === 'Undergraduate open day'
          ? `Tour the campus and meet the people who teach ${subjects}.`
          : `Find out about master's and research degrees in ${subjects}.`;
      return {
        id: demoEntryId('event', slugify(title)),
        slug: slugify(title),
        title,
        summary,
        description: paragraphs(
          `${summary} Staff and current students from the Faculty of ${faculty.name} will be on hand to answer your questions.`,
          'There are talks on student finance and accommodation every hour, and free parking on the Penlan campus.',
        ),
        category: 'Open day' as const,
        subject: faculty.subjects[0]!,
        venue: kind === 'Undergraduate open day' ? VENUES.greatHall : VENUES.library,
        bookingRequired: true,
        heroImageKey: 'event/open-day',
      };
    }),
  );
}

function lectures(people: readonly PersonRecord[]): Omit<EventRecord, 'from' | 'to'>[] {
  return LECTURE_VENUES.map((venueKey, k) => {
    const subject = SUBJECTS[(2 * k + 1) % SUBJECTS.length]!;
    const topic = subject.topics[k % subject.topics.length]!;
    const speaker = people.find((p) => p.subject === subject)!;
    const title = `Public lecture: ${capitalise(topic)}`;
    const summary = `${speaker.fullName} explains what ${subject.noun} research is revealing about ${topic}.`;
    return {
      id: demoEntryId('event', slugify(title)),
      slug: slugify(title),
      title,
      summary,
      description: paragraphs(
        `In this free public lecture, ${speaker.fullName} (${speaker.jobTitle}) explains what ${subject.noun} research is revealing about ${topic}.`,
        'The talk lasts about an hour and is followed by questions from the audience. Everyone is welcome, and the lecture will be recorded.',
      ),
      category: 'Public lecture' as const,
      subject,
      venue: VENUES[venueKey],
      bookingRequired: true,
      heroImageKey: k % 2 === 0 ? `subject/${subject.id}` : 'event/public-lecture',
    };
  });
}

/**
 * Sixty events, ten per category, dated every twelve days with the categories interleaved,
 * from about eight months before `today` (see `demoToday`) to sixteen months after it. An
 * open day comes round every 72 days.
 */
export function eventRecords(people: readonly PersonRecord[], today: string): EventRecord[] {
  const first = addDays(today, FIRST_EVENT_OFFSET_DAYS, 0);
  const byCategory: Record<EventCategory, Omit<EventRecord, 'from' | 'to'>[]> = {
    'Open day': openDays(),
    'Public lecture': lectures(people),
    Exhibition: EXHIBITIONS.map((l, i) => listingRecord('Exhibition', l, i)),
    Performance: PERFORMANCES.map((l, i) => listingRecord('Performance', l, i)),
    Workshop: WORKSHOPS.map((l, i) => listingRecord('Workshop', l, i)),
    Sport: SPORT.map((l, i) => listingRecord('Sport', l, i)),
  };
  const records: EventRecord[] = [];
  for (let j = 0; j < 10; j++) {
    for (const category of EVENT_CATEGORIES) {
      const base = byCategory[category][j]!;
      const random = createRandom(hashString(`event/${base.slug}`));
      const [categoryHour, hours] = TIMING[category];
      // Festivals run over a long weekend and open evenings are evenings, whatever the category.
      const evening = /open evening/.test(base.title);
      const hour = evening ? 17 : categoryHour;
      const length =
        /Festival/.test(base.title) && category !== 'Workshop' ? 24 * 2 + 4 : evening ? 3 : hours;
      const day = records.length * EVENT_SPACING_DAYS + random.int(5);
      const from = addDays(first, day, hour, category === 'Public lecture' ? 30 : 0);
      const record: EventRecord = { ...base, from, to: addHours(from, length) };
      const cy = WELSH_EVENTS[base.slug];
      if (cy) record.cy = cy;
      records.push(record);
    }
  }
  return records;
}

/**
 * The event entries, written (created) before `today` and at most 75 days before the event,
 * with Welsh variations where an event has one.
 */
export function eventEntries(records: readonly EventRecord[], today: string): SeedEntry[] {
  return records.map((record, i) => {
    const created = earlier(addDays(record.from, -75, 10), addDays(today, -14 + (i % 7), 10));
    const fields = {
      title: record.title,
      summary: record.summary,
      description: record.description,
      eventDates: { from: record.from, to: record.to },
      venueName: record.venue.name,
      location: { lat: record.venue.lat, lon: record.venue.lon },
      category: record.category,
      bookingRequired: record.bookingRequired,
      heroImage: imageValue(record.heroImageKey),
    };
    const variations: Record<string, SeedVariation> = { 'en-GB': { published: true, fields } };
    if (record.cy) {
      variations.cy = {
        published: true,
        fields: {
          ...fields,
          title: record.cy.title,
          summary: record.cy.summary,
          description: paragraphs(record.cy.summary, ...record.cy.more),
          venueName: record.venue.nameCy,
          heroImage: imageValueCy(record.heroImageKey),
        },
      };
    }
    return {
      id: record.id,
      contentTypeId: 'event',
      dataFormat: 'entry',
      owner: EDITORS.events,
      created,
      modified: addDays(created, 1 + (i % 4), 15),
      includeInSearch: true,
      variations,
    };
  });
}
