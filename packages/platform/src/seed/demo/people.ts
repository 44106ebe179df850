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
  /** The profile in Welsh (every profile has one). */
  cy: { jobTitle: string; department: string; bio: string; expertise: string[] };
}

/** Welsh names of the schools and offices staff work in, by English name. */
const DEPARTMENTS_CY: Record<string, string> = {
  "Vice-Chancellor's Office": 'Swyddfa’r Is-Ganghellor',
  'Research and Innovation Office': 'Y Swyddfa Ymchwil ac Arloesi',
  'Communications and Marketing': 'Cyfathrebu a Marchnata',
  'Student Services': 'Gwasanaethau Myfyrwyr',
  'Library and Learning Centre': 'Y Llyfrgell a’r Ganolfan Ddysgu',
  'Events and Conferences': 'Digwyddiadau a Chynadleddau',
  'Special Collections and Archives': 'Casgliadau Arbennig ac Archifau',
  'School of History and Archaeology': 'Ysgol Hanes ac Archaeoleg',
  'School of Welsh and Celtic Studies': 'Ysgol y Gymraeg ac Astudiaethau Celtaidd',
  'School of Music': 'Ysgol Cerddoriaeth',
  'School of Philosophy': 'Ysgol Athroniaeth',
  'School of Engineering': 'Ysgol Peirianneg',
  'School of Computing': 'Ysgol Cyfrifiadureg',
  'School of Physics': 'Ysgol Ffiseg',
  'School of Ocean Sciences': 'Ysgol Gwyddorau’r Eigion',
  'School of Earth and Environment': 'Ysgol y Ddaear a’r Amgylchedd',
  'School of Biological Sciences': 'Ysgol y Gwyddorau Biolegol',
  'School of Health Sciences': 'Ysgol y Gwyddorau Iechyd',
  'School of Psychology': 'Ysgol Seicoleg',
  'School of Sport and Health': 'Ysgol Chwaraeon ac Iechyd',
  'School of Pharmacy': 'Ysgol Fferylliaeth',
  'Aberwen Law School': 'Ysgol y Gyfraith Aberwen',
  'Aberwen Business School': 'Ysgol Fusnes Aberwen',
  'School of Media and Journalism': 'Ysgol y Cyfryngau a Newyddiaduraeth',
};

function departmentCy(department: string): string {
  const welsh = DEPARTMENTS_CY[department];
  if (!welsh) throw new Error(`No Welsh name for ${department}`);
  return welsh;
}

/**
 * How a subject follows a rank in a Welsh job title ("Darlithydd mewn Hanes", "Athro yn y
 * Gyfraith"): `mewn` before an indefinite name, `yn` (mutated) before a definite one.
 */
const SUBJECT_AFTER_RANK_CY: Record<string, string> = {
  history: 'mewn Hanes',
  welsh: 'yn y Gymraeg',
  music: 'mewn Cerddoriaeth',
  philosophy: 'mewn Athroniaeth',
  robotics: 'mewn Roboteg',
  'computer-science': 'mewn Cyfrifiadureg',
  physics: 'mewn Ffiseg',
  'civil-engineering': 'mewn Peirianneg Sifil',
  'marine-biology': 'ym Mioleg y Môr',
  'environmental-science': 'yng Ngwyddor yr Amgylchedd',
  geography: 'mewn Daearyddiaeth',
  zoology: 'mewn Sŵoleg',
  nursing: 'mewn Nyrsio',
  psychology: 'mewn Seicoleg',
  'sport-exercise-science': 'mewn Gwyddor Chwaraeon ac Ymarfer Corff',
  pharmacy: 'mewn Fferylliaeth',
  law: 'yn y Gyfraith',
  'business-management': 'mewn Rheoli Busnes',
  economics: 'mewn Economeg',
  journalism: 'mewn Newyddiaduraeth',
};

/** Welsh ranks, by the English rank's words before the subject. */
const RANKS_CY: Record<string, string> = {
  'Professor of': 'Athro',
  'Reader in': 'Darllenydd',
  'Senior Lecturer in': 'Uwch-ddarlithydd',
  'Lecturer in': 'Darlithydd',
  'Research Fellow in': 'Cymrawd Ymchwil',
};

