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
  'error.unavailable': 'We cannot load this page right now. Please try again in a minute or two.',
  'error.server': 'Something went wrong on our side. Please try again in a moment.',
  'error.methodNotAllowed': 'This page cannot be used that way. Open it from a link or the address bar.',
  'error.badRequest': 'This address is not valid. It may have been cut short or mistyped.',
  'error.notFound': 'The page may have moved, or the address may be mistyped.',
  // The framework's error headings (notFoundHeading), as the page title and heading say them.
  'error.title.badRequest': '400 Page Not Found',
  'error.title.notFound': '404 Page Not Found',
  'error.title.methodNotAllowed': '405 Page Not Found',
  'error.title.server': '500 Page Not Found',
  'error.title.unavailable': '503 Page Not Found',
  ...searchMessages,
  ...pagesMessages,
  ...accountMessages,
} as const;
