import type { SeedEntry, SeedVariation } from '../types.js';
import { type ComposerItem, heading, markup, picture, quote } from './composer.js';
import type { CourseRecord } from './courses.js';
import { addDays, REFERENCE_DATE } from './dates.js';
import { demoEntryId } from './ids.js';
import { HANDBOOK_URI, imageValue, imageValueCy } from './images.js';
import { entryLink } from './links.js';
import type { NewsRecord } from './news.js';
import { paragraphs } from './text.js';
import { EDITORS, UNIVERSITY } from './university.js';

/** A page of the site (an entry that is not a course, article, event or person). */
export interface PageRecord {
  /** English path; `/` for the home page. Parents are listed before children. */
  path: string;
  slug: string;
  title: string;
  /** Welsh slug and title, for pages with a Welsh variation. */
  cy?: { slug: string; title: string };
  includeInMenu: boolean;
  entry: SeedEntry;
}

interface ContentPageText {
  title: string;
  summary: string;
  heroImage?: string;
  body: ComposerItem[];
}

interface ContentPageSpec extends ContentPageText {
  path: string;
  requiredGroups?: string[];
  includeInSearch?: boolean;
  includeInMenu?: boolean;
  cy?: ContentPageText & { slug: string };
}

const ABOUT_PAGES: ContentPageSpec[] = [
  {
    path: '/about',
    title: 'About Aberwen University',
    summary:
      'A university by the sea in west Wales, teaching and researching in Welsh and English since 1889.',
    heroImage: 'page/about',
    body: [
      heading('A university by the sea'),
      markup(
        paragraphs(
          'Aberwen University sits on a hillside above the harbour of Aberwen, on the Cardigan Bay coast. Around nine thousand students study here in five faculties, from music to nursing and from law to zoology.',
          'We are a bilingual university: many courses can be studied partly or wholly in Welsh, and every student can learn the language for free.',
        ),
      ),
      quote(
        'We want every student to leave Aberwen more curious than they arrived.',
        'Elin Rowlands, Vice-Chancellor',
      ),
      heading('Find out more'),
      markup(
        '<ul><li><a href="/about/history">Our history</a></li><li><a href="/about/governance">How the university is run</a></li><li><a href="/about/campus">Our campus</a></li></ul>',
      ),
    ],
    cy: {
      slug: 'amdanom-ni',
      title: 'Amdanom ni',
      summary:
        'Prifysgol ger y môr yng ngorllewin Cymru, yn dysgu ac yn ymchwilio yn Gymraeg ac yn Saesneg ers 1889.',
      heroImage: 'page/about',
      body: [
        heading('Prifysgol ger y môr'),
        markup(
          paragraphs(
            'Mae Prifysgol Aberwen ar lethr uwchben harbwr Aberwen, ar arfordir Bae Ceredigion. Mae tua naw mil o fyfyrwyr yn astudio yma mewn pum cyfadran, o gerddoriaeth i nyrsio ac o’r gyfraith i sŵoleg.',
            'Rydyn ni’n brifysgol ddwyieithog: gallwch astudio llawer o gyrsiau yn rhannol neu’n gyfan gwbl yn Gymraeg, a gall pob myfyriwr ddysgu’r iaith am ddim.',
          ),
        ),
        quote(
          'Rydyn ni am i bob myfyriwr adael Aberwen yn fwy chwilfrydig nag yr oedd wrth gyrraedd.',
          'Elin Rowlands, Is-Ganghellor',
        ),
      ],
    },
  },
  {
    path: '/about/history',
    title: 'Our history',
    summary: 'From a single college above the harbour to a university of five faculties.',
    heroImage: 'page/history',
    body: [
      heading('The Old College'),
      markup(
        paragraphs(
          'The college opened in October 1889 with fifty-two students and eleven teachers, in a former hotel bought with money raised by quarry workers, farmers and chapels across the county.',
        ),
      ),
      heading('Growth after the war'),
      markup(
        paragraphs(
          'After 1945 the college grew quickly. The Penlan campus was laid out in the 1960s, and the laboratories on the harbour opened in 1972.',
        ),
      ),
      picture('page/history', 'The Old College with its clock tower', 'The Old College, around 1895'),
      heading('A university in its own right'),
      markup(
        paragraphs(
          'The college received its own university charter in 1994 and took the name Aberwen University. Today it teaches in Welsh and English and welcomes students from more than eighty countries.',
        ),
      ),
    ],
    cy: {
      slug: 'ein-hanes',
      title: 'Ein hanes',
      summary: 'O un coleg uwchben yr harbwr i brifysgol â phum cyfadran.',
      heroImage: 'page/history',
      body: [
        heading('Yr Hen Goleg'),
        markup(
          paragraphs(
            'Agorodd y coleg ym mis Hydref 1889 gyda hanner cant a dau o fyfyrwyr ac un ar ddeg o athrawon, mewn hen westy a brynwyd ag arian a gasglwyd gan chwarelwyr, ffermwyr a chapeli ar draws y sir.',
          ),
        ),
        heading('Prifysgol yn ei hawl ei hun'),
        markup(
          paragraphs(
            'Cafodd y coleg ei siarter prifysgol ei hun yn 1994, a chymryd yr enw Prifysgol Aberwen. Heddiw mae’n dysgu yn Gymraeg ac yn Saesneg ac yn croesawu myfyrwyr o fwy nag wyth deg o wledydd.',
          ),
        ),
      ],
    },
  },
  {
    path: '/about/history/founders',
    title: 'Our founders',
    summary: 'The teachers, ministers and quarry owners who raised the money for a college in Aberwen.',
    heroImage: 'page/founders',
    body: [
      markup(
        paragraphs(
          'The campaign for a college in Aberwen began in 1883 at a public meeting in the market hall. Three people did more than anyone to make it happen.',
        ),
      ),
      heading('Ann Maddocks (1841–1919)'),
      markup(
        paragraphs(
          'A schoolteacher who had trained in London, Ann Maddocks organised the penny collections that raised almost a third of the money. She insisted from the start that women should be admitted on equal terms.',
        ),
      ),
      heading('The Reverend Thomas Prys (1830–1902)'),
      markup(
        paragraphs(
          'Minister of the Tabernacle chapel and a fine speaker, Thomas Prys toured the county on horseback to win support, preaching in Welsh in the afternoons and lecturing in English in the evenings.',
        ),
      ),
      heading('John Harries Lloyd (1837–1911)'),
      markup(
        paragraphs(
          'The owner of a slate quarry in the hills above the town, John Harries Lloyd bought the former Bay Hotel and gave it to the college. It is still known as the Old College.',
        ),
      ),
      quote('Let the college belong to the people who paid for it, every penny of it.', 'Ann Maddocks, 1886'),
    ],
    cy: {
      slug: 'ein-sylfaenwyr',
      title: 'Ein sylfaenwyr',
      summary: 'Y bobl a gododd arian i sefydlu coleg yn Aberwen.',
      heroImage: 'page/founders',
      body: [
        markup(paragraphs('Athrawon, gweinidogion a pherchnogion chwareli a gyfrannodd at y coleg cyntaf.')),
        heading('Ann Maddocks (1841–1919)'),
        markup(
          paragraphs(
            'Athrawes a drefnodd y casgliadau ceiniog a gododd bron i draean o’r arian. Mynnodd o’r dechrau y dylai menywod gael eu derbyn ar yr un telerau â dynion.',
          ),
        ),
        heading('Y Parchedig Thomas Prys (1830–1902)'),
        markup(
          paragraphs(
            'Gweinidog capel y Tabernacl a fu’n teithio’r sir ar gefn ceffyl i ennill cefnogaeth, gan bregethu yn Gymraeg yn y prynhawn a darlithio yn Saesneg gyda’r nos.',
          ),
        ),
        heading('John Harries Lloyd (1837–1911)'),
        markup(
          paragraphs(
            'Perchennog chwarel lechi yn y bryniau uwchben y dref, a brynodd hen Westy’r Bae a’i roi i’r coleg. Mae’n dal i gael ei alw’n Hen Goleg.',
          ),
        ),
      ],
    },
  },
  {
    path: '/about/history/founders/founding-charter',
    title: 'The founding charter',
    summary: 'The 1889 document that set out what the new college was for.',
    body: [
      markup(
        paragraphs(
          'The founding charter was sealed on 2 September 1889. It set out the purpose of the college in a single sentence: to provide teaching of a university standard to the people of west Wales, without regard to creed, class or sex.',
        ),
      ),
      quote(
        'The college shall be open to all who are able to benefit from it.',
        'Founding charter, clause 3',
      ),
      markup(
        paragraphs(
          'The original charter is kept in the university archives and goes on display every year during welcome week.',
        ),
      ),
    ],
    cy: {
      slug: 'y-siarter-sefydlu',
      title: 'Y siarter sefydlu',
      summary: 'Y ddogfen a roddodd hawl i’r coleg ddyfarnu graddau.',
      body: [
        markup(
          paragraphs(
            'Seliwyd y siarter sefydlu ar 2 Medi 1889. Mae’n nodi pwrpas y coleg mewn un frawddeg: rhoi addysg o safon prifysgol i bobl gorllewin Cymru, heb ystyried cred, dosbarth na rhyw.',
            'Mae’r siarter wreiddiol i’w gweld yn archif y brifysgol.',
          ),
        ),
      ],
    },
  },
  {
    path: '/about/history/archives',
    title: 'University archives',
    summary: 'Papers, photographs and objects from the life of the university since 1889.',
    heroImage: 'page/library',
    body: [
      markup(
        paragraphs(
          'The archives hold minute books, student magazines, photographs, architectural drawings and the personal papers of many former staff.',
          'Researchers, students and members of the public are welcome to visit by appointment. Contact the University Archivist to arrange a visit.',
        ),
      ),
    ],
    cy: {
      slug: 'archifau',
      title: 'Archifau’r brifysgol',
      summary: 'Papurau, ffotograffau a gwrthrychau o fywyd y brifysgol ers 1889.',
      heroImage: 'page/library',
      body: [
        markup(
          paragraphs(
            'Mae’r archif yn cadw llyfrau cofnodion, cylchgronau myfyrwyr, ffotograffau, darluniau pensaernïol a phapurau personol llawer o gyn-aelodau staff.',
            'Mae croeso i ymchwilwyr ac ysgolion ymweld â’r archif drwy apwyntiad.',
          ),
        ),
      ],
    },
  },
  {
    path: '/about/governance',
    title: 'Governance',
    summary: 'How the university is run and who makes decisions.',
    heroImage: 'page/governance',
    body: [
      heading('Council and Senate'),
      markup(
        paragraphs(
          'The University Council is the governing body. It sets the strategy of the university, oversees its finances and appoints the Vice-Chancellor.',
          'The Senate is responsible for academic matters such as degrees, teaching and examinations.',
        ),
      ),
      heading('Annual reports'),
      markup(paragraphs('Our annual report and financial statements are published every December.')),
    ],
    cy: {
      slug: 'llywodraethu',
      title: 'Llywodraethu',
      summary: 'Sut mae’r brifysgol yn cael ei rhedeg, a phwy sy’n gwneud penderfyniadau.',
      heroImage: 'page/governance',
      body: [
        markup(
          paragraphs(
            'Y Cyngor yw corff llywodraethu’r brifysgol, a’r Senedd Academaidd sy’n gyfrifol am faterion academaidd.',
          ),
        ),
        heading('Adroddiadau blynyddol'),
        markup(
          paragraphs(
            'Rydyn ni’n cyhoeddi ein hadroddiad blynyddol a’n datganiadau ariannol bob mis Rhagfyr.',
          ),
        ),
      ],
    },
  },
  {
    path: '/about/governance/council',
    title: 'The University Council',
    summary: 'Members of the Council and its committees.',
    body: [
      markup(
        paragraphs(
          'The Council has twenty-one members: twelve independent members, five members of staff, two students, the Vice-Chancellor and an independent chair.',
          'It meets four times a year. Its committees cover audit and risk, finance, nominations and remuneration.',
        ),
      ),
    ],
    cy: {
      slug: 'cyngor',
      title: 'Cyngor y Brifysgol',
      summary: 'Aelodau’r Cyngor a’i bwyllgorau.',
      body: [
        markup(
          paragraphs(
            'Mae gan y Cyngor un aelod ar hugain: deuddeg aelod annibynnol, pum aelod o staff, dau fyfyriwr, yr Is-Ganghellor a chadeirydd annibynnol.',
            'Mae’r Cyngor yn cyfarfod bedair gwaith y flwyddyn.',
          ),
        ),
      ],
    },
  },
  {
    path: '/about/campus',
    title: 'Our campus',
    summary: 'The Penlan campus, the harbour site and the field station.',
    heroImage: 'page/campus',
    body: [
      heading('Penlan'),
      markup(
        paragraphs(
          'Most teaching takes place on the Penlan campus, a fifteen-minute walk uphill from the town centre. It is home to the Great Hall, the Library and Learning Centre, the sports village and most halls of residence.',
        ),
      ),
      heading('The harbour'),
      markup(
        paragraphs('Down by the water are the Tidewater Marine Laboratory and the Harbourside Recital Hall.'),
      ),
      heading('The field station'),
      markup(
        paragraphs(
          'Glan-yr-afon Field Station, eight kilometres inland, has laboratories, a teaching barn and ninety hectares of woodland and wet meadow.',
        ),
      ),
      picture('page/campus', 'Campus buildings among trees on a hillside', 'Penlan campus in early summer'),
    ],
    cy: {
      slug: 'ein-campws',
      title: 'Ein campws',
      summary: 'Campws Penlan, safle’r harbwr a’r orsaf faes.',
      heroImage: 'page/campus',
      body: [
        heading('Penlan'),
        markup(
          paragraphs(
            'Mae’r rhan fwyaf o’r dysgu’n digwydd ar gampws Penlan, taith gerdded pymtheg munud i fyny’r allt o ganol y dref. Yno mae’r Neuadd Fawr, y Llyfrgell a’r Ganolfan Ddysgu, y pentref chwaraeon a’r rhan fwyaf o’r neuaddau preswyl.',
          ),
        ),
        heading('Yr harbwr'),
        markup(paragraphs('Ger y dŵr mae Labordy Morol Tidewater a Neuadd Gyngerdd yr Harbwr.')),
        heading('Yr orsaf faes'),
        markup(
          paragraphs(
            'Mae gan Orsaf Maes Glan-yr-afon, wyth cilometr i mewn i’r tir, labordai, ysgubor ddysgu a naw deg hectar o goetir a dolydd gwlyb.',
          ),
        ),
        picture('page/campus', 'Adeiladau’r campws ymhlith coed ar lethr', 'Campws Penlan ar ddechrau’r haf'),
      ],
    },
  },
  {
    path: '/about/campus/getting-here',
    title: 'Getting here',
    summary: 'Travelling to Aberwen by train, bus, car or bike.',
    body: [
      heading('By train and bus'),
      markup(
        paragraphs(
          'The nearest railway stations are Aberystwyth and Carmarthen. Buses run from both to Aberwen bus station every half hour, and the journey takes about fifty minutes.',
        ),
      ),
      heading('By car'),
      markup(
        paragraphs(
          'Aberwen is on the A487 coast road. Visitor parking on the Penlan campus is free at weekends and during open days.',
        ),
      ),
      heading('By bike'),
      markup(
        paragraphs(
          'The coastal cycle route passes the bottom of campus, and there is covered, secure cycle parking outside every building.',
        ),
      ),
    ],
    cy: {
      slug: 'sut-i-gyrraedd',
      title: 'Sut i gyrraedd',
      summary: 'Teithio i Aberwen ar drên, bws, car neu feic.',
      body: [
        heading('Ar drên a bws'),
        markup(
          paragraphs(
            'Aberystwyth a Chaerfyrddin yw’r gorsafoedd trenau agosaf. Mae bysiau’n rhedeg o’r ddwy i orsaf fysiau Aberwen bob hanner awr, ac mae’r daith yn cymryd tua hanner can munud.',
          ),
        ),
        heading('Mewn car'),
        markup(
          paragraphs(
            'Mae Aberwen ar yr A487, ffordd yr arfordir. Mae parcio i ymwelwyr ar gampws Penlan am ddim ar benwythnosau ac yn ystod diwrnodau agored.',
          ),
        ),
        heading('Ar feic'),
        markup(
          paragraphs(
            'Mae llwybr beicio’r arfordir yn pasio gwaelod y campws, ac mae lle diogel dan do i gadw beiciau y tu allan i bob adeilad.',
          ),
        ),
      ],
    },
  },
];

