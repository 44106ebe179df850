/**
 * The academic structure of the demo university: five faculties of four subjects, and the
 * vocabulary each subject lends to its courses, news, events and staff profiles. Keeping the
 * subject words in one place is what makes free-text search behave: "marine" or "robotics"
 * only appears in items generated from those subjects.
 */

/** Study levels a course can have (the `course.studyLevel` allowed values). */
export const STUDY_LEVELS = ['Undergraduate', 'Postgraduate taught', 'Postgraduate research'] as const;
/** A course's study level. */
export type StudyLevel = (typeof STUDY_LEVELS)[number];

/** Study modes a course can have (the `course.studyMode` allowed values). */
export const STUDY_MODES = ['Full-time', 'Part-time', 'Distance learning'] as const;
/** A course's study mode. */
export type StudyMode = (typeof STUDY_MODES)[number];

/** One course of a subject, before it becomes an entry. */
export interface CourseSpec {
  title: string;
  mode: StudyMode;
  years: number;
  /** Month of the first intake (1 = January, 9 = September). */
  startMonth: 1 | 9;
}

/** A subject and its vocabulary. */
export interface Subject {
  /** Slug-like id, also used for image keys. */
  id: string;
  name: string;
  nameCy: string;
  /** How the subject reads inside a sentence ("marine biology", "Welsh"). */
  noun: string;
  /** Four-letter prefix of course codes. */
  code: string;
  department: string;
  /** What the subject is about; completes "…is the study of …". */
  about: string;
  facility: string;
  modules: readonly string[];
  /** Research topics as noun phrases. */
  topics: readonly string[];
  careers: readonly string[];
  /** Something students do; completes "students …". */
  activity: string;
  /** Undergraduate, postgraduate taught and postgraduate research course, in that order. */
  courses: readonly [CourseSpec, CourseSpec, CourseSpec];
}

/** A faculty with its subjects. */
export interface Faculty {
  id: string;
  name: string;
  nameCy: string;
  subjects: readonly Subject[];
}

const ft = (title: string, years: number, startMonth: 1 | 9 = 9): CourseSpec => ({
  title,
  mode: 'Full-time',
  years,
  startMonth,
});
const pt = (title: string, years: number, startMonth: 1 | 9 = 9): CourseSpec => ({
  title,
  mode: 'Part-time',
  years,
  startMonth,
});
const dl = (title: string, years: number, startMonth: 1 | 9 = 9): CourseSpec => ({
  title,
  mode: 'Distance learning',
  years,
  startMonth,
});

