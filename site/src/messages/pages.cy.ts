import type { MessageCatalogue } from '@canopy/web';
import type { pagesMessages as reference } from './pages.en-GB.js';

/** The demo's pages words in Welsh, with the keys of pages.en-GB.ts. */
export const pagesMessages: MessageCatalogue<keyof typeof reference> = {
  'pages.course.overview': 'Trosolwg o’r cwrs',
  'pages.course.keyFacts': 'Ffeithiau allweddol',
  'pages.course.level': 'Lefel',
  'pages.course.studyMode': 'Dull astudio',
  'pages.course.duration': 'Hyd',
  'pages.course.starts': 'Dechrau',
  'pages.course.code': 'Cod y cwrs',
  'pages.course.openDay': 'Dewch i ddiwrnod agored',

  'pages.duration.6months': '6 mis',
  'pages.duration.1year': '1 flwyddyn',
  'pages.duration.18months': '18 mis',
  'pages.duration.2years': '2 flynedd',
  'pages.duration.2.5years': '2.5 mlynedd',
  'pages.duration.3years': '3 blynedd',
  'pages.duration.3.5years': '3.5 mlynedd',
  'pages.duration.4years': '4 blynedd',
  'pages.duration.5years': '5 mlynedd',
  'pages.duration.6years': '6 blynedd',

  'date.weekday.0': 'Dydd Sul',
  'date.weekday.1': 'Dydd Llun',
  'date.weekday.2': 'Dydd Mawrth',
  'date.weekday.3': 'Dydd Mercher',
  'date.weekday.4': 'Dydd Iau',
  'date.weekday.5': 'Dydd Gwener',
  'date.weekday.6': 'Dydd Sadwrn',
  // yb: y bore; yh: yr hwyr, which Welsh writes for every time after noon.
  'date.am': 'yb',
  'date.pm': 'yh',
  'date.to': 'tan',

  'pages.home.inTheNews': 'Yn y newyddion',
  'pages.home.filmNight': 'Noson ffilm yn undeb y myfyrwyr',
  'pages.home.filmNightText':
    'Ffilm gyntaf y tymor: Big Buck Bunny, ffilm agored Sefydliad Blender (CC BY 3.0).',
  'pages.home.filmTitle': 'Big Buck Bunny (Sefydliad Blender)',
  'pages.home.filmConsent':
    'YouTube sy’n dangos “Big Buck Bunny (Sefydliad Blender)”, ac mae’n gosod cwcis marchnata. Caniatewch nhw i’w gwylio yma.',
  'pages.home.findACourse': 'Dod o hyd i gwrs',
  'pages.home.searchLabel': 'Chwiliwch am gwrs, person neu stori',

  'pages.event.about': 'Am y digwyddiad',
  'pages.event.details': 'Manylion y digwyddiad',
  'pages.event.where': 'Ble',
  'pages.event.map': 'Gweld ar OpenStreetMap',
  'pages.event.anotherWebsite': 'gwefan arall',
  'pages.event.booking': 'Archebu',
  'pages.event.type': 'Math o ddigwyddiad',
  'pages.event.bookingRequired': 'Rhaid archebu lle: mae nifer y lleoedd yn gyfyngedig',
  'pages.event.noBooking': 'Does dim angen archebu',
  'pages.event.bookAPlace': 'Archebu lle',
  'pages.event.past': 'Digwyddiad a fu',

  'pages.news.tags': 'Tagiau',
  'pages.news.aboutStory': 'Am y stori hon',
  'pages.news.writtenBy': 'Awdur',

  'pages.person.biography': 'Bywgraffiad',
  'pages.person.expertise': 'Arbenigedd',
  'pages.person.areas': 'Meysydd arbenigedd',

  'pages.section.showing.courses':
    'Yn dangos {first} i {last} o {total, plural, one {# cwrs} two {# gwrs} few {# chwrs} many {# chwrs} other {# cwrs}}',
  'pages.section.showing.articles':
    'Yn dangos {first} i {last} o {total, plural, one {# erthygl} other {# erthygl}}',
  'pages.section.showing.people':
    'Yn dangos {first} i {last} o {total, plural, one {# person} two {# berson} other {# o bobl}}',
  'pages.section.showing.pages':
    'Yn dangos {first} i {last} o {total, plural, one {# dudalen} two {# dudalen} few {# tudalen} many {# thudalen} other {# tudalen}}',
  'pages.section.inThisSection': 'Yn yr adran hon',

  'booking.backTo': 'Yn ôl i’r digwyddiad: {title}',
  'booking.at': 'ar gyfer',
  'booking.heading': 'Archebu lle: {title}',
  'booking.bookingOf': 'Archeb: {title}',
  // 2 le (soft mutation after dau/dwy), 3 and 4 lle.
  'booking.booked': '{places, plural, one {Eich lle} two {# le} other {# lle}} ar gyfer {title}',
  'booking.upTo': 'Hyd at 4 lle, gan eich cynnwys chi.',
  'booking.sent': 'Rydym wedi anfon e-bost cadarnhau i',
  'booking.lead': 'Mae nifer y lleoedd yn gyfyngedig: archebwch cyn dod.',
  'booking.noNeed': 'Does dim angen archebu lle ar gyfer y digwyddiad hwn: dewch draw.',
  'booking.over': 'Mae’r digwyddiad hwn wedi gorffen, felly does dim modd archebu lle mwyach.',
  'booking.fullName': 'Enw llawn',
  'booking.emailHint': 'Byddwn yn anfon cadarnhad o’ch archeb i’r cyfeiriad hwn.',
  'booking.places': 'Nifer y lleoedd',
  'booking.sending': 'Wrthi’n archebu eich lle…',
  'booking.submit': 'Archebu eich lle',
  'booking.confirmed': 'Archeb wedi’i chadarnhau',
  'booking.ifBooked': 'Os ydych wedi archebu lle, mae’r cadarnhad yn eich e-bost.',
  'booking.ifYouCannotCome': 'Os na allwch ddod',
  'booking.reply': 'Atebwch yr e-bost cadarnhau, er mwyn i ni roi eich lle i rywun arall.',
  'booking.required.name': 'Rhowch eich enw llawn',
  'booking.tooLong.name': 'Rhaid i’ch enw fod yn 100 nod neu lai',
  'booking.required.email': 'Rhowch eich cyfeiriad e-bost',
  'booking.invalid.email': 'Rhowch gyfeiriad e-bost yn y fformat cywir, fel enw@enghraifft.com',
  'booking.tooLong.email': 'Rhaid i’ch cyfeiriad e-bost fod yn 254 nod neu lai',
  'booking.required.places': 'Rhowch faint o leoedd sydd eu hangen arnoch',
  'booking.invalid.places': 'Rhaid i nifer y lleoedd fod yn rhif cyfan o 1 i 4',
  'booking.required.event': 'Dewiswch y digwyddiad i’w archebu o’i dudalen',
  'booking.notFound': 'Ni allwn ddod o hyd i’r digwyddiad hwn. Efallai ei fod wedi’i ganslo neu ei symud.',
  'booking.unavailable':
    'Mae’n ddrwg gennym, ni allwn gymryd eich archeb ar hyn o bryd. Rhowch gynnig arall arni ymhen ychydig funudau.',
  'booking.tooMany':
    'Rydych wedi anfon y ffurflen ormod o weithiau. Arhoswch funud, yna rhowch gynnig arall arni.',
};