const SECTION_PAGES: ContentPageSpec[] = [
  {
    path: '/courses',
    title: 'Courses',
    summary: 'Undergraduate, postgraduate and research degrees in five faculties.',
    heroImage: 'page/library',
    body: [
      markup(
        paragraphs('Browse our courses by subject, level and mode of study, or search for a course by name.'),
      ),
    ],
    cy: {
      slug: 'cyrsiau',
      title: 'Cyrsiau',
      summary: 'Cyrsiau israddedig ac ôl-raddedig ym mhob cyfadran.',
      body: [
        markup(
          paragraphs(
            'Dewch o hyd i’r cwrs iawn i chi. Porwch ein cyrsiau yn ôl pwnc, lefel a dull astudio, neu chwiliwch am gwrs wrth ei enw.',
          ),
        ),
      ],
    },
  },
  {
    path: '/news',
    title: 'News',
    summary: 'Stories from around the university.',
    body: [markup(paragraphs('The latest research, student stories and announcements from Aberwen.'))],
    cy: {
      slug: 'newyddion',
      title: 'Newyddion',
      summary: 'Straeon o bob rhan o’r brifysgol.',
      body: [markup(paragraphs('Yr ymchwil ddiweddaraf, straeon myfyrwyr a chyhoeddiadau o Aberwen.'))],
    },
  },
  {
    path: '/events',
    title: 'Events',
    summary: 'Open days, lectures, performances and more.',
    body: [markup(paragraphs('Most events are free and open to everyone. Some need booking in advance.'))],
    cy: {
      slug: 'digwyddiadau',
      title: 'Digwyddiadau',
      summary: 'Diwrnodau agored, darlithoedd, perfformiadau a mwy.',
      body: [
        markup(
          paragraphs(
            'Mae’r rhan fwyaf o’n digwyddiadau am ddim ac yn agored i bawb. Mae angen archebu lle ymlaen llaw ar gyfer rhai ohonyn nhw.',
          ),
        ),
      ],
    },
  },
  {
    path: '/people',
    title: 'People',
    summary: 'Find academic and professional staff.',
    body: [markup(paragraphs('Search for staff by name, department or area of expertise.'))],
    cy: {
      slug: 'pobl',
      title: 'Pobl',
      summary: 'Dewch o hyd i staff academaidd a phroffesiynol.',
      body: [markup(paragraphs('Chwiliwch am staff yn ôl enw, adran neu faes arbenigedd.'))],
    },
  },
];

