import type { SeedEntry } from '../types.js';
import { addDays, REFERENCE_DATE } from './dates.js';
import { demoEntryId } from './ids.js';
import { imageValue, PORTRAIT_COUNT } from './images.js';
import { createRandom, hashString } from './random.js';
import { SUBJECTS, type Subject } from './subjects.js';
import { paragraphs, slugify } from './text.js';
import { EDITORS, UNIVERSITY } from './university.js';

/** A staff member before becoming an entry. */
export interface PersonRecord {
  id: string;
  slug: string;
  firstName: string;
  lastName: string;
  fullName: string;
  jobTitle: string;
  department: string;
  email: string;
  bio: string;
  expertise: string[];
  portrait: number;
  /** Set for academics. */
  subject?: Subject;
}

/** Professional staff: [first, last, job title, department, bio sentences, expertise]. */
const PROFESSIONAL_STAFF: [string, string, string, string, string[], string[]][] = [
  [
    'Elin',
    'Rowlands',
    'Vice-Chancellor',
    "Vice-Chancellor's Office",
    [
      'Elin Rowlands became Vice-Chancellor in 2022, after a decade leading research at two universities in England and Scotland.',
      'A chemist by training, she has made widening access to higher education in rural Wales the priority of her term.',
    ],
    ['University leadership', 'Widening access', 'Higher education policy'],
  ],
  [
    'Marcus',
    'Adebayo',
    'Pro Vice-Chancellor for Research',
    'Research and Innovation Office',
    [
      'Marcus Adebayo oversees the research strategy of the university and its partnerships with industry and public bodies.',
      'He previously ran a national programme supporting early-career researchers.',
    ],
    ['Research strategy', 'Research funding', 'Knowledge exchange'],
  ],
  [
    'Siân',
    'Pritchard',
    'Head of Communications',
    'Communications and Marketing',
    [
      'Siân Pritchard leads the team that tells the stories of Aberwen students and staff, in Welsh and English.',
      'Journalists can contact her for interviews, photographs and comment.',
    ],
    ['Media relations', 'Bilingual communications'],
  ],
  [
    'Tomos',
    'Griffiths',
    'Press Officer',
    'Communications and Marketing',
    [
      'Tomos Griffiths writes news about research and student achievements and looks after the university’s social media channels.',
      'He joined the press office after several years as a reporter on a regional paper.',
    ],
    ['News writing', 'Social media'],
  ],
  [
    'Priya',
    'Raman',
    'Director of Student Services',
    'Student Services',
    [
      'Priya Raman is responsible for accommodation, wellbeing, disability support and careers advice.',
      'She chairs the group that plans welcome week for new students each September.',
    ],
    ['Student wellbeing', 'Accommodation', 'Careers guidance'],
  ],
  [
    'Gareth',
    'Lloyd',
    'University Librarian',
    'Library and Learning Centre',
    [
      'Gareth Lloyd manages the library’s collections, study spaces and digital services.',
      'He led the recent refurbishment that added two hundred study places and a late-night reading room.',
    ],
    ['Library services', 'Open access publishing'],
  ],
  [
    'Hannah',
    'Okonjo',
    'Events Manager',
    'Events and Conferences',
    [
      'Hannah Okonjo organises open days, graduation ceremonies and the public lecture programme.',
      'If you would like to hold a conference on campus, she is the person to ask.',
    ],
    ['Event planning', 'Conferences'],
  ],
  [
    'Bethan',
    'Harries',
    'University Archivist',
    'Special Collections and Archives',
    [
      'Bethan Harries cares for the university’s archive of papers, photographs and objects going back to its foundation.',
      'She welcomes visiting researchers and runs handling sessions for school groups.',
    ],
    ['Archives', 'Special collections', 'Digitisation'],
  ],
];

/** Academic staff names; each is matched with a subject in order (see `ACADEMIC_SUBJECTS`). */
const ACADEMIC_NAMES: [string, string][] = [
  ['Aled', 'Morgan'],
  ['Catrin', 'Owen'],
  ['Daniel', 'Okafor'],
  ['Ffion', 'Jenkins'],
  ['Rhys', 'Powell'],
  ['Mei', 'Chen'],
  ['Iwan', 'Price'],
  ['Sofia', 'Marchetti'],
  ['Dafydd', 'Evans'],
  ['Grace', 'Mensah'],
  ['Owain', 'Thomas'],
  ['Leila', 'Haddad'],
  ['Huw', 'Bevan'],
  ['Anna', 'Kowalska'],
  ['Osian', 'Williams'],
  ['Niamh', 'Brennan'],
  ['Carys', 'Hughes'],
  ['Rajesh', 'Iyer'],
  ['Megan', 'Rees'],
  ['Tomasz', 'Nowak'],
  ['Lowri', 'Davies'],
  ['Samuel', 'Achterberg'],
  ['Eleri', 'Parry'],
  ['Kwame', 'Asante'],
  ['Nia', 'Watkins'],
  ['Jonathan', 'Hale'],
  ['Alys', 'Lewis'],
  ['Mateo', 'Fernández'],
  ['Gwen', 'Matthews'],
  ['Yusuf', 'Karim'],
  ['Seren', 'Phillips'],
  ['Oliver', 'Banks'],
];

