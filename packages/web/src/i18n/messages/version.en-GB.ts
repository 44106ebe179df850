/**
 * The framework's words for the version page (packages/web/src/version) in English, merged into the reference catalogue
 * (en-GB.ts). Plain words, or ICU MessageFormat with plain arguments and plurals, so a page's
 * words carry them (see `pageWordsOf`). The Welsh ones are in version.cy.ts, with the same keys.
 * The values the page shows (statuses, environments, addresses) stay as the system names them.
 */
export const versionMessages = {
  'version.title': 'Version information',
  'version.package': 'Package',
  'version.repository': 'Repository',
  'version.pipeline': 'Pipeline',
  'version.build': '(build {build})',
  'version.commit': 'Commit',
  'version.project': 'Project',
  'version.contentStatus': 'Content version status',
  'version.alias': 'Environment alias',
  'version.publicUri': 'Public URI',
  'version.packageVersions': 'Package versions',
  'version.servers': 'Servers',
  'version.proxyPaths': 'Reverse proxy paths',
  'version.projects': 'Projects',
  'version.deliveryApi': 'Delivery API',
  'version.proxied': 'Delivery API requests proxied',
  'version.inlineState': 'Server-side inline state disabled',
  'version.runtime': 'Runtime environment',
  'version.notSet': 'not configured',
  'version.withheld': 'shown on internal hosts only',
  'version.yes': 'yes',
  'version.no': 'no',
  'version.rootUrl': 'root URL:',
  'version.apiProject': 'project: {project}',
  'version.apiLanguage': 'language: {language}',
  'version.accessToken': 'access token: {token}',
  'version.previewToken': 'preview token: {token}',
  'version.cache': 'cache: {entries} entries, {seconds} s',
  'version.publicNote':
    'This is a live host: exact versions, the build and internal addresses are shown on internal hosts (localhost, preview-, cms- and api- hosts) and to signed-in editors only.',
  'version.unavailable': 'Version information is not available.',
} as const;