const RESTRICTED_PAGES: ContentPageSpec[] = [
  {
    path: '/members',
    title: 'Members area',
    summary: 'Resources for members of the Aberwen alumni association.',
    heroImage: 'page/members',
    requiredGroups: ['Members'],
    includeInSearch: false,
    includeInMenu: false,
    body: [
      heading('Welcome back'),
      markup(
        paragraphs(
          'As a member you can borrow from the library, use the sports village at staff rates and book the alumni rooms in London.',
          `New this year: <a href="${HANDBOOK_URI}">the student handbook summary</a>, for members who mentor current students.`,
        ),
      ),
    ],
  },
  {
    path: '/staff',
    title: 'Staff intranet',
    summary: 'Notices and resources for university staff.',
    requiredGroups: ['Staff'],
    includeInSearch: false,
    includeInMenu: false,
    body: [
      heading('Notices'),
      markup(
        paragraphs(
          'The autumn staff conference takes place on 16 September in the Great Hall.',
          'Expense claims for August must reach the finance office by 8 September.',
        ),
      ),
    ],
  },
];

function pageEntry(
  id: string,
  contentTypeId: string,
  index: number,
  variations: Record<string, SeedVariation>,
  includeInSearch = true,
): SeedEntry {
  const created = addDays(REFERENCE_DATE, -560 + index * 9, 9);
  return {
    id,
    contentTypeId,
    dataFormat: 'entry',
    owner: EDITORS.web,
    created,
    modified: addDays(created, 120 + index * 5, 14),
    includeInSearch,
    variations,
  };
}

