/**
 * The demo's interface words in English (ICU MessageFormat), the reference catalogue: the
 * header, footer and error pages. Not read by the components yet; the Welsh catalogue keeps
 * the same keys (messages.test.ts).
 */
export const messages = {
  'layout.skipToContent': 'Skip to content',
  'header.mainNavigation': 'Main',
  'header.menu': 'Menu',
  'header.signIn': 'Sign in',
  'header.signOut': 'Sign out',
  'header.yourAccount': 'Your account',
  'search.label': 'Search the site',
  'search.button': 'Search',
  'footer.contactUs': 'Contact us',
  'footer.telephone': 'Telephone',
  'footer.email': 'Email',
  'footer.explore': 'Explore',
  'footer.aboutWebsite': 'About this website',
  'footer.fictional': '{siteName} is a fictional university, the demo content of Canopy.',
  'footer.versionInformation': 'Version information',
  'footer.cookiePreferences': 'Cookie preferences',
  'error.homeLink': 'Go to the home page',
  'error.unavailable': 'We cannot load this page right now. Please try again in a minute or two.',
  'error.server': 'Something went wrong on our side. Please try again in a moment.',
  'error.methodNotAllowed': 'This page cannot be used that way. Open it from a link or the address bar.',
  'error.badRequest': 'This address is not valid. It may have been cut short or mistyped.',
  'error.notFound': 'The page may have moved, or the address may be mistyped.',
} as const;
