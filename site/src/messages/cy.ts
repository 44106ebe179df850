import type { MessageCatalogue } from '@canopy/web';
import { accountMessages } from './account.cy.js';
import type { messages as reference } from './en-GB.js';
import { pagesMessages } from './pages.cy.js';
import { searchMessages } from './search.cy.js';

/** The demo's interface words in Welsh: the header, footer, language bar and error pages. */
export const messages: MessageCatalogue<keyof typeof reference> = {
  'site.name': 'Prifysgol Aberwen',
  'layout.skipToContent': 'Neidio i’r prif gynnwys',
  'breadcrumbs.label': 'Briwsion bara',
  'breadcrumbs.home': 'Hafan',
  'language.missingTranslation': 'Nid yw’r dudalen yr oeddech yn ei darllen ar gael yn Gymraeg eto.',
  'header.mainNavigation': 'Prif ddewislen',
  'header.siteSearch': 'Y wefan',
  'header.menu': 'Dewislen',
  'header.signIn': 'Mewngofnodi',
  'header.signOut': 'Allgofnodi',
  'header.yourAccount': 'Eich cyfrif',
  'search.label': 'Chwilio’r wefan',
  'search.button': 'Chwilio',
  'footer.contactUs': 'Cysylltu â ni',
  'footer.address.campus': 'Campws Penlan',
  'footer.address.region': 'Bae Ceredigion, Cymru',
  'footer.telephone': 'Ffôn',
  'footer.email': 'E-bost',
  'footer.explore': 'Archwilio',
  'footer.aboutWebsite': 'Am y wefan hon',
  'footer.fictional': 'Prifysgol ddychmygol yw hon, cynnwys enghreifftiol Canopy.',
  'footer.versionInformation': 'Gwybodaeth am y fersiwn',
  'footer.cookiePreferences': 'Dewisiadau cwcis',
  'date.month.1': 'Ionawr',
  'date.month.2': 'Chwefror',
  'date.month.3': 'Mawrth',
  'date.month.4': 'Ebrill',
  'date.month.5': 'Mai',
  'date.month.6': 'Mehefin',
  'date.month.7': 'Gorffennaf',
  'date.month.8': 'Awst',
  'date.month.9': 'Medi',
  'date.month.10': 'Hydref',
  'date.month.11': 'Tachwedd',
  'date.month.12': 'Rhagfyr',
  'error.homeLink': 'Mynd i’r hafan',
  'error.unavailable':
    'Ni allwn lwytho’r dudalen hon ar hyn o bryd. Rhowch gynnig arall arni ymhen ychydig funudau.',
  'error.server': 'Aeth rhywbeth o’i le ar ein hochr ni. Rhowch gynnig arall arni cyn hir.',
  'error.methodNotAllowed':
    'Ni ellir defnyddio’r dudalen hon fel hyn. Agorwch hi o ddolen neu o’r bar cyfeiriad.',
  'error.badRequest':
    'Nid yw’r cyfeiriad hwn yn ddilys. Efallai ei fod wedi’i dorri’n fyr, neu fod camgymeriad ynddo.',
  'error.notFound': 'Efallai fod y dudalen wedi symud, neu fod camgymeriad yn y cyfeiriad.',
  'error.title.badRequest': 'Cyfeiriad annilys',
  'error.title.notFound': 'Heb ddod o hyd i’r dudalen',
  'error.title.methodNotAllowed': 'Ni ellir agor y dudalen fel hyn',
  'error.title.server': 'Aeth rhywbeth o’i le',
  'error.title.unavailable': 'Nid yw’r dudalen ar gael ar hyn o bryd',
  ...searchMessages,
  ...pagesMessages,
  ...accountMessages,
};