/** Welsh profiles of the professional staff, by slug: job title, bio sentences, expertise. */
const PROFESSIONAL_STAFF_CY: Record<string, [string, string[], string[]]> = {
  'elin-rowlands': [
    'Is-Ganghellor',
    [
      'Daeth Elin Rowlands yn Is-Ganghellor yn 2022, ar ôl degawd yn arwain ymchwil mewn dwy brifysgol yn Lloegr a’r Alban.',
      'Cemegydd yw hi o ran hyfforddiant, ac mae ehangu mynediad i addysg uwch yng nghefn gwlad Cymru wrth galon ei chyfnod yn y swydd.',
    ],
    ['Arweinyddiaeth prifysgol', 'Ehangu mynediad', 'Polisi addysg uwch'],
  ],
  'marcus-adebayo': [
    'Dirprwy Is-Ganghellor Ymchwil',
    [
      'Mae Marcus Adebayo yn goruchwylio strategaeth ymchwil y brifysgol a’i phartneriaethau â diwydiant a chyrff cyhoeddus.',
      'Cyn hynny, bu’n arwain rhaglen genedlaethol i gefnogi ymchwilwyr ar ddechrau eu gyrfa.',
    ],
    ['Strategaeth ymchwil', 'Cyllid ymchwil', 'Cyfnewid gwybodaeth'],
  ],
  'sian-pritchard': [
    'Pennaeth Cyfathrebu',
    [
      'Mae Siân Pritchard yn arwain y tîm sy’n adrodd hanesion myfyrwyr a staff Aberwen, yn Gymraeg ac yn Saesneg.',
      'Gall newyddiadurwyr gysylltu â hi i drefnu cyfweliadau, lluniau a sylwadau.',
    ],
    ['Cysylltiadau â’r cyfryngau', 'Cyfathrebu dwyieithog'],
  ],
  'tomos-griffiths': [
    'Swyddog y Wasg',
    [
      'Mae Tomos Griffiths yn ysgrifennu newyddion am ymchwil a llwyddiannau myfyrwyr, ac yn gofalu am sianeli cyfryngau cymdeithasol y brifysgol.',
      'Ymunodd â swyddfa’r wasg ar ôl sawl blwyddyn yn ohebydd ar bapur rhanbarthol.',
    ],
    ['Ysgrifennu newyddion', 'Cyfryngau cymdeithasol'],
  ],
  'priya-raman': [
    'Cyfarwyddwr Gwasanaethau Myfyrwyr',
    [
      'Mae Priya Raman yn gyfrifol am lety, lles, cymorth i fyfyrwyr anabl a chyngor gyrfaoedd.',
      'Hi sy’n cadeirio’r grŵp sy’n cynllunio’r wythnos groeso bob mis Medi.',
    ],
    ['Lles myfyrwyr', 'Llety', 'Cyngor gyrfaoedd'],
  ],
  'gareth-lloyd': [
    'Llyfrgellydd y Brifysgol',
    [
      'Mae Gareth Lloyd yn rheoli casgliadau, mannau astudio a gwasanaethau digidol y llyfrgell.',
      'Ef a arweiniodd y gwaith adnewyddu diweddar a ychwanegodd ddau gant o leoedd astudio ac ystafell ddarllen sydd ar agor yn hwyr y nos.',
    ],
    ['Gwasanaethau llyfrgell', 'Cyhoeddi mynediad agored'],
  ],
  'hannah-okonjo': [
    'Rheolwr Digwyddiadau',
    [
      'Mae Hannah Okonjo yn trefnu diwrnodau agored, seremonïau graddio a’r rhaglen o ddarlithoedd cyhoeddus.',
      'Os hoffech gynnal cynhadledd ar y campws, hi yw’r person i’w holi.',
    ],
    ['Trefnu digwyddiadau', 'Cynadleddau'],
  ],
  'bethan-harries': [
    'Archifydd y Brifysgol',
    [
      'Mae Bethan Harries yn gofalu am archif y brifysgol o bapurau, ffotograffau a gwrthrychau sy’n mynd yn ôl i’w sefydlu.',
      'Mae’n croesawu ymchwilwyr o’r tu allan ac yn cynnal sesiynau trin gwrthrychau i grwpiau ysgol.',
    ],
    ['Archifau', 'Casgliadau arbennig', 'Digideiddio'],
  ],
};

/** The Welsh profile of a professional staff member. */
function professionalCy(slug: string, department: string): PersonRecord['cy'] {
  const profile = PROFESSIONAL_STAFF_CY[slug];
  if (!profile) throw new Error(`No Welsh profile for ${slug}`);
  const [jobTitle, bio, expertise] = profile;
  return {
    jobTitle,
    department: departmentCy(department),
    bio: paragraphs(...bio),
    expertise: [...expertise],
  };
}

/** The Welsh profile of an academic, from the same facts as the English one. */
function academicCy(
  first: string,
  fullName: string,
  rank: string,
  subject: Subject,
  year: number,
): PersonRecord['cy'] {
  const rankCy = RANKS_CY[rank];
  const after = SUBJECT_AFTER_RANK_CY[subject.id];
  if (!rankCy || !after) throw new Error(`No Welsh job title for ${rank} ${subject.name}`);
  const department = departmentCy(subject.department);
  return {
    jobTitle: `${rankCy} ${after}`,
    department,
    bio: paragraphs(
      `Mae ${fullName} yn addysgu ac yn ymchwilio yn ${department}. Ymunodd ${first} â’r brifysgol yn ${year}.`,
      `Mae ${first} yn croesawu ymholiadau gan ddarpar fyfyrwyr ymchwil.`,
    ),
    expertise: [subject.nameCy],
  };
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
 * subject, and a second in twelve subjects), each in English and Welsh.
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
      cy: professionalCy(slugify(`${first} ${last}`), department),
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
      cy: academicCy(first, fullName, rank, subject, year),
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

/** The person entries, each with an English and a Welsh variation. */
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
        cy: {
          published: true,
          fields: {
            title: person.fullName,
            firstName: person.firstName,
            lastName: person.lastName,
            jobTitle: person.cy.jobTitle,
            department: person.cy.department,
            email: person.email,
            bio: person.cy.bio,
            photo: imageValue(`portrait/${person.portrait}`, {
              altText: `Llun proffil dros dro ar gyfer ${person.fullName}`,
            }),
            expertise: [...person.cy.expertise],
          },
        },
      },
    };
  });
}
