import type { MessageCatalogue } from './message-types.js';
import type { versionMessages as reference } from './version.en-GB.js';

/** The framework's words for the version page (packages/web/src/version) in Welsh, with the keys of version.en-GB.ts. */
export const versionMessages: MessageCatalogue<keyof typeof reference> = {
  'version.title': 'Gwybodaeth am y fersiwn',
  'version.package': 'Pecyn',
  'version.repository': 'Ystorfa',
  'version.pipeline': 'Piblinell',
  'version.build': '(adeiladwaith {build})',
  'version.commit': 'Cyflwyniad (commit)',
  'version.project': 'Prosiect',
  'version.contentStatus': 'Statws fersiwn y cynnwys',
  'version.alias': 'Enw arall yr amgylchedd',
  'version.publicUri': 'URI cyhoeddus',
  'version.packageVersions': 'Fersiynau’r pecynnau',
  'version.servers': 'Gweinyddion',
  'version.proxyPaths': 'Llwybrau’r dirprwy gwrthdro',
  'version.projects': 'Prosiectau',
  'version.deliveryApi': 'API cyflwyno',
  'version.proxied': 'Ceisiadau’r API cyflwyno drwy ddirprwy',
  'version.inlineState': 'Cyflwr mewnol ar ochr y gweinydd wedi’i ddiffodd',
  'version.runtime': 'Amgylchedd rhedeg',
  'version.notSet': 'heb ei osod',
  'version.withheld': 'ar westeiwyr mewnol yn unig',
  'version.yes': 'ydy',
  'version.no': 'nac ydy',
  'version.rootUrl': 'URL gwraidd:',
  'version.apiProject': 'prosiect: {project}',
  'version.apiLanguage': 'iaith: {language}',
  'version.accessToken': 'tocyn mynediad: {token}',
  'version.previewToken': 'tocyn rhagolwg: {token}',
  'version.cache': 'storfa: {entries} cofnod, {seconds} eiliad',
  'version.publicNote':
    'Gwesteiwr byw yw hwn: dim ond ar westeiwyr mewnol (localhost, a gwesteiwyr preview-, cms- ac api-) ac i olygyddion sydd wedi mewngofnodi y dangosir yr union fersiynau, yr adeiladwaith a’r cyfeiriadau mewnol.',
  'version.unavailable': 'Nid yw gwybodaeth am y fersiwn ar gael.',
};