function contentPageFields(text: ContentPageText, requiredGroups: string[], language: string) {
  const fields: Record<string, unknown> = {
    title: text.title,
    summary: text.summary,
    body: text.body,
    requiredGroups,
  };
  if (text.heroImage) {
    fields.heroImage = language === 'cy' ? imageValueCy(text.heroImage) : imageValue(text.heroImage);
  }
  return fields;
}

function contentPage(spec: ContentPageSpec, index: number): PageRecord {
  const slug = spec.path.slice(spec.path.lastIndexOf('/') + 1);
  const groups = spec.requiredGroups ?? [];
  const variations: Record<string, SeedVariation> = {
    'en-GB': { published: true, fields: contentPageFields(spec, [...groups], 'en-GB') },
  };
  if (spec.cy) variations.cy = { published: true, fields: contentPageFields(spec.cy, [...groups], 'cy') };
  const record: PageRecord = {
    path: spec.path,
    slug,
    title: spec.title,
    includeInMenu: spec.includeInMenu ?? true,
    entry: pageEntry(
      demoEntryId('contentPage', spec.path),
      'contentPage',
      index,
      variations,
      spec.includeInSearch,
    ),
  };
  // The platform refuses the page's entry and node to anyone outside its groups (the
  // `requiredGroups` field tells the site which groups to name; this makes it hold).
  if (groups.length > 0) record.entry.requireLogin = [...groups];
  if (spec.cy) record.cy = { slug: spec.cy.slug, title: spec.cy.title };
  return record;
}

