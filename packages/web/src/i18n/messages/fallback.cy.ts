import type { fallbackMessages as reference } from './fallback.en-GB.js';
import type { MessageCatalogue } from './message-types.js';

/** The framework's words for its plain fallback pages in Welsh, with the keys of fallback.en-GB.ts. */
export const fallbackMessages: MessageCatalogue<keyof typeof reference> = {
  'fallback.home': 'Mynd i’r hafan',
  'fallback.unavailable.title': 'Mae’r wefan hon yn cael seibiant byr',
  'fallback.unavailable.text':
    'Ni allwn lwytho’r dudalen hon ar hyn o bryd. Rhowch gynnig arall arni ymhen munud neu ddau.',
  'fallback.busy.title': 'Mae’r wefan hon yn brysur iawn',
  'fallback.busy.text':
    'Mae cymaint o bobl yn ymweld ar hyn o bryd fel na allem ddangos y dudalen hon. Rhowch gynnig arall arni ymhen ychydig eiliadau.',
  'fallback.serverError.title': 'Mae’n ddrwg gennym, mae problem gyda’r dudalen hon',
  'fallback.serverError.text': 'Ni allem ei dangos ar hyn o bryd. Rhowch gynnig arall arni yn nes ymlaen.',
  'fallback.notFound.title': 'Heb ddod o hyd i’r dudalen',
  'fallback.notFound.text':
    'Os gwnaethoch deipio’r cyfeiriad, gwiriwch ei fod yn gywir. Os gwnaethoch ei ludo, gwiriwch eich bod wedi copïo’r cyfeiriad cyfan.',
  'fallback.gone.title': 'Mae’r dudalen hon wedi’i dileu',
  'fallback.gone.text': 'Nid yw’r dudalen roeddech yn chwilio amdani ar y wefan hon bellach.',
  'fallback.forbidden.title': 'Ni allwch weld y dudalen hon',
  'fallback.forbidden.text': 'Efallai y bydd angen i chi fewngofnodi gyda chyfrif sy’n cael ei gweld.',
  'fallback.methodNotAllowed.title': 'Ni ellir defnyddio’r dudalen hon fel hyn',
  'fallback.methodNotAllowed.text': 'Dilynwch ddolen neu teipiwch y cyfeiriad i agor y dudalen.',
  'fallback.tooManyRequests.title': 'Rydych wedi rhoi cynnig arni ormod o weithiau',
  'fallback.tooManyRequests.text': 'Arhoswch ychydig funudau, yna rhowch gynnig arall arni.',
  'fallback.clientError.title': 'Mae’n ddrwg gennym, ni allem agor y dudalen hon',
  'fallback.clientError.text': 'Gwiriwch y cyfeiriad, neu dechreuwch eto o’r hafan.',
};
