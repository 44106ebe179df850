import { accountMessages } from './account.en-GB.js';
import { pagesMessages } from './pages.en-GB.js';
import { searchMessages } from './search.en-GB.js';

/**
 * The demo's interface words in English (ICU MessageFormat), the reference catalogue: the
 * header, footer, language bar and error pages. The components show these as they are on
 * English pages (messages.test.ts checks each formats to itself, so none may take values or
 * quote); a Welsh page carries the Welsh catalogue's, formatted by the server (`useWords`).
 * The Welsh catalogue keeps the same keys.
 */
export const messages = {
  'site.name': 'Aberwen University',
  'layout.skipToContent': 'Skip to content',
  'breadcrumbs.label': 'Breadcrumb',
  'breadcrumbs.home': 'Home',
  'language.switcher': 'Language',
  'language.missingTranslation': 'The page you were reading is not available in English yet.',
  'header.mainNavigation': 'Main',
  'header.siteSearch': 'Site',
  'header.menu': 'Menu',
  'header.signIn': 'Sign in',
  'header.signOut': 'Sign out',
  'header.yourAccount': 'Your account',
  'search.label': 'Search the site',
  'search.button': 'Search',
  'footer.contactUs': 'Contact us',
  'footer.address.campus': 'Penlan Campus',
  'footer.address.region': 'Cardigan Bay, Wales',
  'footer.telephone': 'Telephone',
  'footer.email': 'Email',
  'footer.explore': 'Explore',
  'footer.aboutWebsite': 'About this website',
  'footer.fictional': 'This is a fictional university, the demo content of Canopy.',
  'footer.versionInformation': 'Version information',
  'footer.cookiePreferences': 'Cookie preferences',
  'date.month.1': 'January',
  'date.month.2': 'February',
  'date.month.3': 'March',
  'date.month.4': 'April',
  'date.month.5': 'May',
  'date.month.6': 'June',
  'date.month.7': 'July',
  'date.month.8': 'August',
  'date.month.9': 'September',
  'date.month.10': 'October',
  'date.month.11': 'November',
  'date.month.12': 'December',
  'error.homeLink': 'Go to the home page',
  'error.unavailable': 'Try again in a few minutes.',
  'error.server': 'Something went wrong on our side. Try again later.',
  'error.methodNotAllowed': 'Open it from a link, or type its address into your browser.',
  'error.badRequest': 'It may have been cut short or mistyped. Check the address, or search for the page.',
  'error.notFound':
    'If you typed the address, check it is correct. The page may also have moved: try searching for it.',
  // The error page's headings (content/error-page.ts), in its <h1> and <title>: plain words, no
  // status code. The framework's `404 Page Not Found` (notFoundHeading) is not shown on the demo.
  'error.title.badRequest': 'The address is not valid',
  'error.title.notFound': 'Page not found',
  'error.title.methodNotAllowed': 'This page cannot be used that way',
  'error.title.server': 'Sorry, there is a problem with this page',
  'error.title.unavailable': 'Sorry, this page is not available right now',
  ...searchMessages,
  ...pagesMessages,
  ...accountMessages,
} as const;