/** Undergraduate courses shown on the home page, one or two per faculty. */
const FEATURED_COURSES = [
  'bsc-marine-biology',
  'meng-robotics-and-autonomous-systems',
  'ba-history',
  'bsc-adult-nursing',
  'llb-law',
  'bmus-music',
];

function homePage(courses: readonly CourseRecord[], news: readonly NewsRecord[]): PageRecord {
  const featuredCourses = FEATURED_COURSES.map((slug) => {
    const course = courses.find((c) => c.slug === slug);
    if (!course) throw new Error(`Featured course ${slug} does not exist`);
    return entryLink(course.id, 'course');
  });
  const latest = news
    .filter((n) => n.published)
    .toSorted((a, b) => b.publishDate.localeCompare(a.publishDate))
    .slice(0, 4)
    .map((n) => entryLink(n.id, 'newsArticle'));
  const shared = { featuredCourses, featuredNews: latest };
  return {
    path: '/',
    slug: '',
    title: UNIVERSITY.name,
    cy: { slug: '', title: UNIVERSITY.nameCy },
    includeInMenu: true,
    entry: pageEntry(demoEntryId('homePage', 'home'), 'homePage', 0, {
      'en-GB': {
        published: true,
        fields: {
          title: UNIVERSITY.name,
          summary:
            'Aberwen University, by the sea in west Wales: undergraduate and postgraduate courses taught in Welsh and English, in small classes, with research that reaches from the harbour to the wards.',
          heroImage: imageValue('page/home'),
          introduction: paragraphs(
            'A university by the sea, where Welsh and English live side by side and where small classes mean you are never just a number.',
            'Study with people who are shaping their fields, from the laboratories on the harbour to the studios, wards and courtrooms where our graduates go on to work.',
          ),
          callToAction: 'Book your place at an open day',
          ...shared,
        },
      },
      cy: {
        published: true,
        fields: {
          title: UNIVERSITY.nameCy,
          summary:
            'Prifysgol Aberwen, ger y môr yng ngorllewin Cymru: cyrsiau israddedig ac ôl-raddedig yn Gymraeg ac yn Saesneg, mewn dosbarthiadau bach, ac ymchwil sy’n ymestyn o’r harbwr i’r wardiau.',
          heroImage: imageValueCy('page/home'),
          introduction: paragraphs(
            'Croeso i Brifysgol Aberwen, prifysgol ger y môr lle mae’r Gymraeg a’r Saesneg yn byw ochr yn ochr, a lle mae dosbarthiadau bach yn golygu nad rhif yn unig ydych chi.',
            'Astudiwch gyda phobl sy’n arwain yn eu meysydd, o’r labordai ar yr harbwr i’r stiwdios, y wardiau a’r llysoedd lle mae ein graddedigion yn mynd ymlaen i weithio.',
          ),
          callToAction: 'Archebwch le ar ddiwrnod agored',
          ...shared,
        },
      },
    }),
  };
}