/** Every subject gets one academic; these twelve get a second. */
const SECOND_ACADEMIC_SUBJECTS = [
  'marine-biology',
  'robotics',
  'history',
  'welsh',
  'computer-science',
  'nursing',
  'psychology',
  'law',
  'environmental-science',
  'music',
  'journalism',
  'physics',
];

const SENIOR_RANKS = ['Professor of', 'Reader in', 'Professor of', 'Senior Lecturer in'];
const JUNIOR_RANKS = ['Lecturer in', 'Senior Lecturer in', 'Research Fellow in'];
const BACKGROUNDS = [
  'spent several years as a researcher in Edinburgh',
  'worked in industry for almost a decade',
  'held a fellowship at a research institute in Leiden',
  'taught in a secondary school in Swansea',
  'worked for a national charity',
  'was a civil servant in Cardiff',
  'completed a doctorate in Toronto',
  'ran a small consultancy',
];

function emailFor(first: string, last: string): string {
  return `${slugify(first).replace(/-/g, '')}.${slugify(last).replace(/-/g, '')}@${UNIVERSITY.emailDomain}`;
}

/**
 * The forty staff profiles: eight professional staff, then thirty-two academics (one per
 * subject, and a second in twelve subjects).
 */
export function peopleRecords(): PersonRecord[] {
  const records: PersonRecord[] = PROFESSIONAL_STAFF.map(
    ([first, last, jobTitle, department, bio, expertise], i) => ({
      id: demoEntryId('person', slugify(`${first} ${last}`)),
      slug: slugify(`${first} ${last}`),
      firstName: first,
      lastName: last,
      fullName: `${first} ${last}`,
      jobTitle,
      department,
      email: emailFor(first, last),
      bio: paragraphs(...bio),
      expertise,
      portrait: (i % PORTRAIT_COUNT) + 1,
    }),
  );
  const academicSubjects = [
    ...SUBJECTS,
    ...SECOND_ACADEMIC_SUBJECTS.map((id) => SUBJECTS.find((s) => s.id === id)!),
  ];
  ACADEMIC_NAMES.forEach(([first, last], i) => {
    const subject = academicSubjects[i]!;
    const senior = i < SUBJECTS.length;
    const random = createRandom(hashString(`person/${first}/${last}`));
    const rank = senior ? SENIOR_RANKS[i % SENIOR_RANKS.length]! : JUNIOR_RANKS[i % JUNIOR_RANKS.length]!;
    const [topic, otherTopic] = random.sample(subject.topics, 2);
    const [moduleA, moduleB] = random.sample(subject.modules, 2);
    const fullName = `${first} ${last}`;
    const year = 2004 + random.int(20);
    records.push({
      id: demoEntryId('person', slugify(fullName)),
      slug: slugify(fullName),
      firstName: first,
      lastName: last,
      fullName,
      jobTitle: `${rank} ${subject.name}`,
      department: subject.department,
      email: emailFor(first, last),
      bio: paragraphs(
        `${fullName} teaches and researches ${subject.noun} in the ${subject.department}. Current research centres on ${topic}, and teaching includes the modules ${moduleA} and ${moduleB}.`,
        `Before joining ${UNIVERSITY.name} in ${year}, ${first} ${random.pick(BACKGROUNDS)}. ${first} is happy to speak to journalists about ${otherTopic}.`,
      ),
      expertise: [subject.name, moduleA!, moduleB!],
      portrait: (records.length % PORTRAIT_COUNT) + 1,
      subject,
    });
  });
  return records;
}

/** The academic who writes about `subject`, or the press officer when the subject has none. */
export function authorFor(people: readonly PersonRecord[], subject: Subject, turn: number): PersonRecord {
  const academics = people.filter((p) => p.subject === subject);
  const pressOffice = people.filter((p) => p.department === 'Communications and Marketing');
  const candidates = [...academics, ...pressOffice];
  return candidates[turn % candidates.length]!;
}

/** The person entries. */
export function peopleEntries(people: readonly PersonRecord[]): SeedEntry[] {
  return people.map((person, i) => {
    const created = addDays(REFERENCE_DATE, -500 + i * 7, 9, 30);
    return {
      id: person.id,
      contentTypeId: 'person',
      dataFormat: 'entry',
      owner: EDITORS.people,
      created,
      modified: addDays(created, 30 + (i % 5) * 11, 15),
      includeInSearch: true,
      variations: {
        'en-GB': {
          published: true,
          fields: {
            title: person.fullName,
            firstName: person.firstName,
            lastName: person.lastName,
            jobTitle: person.jobTitle,
            department: person.department,
            email: person.email,
            bio: person.bio,
            photo: imageValue(`portrait/${person.portrait}`, {
              altText: `Profile placeholder for ${person.fullName}`,
            }),
            expertise: person.expertise,
          },
        },
      },
    };
  });
}
