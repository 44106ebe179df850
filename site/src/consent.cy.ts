import type { ConsentWording } from '@canopy/web';

/**
 * Aberwen's cookie popup and categories in Welsh (the wording of consent.ts), for the Welsh
 * pages. Given to the renderer in entry-server.tsx, so it stays out of the browser bundle: a
 * Welsh page carries it in its state. Cookie names stay as the browser sees them.
 */
export const consentWelsh: ConsentWording = {
  message:
    '<p><strong>Cwcis ar y wefan hon.</strong> Rydym yn defnyddio cwcis hanfodol i redeg y wefan ac, os ydych yn cytuno, ' +
    'cwcis dadansoddi i ddysgu sut mae’n cael ei defnyddio, a chwcis gan YouTube i ddangos ffilmiau. ' +
    'Dewiswch pa rai rydych yn eu caniatáu.</p>',
  categories: [
    {
      id: 'necessary',
      name: 'Angenrheidiol',
      description:
        'Mae’r cwcis hyn yn cadw’r wefan i weithio, yn cofio eich dewisiadau cwcis ac yn eich cadw wedi mewngofnodi.',
      cookies: [
        {
          name: 'canopy_session',
          provider: 'Prifysgol Aberwen',
          purpose: 'Yn eich cadw wedi mewngofnodi ac yn diogelu’r ffurflenni rydych yn eu hanfon',
          expiration: '1 diwrnod, neu nes i’ch sesiwn ddod i ben',
        },
        {
          name: 'aberwen_consent',
          provider: 'Prifysgol Aberwen',
          purpose: 'Yn cofio pa gwcis rydych yn eu caniatáu',
          expiration: '90 diwrnod',
        },
      ],
    },
    {
      id: 'analytics',
      name: 'Dadansoddol',
      description:
        'Mae dadansoddeg yn dweud wrthym pa dudalennau sy’n cael eu gweld a pha ddolenni mae pobl yn eu dilyn, er mwyn i ni wella’r wefan. Nid yw’r ffigurau byth yn cael eu cysylltu â’ch enw.',
      cookies: [
        {
          name: 'aw_visitor',
          provider: 'Prifysgol Aberwen',
          purpose: 'Yn gwahaniaethu rhwng ymweliadau o’r un porwr yn ein hystadegau',
          expiration: '1 flwyddyn',
        },
      ],
    },
    {
      id: 'functional',
      name: 'Swyddogaethol',
      description:
        'Mae cwcis swyddogaethol yn cofio dewisiadau fel eich hoff gampws. Nid yw’r wefan yn gosod unrhyw rai ar hyn o bryd.',
    },
    {
      id: 'advertising',
      name: 'Hysbysebu',
      description:
        'Mae cwcis hysbysebu yn mesur ein hymgyrchoedd ar wefannau eraill. Nid yw’r wefan yn gosod unrhyw rai ar hyn o bryd.',
    },
    {
      id: 'marketing',
      name: 'Marchnata',
      description:
        'Mae ffilmiau ar y wefan yn cael eu chwarae gan YouTube, sy’n gosod cwcis i gyfrif faint o weithiau y cânt eu gwylio ac i ddangos fideos tebyg i chi.',
      cookies: [
        {
          name: 'YSC',
          provider: 'YouTube (Google)',
          purpose: 'Yn cyfrif faint o weithiau y caiff ffilmiau ar y wefan eu gwylio',
          expiration: 'Sesiwn',
        },
        {
          name: 'VISITOR_INFO1_LIVE',
          provider: 'YouTube (Google)',
          purpose: 'Yn amcangyfrif eich lled band ac yn cofio gosodiadau’r chwaraewr',
          expiration: '6 mis',
        },
      ],
    },
  ],
};