function searchPage(index: number): PageRecord {
  return {
    path: '/search',
    slug: 'search',
    title: 'Search',
    cy: { slug: 'chwilio', title: 'Chwilio' },
    includeInMenu: true,
    entry: pageEntry(
      demoEntryId('searchPage', '/search'),
      'searchPage',
      index,
      {
        'en-GB': {
          published: true,
          fields: {
            title: 'Search',
            introduction: 'Search courses, news, events and people across the site.',
          },
        },
        cy: {
          published: true,
          fields: {
            title: 'Chwilio',
            introduction: 'Chwiliwch am gyrsiau, newyddion, digwyddiadau a phobl ar draws y wefan.',
          },
        },
      },
      false,
    ),
  };
}

/**
 * Every page of the demo in site order: home, the about section, the four section landing
 * pages, search, and the two restricted pages.
 */
export function pageRecords(courses: readonly CourseRecord[], news: readonly NewsRecord[]): PageRecord[] {
  const pages: PageRecord[] = [homePage(courses, news)];
  for (const spec of [...ABOUT_PAGES, ...SECTION_PAGES]) pages.push(contentPage(spec, pages.length));
  pages.push(searchPage(pages.length));
  for (const spec of RESTRICTED_PAGES) pages.push(contentPage(spec, pages.length));
  return pages;
}