/** The faculties in the order they appear in the taxonomy and on the site. */
export const FACULTIES: readonly Faculty[] = [
  {
    id: 'arts-humanities',
    name: 'Arts and Humanities',
    nameCy: "Y Celfyddydau a'r Dyniaethau",
    subjects: [
      {
        id: 'history',
        name: 'History',
        nameCy: 'Hanes',
        noun: 'history',
        code: 'HIST',
        department: 'School of History and Archaeology',
        about: 'how people in the past lived, argued, traded and remembered',
        facility: 'Ceridwen Reading Room',
        modules: [
          'Medieval Wales and the March',
          'Empire and its Aftermath',
          'The Industrial Valleys, 1780–1914',
          'Women, Work and Protest',
          'Reading the Archive',
        ],
        topics: [
          'letters sent home by Welsh settlers in Patagonia',
          'the slate quarry strikes of 1900',
          'medieval market towns along the coast',
        ],
        careers: ['archives and museums', 'the civil service', 'teaching'],
        activity: 'catalogue a newly donated collection of wartime letters',
        courses: [ft('BA History', 3), ft('MA Public History and Heritage', 1), ft('PhD History', 3)],
      },
      {
        id: 'welsh',
        name: 'Welsh',
        nameCy: 'Cymraeg',
        noun: 'Welsh',
        code: 'CYMR',
        department: 'School of Welsh and Celtic Studies',
        about: 'the language, literature and culture of Wales, from the earliest poetry to new writing',
        facility: 'Canolfan Iaith language centre',
        modules: [
          'The Mabinogi and Medieval Prose',
          'Creative Writing in Welsh',
          'Translation in Practice',
          'Language and Society in Modern Wales',
          'Poetry of the Princes',
        ],
        topics: [
          'how young people use Welsh on social media',
          'strict-metre poetry of the fifteenth century',
          'the place-names of the Teifi valley',
        ],
        careers: ['translation and interpreting', 'broadcasting', 'education'],
        activity: 'perform new poems at the local eisteddfod',
        courses: [
          ft('BA Welsh', 3),
          pt('MA Translation and Interpreting (Welsh)', 2),
          ft('MPhil Welsh', 2, 1),
        ],
      },
      {
        id: 'music',
        name: 'Music',
        nameCy: 'Cerddoriaeth',
        noun: 'music',
        code: 'MUSC',
        department: 'School of Music',
        about: 'performance, composition and the place of music in everyday life',
        facility: 'Harbourside Recital Hall',
        modules: [
          'Harmony and Counterpoint',
          'Composing for Screen',
          'Ensemble Performance',
          'Music and Protest',
          'Studio Production',
        ],
        topics: [
          'choral singing in former mining communities',
          'how audiences listen to live-streamed concerts',
          'forgotten women composers of the Edwardian era',
        ],
        careers: ['performance', 'arts administration', 'sound production'],
        activity: 'stage a lunchtime concert series in the city library',
        courses: [ft('BMus Music', 3), ft('MMus Composition', 1), pt('PhD Music', 6, 1)],
      },
      {
        id: 'philosophy',
        name: 'Philosophy',
        nameCy: 'Athroniaeth',
        noun: 'philosophy',
        code: 'PHIL',
        department: 'School of Philosophy',
        about: 'careful argument about knowledge, mind, value and how we ought to live',
        facility: 'Tŷ Pennant Seminar Rooms',
        modules: [
          'Logic and Argument',
          'Ethics of Technology',
          'Philosophy of Mind',
          'Political Philosophy',
          'Ancient Greek Thought',
        ],
        topics: [
          'the ethics of automated decision making',
          'trust in experts during public debates',
          'personal identity and memory',
        ],
        careers: ['law', 'policy research', 'the charity sector'],
        activity: 'run a philosophy café for sixth-form pupils',
        courses: [ft('BA Philosophy', 3), dl('MA Philosophy and Ethics', 2, 1), ft('PhD Philosophy', 3)],
      },
    ],
  },
  {
    id: 'science-engineering',
    name: 'Science and Engineering',
    nameCy: 'Gwyddoniaeth a Pheirianneg',
    subjects: [
      {
        id: 'robotics',
        name: 'Robotics',
        nameCy: 'Roboteg',
        noun: 'robotics',
        code: 'ROBO',
        department: 'School of Engineering',
        about: 'designing machines that sense, decide and act in the real world',
        facility: 'Autonomous Systems Lab',
        modules: [
          'Control Systems',
          'Machine Vision',
          'Embedded Programming',
          'Mobile Robot Navigation',
          'Human–Robot Interaction',
        ],
        topics: [
          'soft grippers that pick delicate fruit',
          'underwater drones that inspect harbour walls',
          'swarms of small robots that map collapsed buildings',
        ],
        careers: ['advanced manufacturing', 'agricultural technology', 'autonomous vehicles'],
        activity: 'enter a search-and-rescue robot in a national competition',
        courses: [
          ft('MEng Robotics and Autonomous Systems', 4),
          ft('MSc Robotics', 1),
          ft('PhD Robotics', 3.5, 1),
        ],
      },
      {
        id: 'computer-science',
        name: 'Computer Science',
        nameCy: 'Cyfrifiadureg',
        noun: 'computer science',
        code: 'COMP',
        department: 'School of Computing',
        about: 'how software is designed, built and kept secure',
        facility: 'Digital Innovation Hub',
        modules: [
          'Programming Fundamentals',
          'Algorithms and Data Structures',
          'Databases',
          'Cyber Security',
          'Human-Centred Design',
        ],
        topics: [
          'privacy-preserving analysis of health records',
          'the energy use of large data centres',
          'software that checks whether public websites are accessible',
        ],
        careers: ['software development', 'cyber security', 'data engineering'],
        activity: 'build apps for local charities in a weekend hackathon',
        courses: [
          ft('BSc Computer Science', 3),
          pt('MSc Software Engineering', 2, 1),
          ft('PhD Computer Science', 3.5),
        ],
      },
      {
        id: 'physics',
        name: 'Physics',
        nameCy: 'Ffiseg',
        noun: 'physics',
        code: 'PHYS',
        department: 'School of Physics',
        about: 'the laws that govern matter and energy, from atoms to galaxies',
        facility: 'Mynydd Bach Observatory',
        modules: [
          'Classical Mechanics',
          'Quantum Physics',
          'Electromagnetism',
          'Observational Astrophysics',
          'Computational Physics',
        ],
        topics: [
          'the atmospheres of planets around nearby stars',
          'sensors that detect tiny changes in gravity',
          'light pollution over rural Wales',
        ],
        careers: ['research and development', 'finance', 'the space industry'],
        activity: 'spend a clear night observing at the mountain observatory',
        courses: [
          ft('MPhys Physics with Astrophysics', 4),
          ft('MSc Quantum Technologies', 1),
          ft('PhD Physics', 3.5),
        ],
      },
      {
        id: 'civil-engineering',
        name: 'Civil Engineering',
        nameCy: 'Peirianneg Sifil',
        noun: 'civil engineering',
        code: 'CIVE',
        department: 'School of Engineering',
        about: 'the bridges, roads, flood defences and buildings that communities rely on',
        facility: 'Structures and Materials Laboratory',
        modules: [
          'Structural Analysis',
          'Geotechnics',
          'Hydraulics',
          'Sustainable Construction',
          'Engineering Surveying',
        ],
        topics: [
          'low-carbon concrete made with slate waste',
          'flood defences for small coastal towns',
          'how old stone bridges cope with heavier traffic',
        ],
        careers: ['infrastructure design', 'construction management', 'engineering consultancy'],
        activity: 'survey the ageing footbridge over the Afon Wen',
        courses: [
          ft('BEng Civil Engineering', 3),
          ft('MSc Coastal Engineering', 1),
          ft('EngD Civil Engineering', 4),
        ],
      },
    ],
  },
  {
    id: 'life-environment',
    name: 'Life and Environmental Sciences',
    nameCy: "Gwyddorau Bywyd a'r Amgylchedd",
    subjects: [
      {
        id: 'marine-biology',
        name: 'Marine Biology',
        nameCy: 'Bioleg y Môr',
        noun: 'marine biology',
        code: 'MARB',
        department: 'School of Ocean Sciences',
        about: 'life in the sea, from plankton to dolphins, and how it copes with a changing ocean',
        facility: 'Tidewater Marine Laboratory',
        modules: [
          'Marine Ecology',
          'Oceanography',
          'Biology of Fishes',
          'Field Skills at Sea',
          'Marine Conservation Policy',
        ],
        topics: [
          'the bottlenose dolphins of Cardigan Bay',
          'seagrass meadows as stores of carbon',
          'plankton blooms in warming coastal waters',
        ],
        careers: ['conservation', 'fisheries science', 'environmental consultancy'],
        activity: 'spend a week at sea aboard the research vessel Morlo',
        courses: [
          ft('BSc Marine Biology', 3),
          ft('MSc Marine Conservation', 1),
          ft('PhD Marine Biology', 3.5, 1),
        ],
      },
      {
        id: 'environmental-science',
        name: 'Environmental Science',
        nameCy: 'Gwyddor yr Amgylchedd',
        noun: 'environmental science',
        code: 'ENVS',
        department: 'School of Earth and Environment',
        about: 'how air, water, soil and living things interact, and how people change them',
        facility: 'Glan-yr-afon Field Station',
        modules: [
          'Soil Science',
          'Climate Systems',
          'Pollution and Remediation',
          'Environmental Data Analysis',
          'Upland Ecosystems',
        ],
        topics: [
          'peat bogs that lock away carbon in the Cambrian Mountains',
          'microplastics in river sediments',
          'air quality near busy school gates',
        ],
        careers: ['environmental regulation', 'the water industry', 'sustainability consultancy'],
        activity: 'monitor water quality along the Afon Wen',
        courses: [
          ft('BSc Environmental Science', 3),
          dl('MSc Climate Change and Land Management', 2),
          ft('MRes Environmental Science', 1),
        ],
      },
      {
        id: 'geography',
        name: 'Geography',
        nameCy: 'Daearyddiaeth',
        noun: 'geography',
        code: 'GEOG',
        department: 'School of Earth and Environment',
        about: 'places, landscapes and the ways people shape them and are shaped by them',
        facility: 'Mapping and GIS Suite',
        modules: [
          'Rivers and Coasts',
          'Geographic Information Systems',
          'Rural Communities',
          'Glacial Landscapes',
          'Urban Futures',
        ],
        topics: [
          'why young people leave rural villages and what brings them back',
          'coastal erosion along the Ceredigion shore',
          'the growth of second homes in seaside towns',
        ],
        careers: ['town planning', 'GIS analysis', 'local government'],
        activity: 'map glacial landforms on a field course in Eryri',
        courses: [ft('BA Geography', 3), pt('MSc Geographic Information Systems', 2), pt('PhD Geography', 6)],
      },
      {
        id: 'zoology',
        name: 'Zoology',
        nameCy: 'Sŵoleg',
        noun: 'zoology',
        code: 'ZOOL',
        department: 'School of Biological Sciences',
        about: 'how animals behave, evolve and survive in the wild',
        facility: 'Animal Behaviour Centre',
        modules: [
          'Animal Behaviour',
          'Evolution',
          'Vertebrate Biology',
          'Entomology',
          'Wildlife Survey Techniques',
        ],
        topics: [
          'red kites returning to the valleys of mid Wales',
          'the decline of wild bees on farmland',
          'how bats find their way around wind turbines',
        ],
        careers: ['wildlife conservation', 'ecological survey', 'animal welfare'],
        activity: 'track otters along the riverbank with camera traps',
        courses: [ft('BSc Zoology', 3), ft('MSc Wildlife Conservation', 1), ft('MPhil Zoology', 2, 1)],
      },
    ],
  },
  {
    id: 'health-care',
    name: 'Health and Social Care',
    nameCy: 'Iechyd a Gofal Cymdeithasol',
    subjects: [
      {
        id: 'nursing',
        name: 'Nursing',
        nameCy: 'Nyrsio',
        noun: 'nursing',
        code: 'NURS',
        department: 'School of Health Sciences',
        about: 'caring for adults and their families with skill, compassion and sound evidence',
        facility: 'Clinical Simulation Suite',
        modules: [
          'Foundations of Adult Nursing',
          'Pharmacology for Nurses',
          'Long-term Conditions',
          'Leadership in Care',
          'Mental Health Awareness',
        ],
        topics: [
          'loneliness among older patients after hospital discharge',
          'safe staffing on night shifts',
          'community nursing in remote villages',
        ],
        careers: ['hospital nursing', 'community care', 'health visiting'],
        activity: 'practise emergency care on lifelike manikins',
        courses: [
          ft('BSc Adult Nursing', 3),
          pt('MSc Advanced Clinical Practice', 3, 1),
          pt('Professional Doctorate in Nursing', 5),
        ],
      },
      {
        id: 'psychology',
        name: 'Psychology',
        nameCy: 'Seicoleg',
        noun: 'psychology',
        code: 'PSYC',
        department: 'School of Psychology',
        about: 'how people think, feel, learn and behave, studied through experiment and observation',
        facility: 'Sleep and Cognition Lab',
        modules: [
          'Cognitive Psychology',
          'Developmental Psychology',
          'Research Methods and Statistics',
          'Social Psychology',
          'Biological Psychology',
        ],
        topics: [
          'how bilingual children switch between languages',
          'sleep and memory in teenagers',
          'the effect of green spaces on wellbeing',
        ],
        careers: ['clinical psychology', 'human resources', 'user research'],
        activity: 'run memory experiments with volunteers from the city',
        courses: [ft('BSc Psychology', 3), ft('MSc Clinical Neuropsychology', 1), ft('PhD Psychology', 3)],
      },
      {
        id: 'sport-exercise-science',
        name: 'Sport and Exercise Science',
        nameCy: 'Gwyddor Chwaraeon ac Ymarfer Corff',
        noun: 'sport and exercise science',
        code: 'SPOR',
        department: 'School of Sport and Health',
        about: 'how the body responds to training, and how to help people perform and stay well',
        facility: 'Penlan Human Performance Lab',
        modules: [
          'Exercise Physiology',
          'Biomechanics',
          'Sports Nutrition',
          'Coaching Practice',
          'Strength and Conditioning',
        ],
        topics: [
          "injury prevention in women's rugby",
          'walking football for older adults',
          'heat stress in endurance athletes',
        ],
        careers: ['coaching', 'sports development', 'health promotion'],
        activity: 'test the fitness of a local rugby squad before the new season',
        courses: [
          ft('BSc Sport and Exercise Science', 3),
          ft('MSc Strength and Conditioning', 1),
          pt('MPhil Sport and Exercise Science', 4, 1),
        ],
      },
      {
        id: 'pharmacy',
        name: 'Pharmacy',
        nameCy: 'Fferylliaeth',
        noun: 'pharmacy',
        code: 'PHAR',
        department: 'School of Pharmacy',
        about: 'medicines: how they are made, how they work and how to use them safely',
        facility: 'Model Pharmacy and Dispensary',
        modules: [
          'Pharmaceutical Chemistry',
          'Pharmacology',
          'Clinical Therapeutics',
          'Formulation Science',
          'Pharmacy Law and Ethics',
        ],
        topics: [
          'antibiotic resistance in rural communities',
          'medicines from plants that grow on Welsh hillsides',
          'helping patients take several medicines safely',
        ],
        careers: ['community pharmacy', 'hospital pharmacy', 'the pharmaceutical industry'],
        activity: 'run free medicine reviews at a pop-up clinic',
        courses: [ft('MPharm Pharmacy', 4), dl('MSc Clinical Pharmacy', 3), ft('PhD Pharmacy', 3)],
      },
    ],
  },
  {
    id: 'business-law-society',
    name: 'Business, Law and Society',
    nameCy: 'Busnes, y Gyfraith a Chymdeithas',
    subjects: [
      {
        id: 'law',
        name: 'Law',
        nameCy: 'Y Gyfraith',
        noun: 'law',
        code: 'LAWS',
        department: 'Aberwen Law School',
        about: 'how legal rules are made, argued over and applied, in Wales and beyond',
        facility: 'Moot Court',
        modules: [
          'Contract Law',
          'Criminal Law',
          'Public Law in Wales',
          'Land Law',
          'Shipping and Trade Law',
        ],
        topics: [
          'laws made by the Senedd since devolution',
          'access to legal advice in rural areas',
          'the law of the sea and offshore wind farms',
        ],
        careers: ['practice as a solicitor', 'the bar', 'compliance'],
        activity: 'argue a mock appeal before a visiting judge',
        courses: [ft('LLB Law', 3), ft('LLM Maritime Law', 1), ft('PhD Law', 3, 1)],
      },
      {
        id: 'business-management',
        name: 'Business Management',
        nameCy: 'Rheoli Busnes',
        noun: 'business management',
        code: 'BUSM',
        department: 'Aberwen Business School',
        about: 'how organisations are led, financed and grown responsibly',
        facility: 'Enterprise Hub',
        modules: [
          'Principles of Management',
          'Accounting for Managers',
          'Digital Marketing',
          'Entrepreneurship',
          'Responsible Leadership',
        ],
        topics: [
          'family firms passing to the next generation',
          'how small rural shops move to online sales',
          'staff wellbeing in the hospitality trade',
        ],
        careers: ['management consultancy', 'marketing', 'starting a business'],
        activity: 'pitch start-up ideas to a panel of local investors',
        courses: [
          ft('BSc Business Management', 3),
          pt('MBA Master of Business Administration', 2.5, 1),
          pt('DBA Doctor of Business Administration', 5),
        ],
      },
      {
        id: 'economics',
        name: 'Economics',
        nameCy: 'Economeg',
        noun: 'economics',
        code: 'ECON',
        department: 'Aberwen Business School',
        about: 'how people, firms and governments choose between scarce resources',
        facility: 'Economics Trading Room',
        modules: [
          'Microeconomics',
          'Macroeconomics',
          'Econometrics',
          'Economics of the Environment',
          'Behavioural Economics',
        ],
        topics: [
          'the cost of living in coastal towns',
          'what a university is worth to its local economy',
          'housing affordability for young workers',
        ],
        careers: ['economic analysis', 'banking', 'the public sector'],
        activity: 'advise a mock central bank in a national interest-rate challenge',
        courses: [ft('BSc Economics', 3), ft('MSc Financial Economics', 1), ft('PhD Economics', 3)],
      },
      {
        id: 'journalism',
        name: 'Journalism',
        nameCy: 'Newyddiaduraeth',
        noun: 'journalism',
        code: 'JOUR',
        department: 'School of Media and Journalism',
        about: 'finding, checking and telling stories that matter, in print, audio and video',
        facility: 'Newsroom and Broadcast Studio',
        modules: [
          'News Writing',
          'Media Law',
          'Data Journalism',
          'Radio and Podcasting',
          'Investigative Reporting',
        ],
        topics: [
          'the closure of local newspapers in Wales',
          'how readers judge whether a story is true',
          'Welsh-language news on digital platforms',
        ],
        careers: ['reporting', 'communications', 'broadcast production'],
        activity: 'produce a live election-night radio programme',
        courses: [
          ft('BA Journalism', 3),
          ft('MA Investigative Journalism', 1),
          ft('MPhil Media and Journalism', 1.5),
        ],
      },
    ],
  },
];

/** All subjects, faculty by faculty. */
export const SUBJECTS: readonly Subject[] = FACULTIES.flatMap((faculty) => faculty.subjects);

/** The faculty a subject belongs to. */
export function facultyOf(subject: Subject): Faculty {
  const faculty = FACULTIES.find((f) => f.subjects.includes(subject));
  if (!faculty) throw new Error(`Subject ${subject.id} has no faculty`);
  return faculty;
}

/** A subject by id; throws for an unknown id so typos in the seed fail loudly. */
export function subjectById(id: string): Subject {
  const subject = SUBJECTS.find((s) => s.id === id);
  if (!subject) throw new Error(`Unknown subject ${id}`);
  return subject;
}
