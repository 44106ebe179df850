import type { ReceiptMailSetting } from '../../mail/receipt-mails.js';
import { DEMO_PROJECT_ID, UNIVERSITY } from './university.js';

/**
 * The demo's booking confirmation: mailed to the address of every new `booking` entry (the
 * site's event booking form), naming the event and the places. It repeats nothing the visitor
 * typed but the number of places, so a booking made in someone else's name tells them only
 * that a place was booked.
 */
export const DEMO_RECEIPT_MAILS: readonly ReceiptMailSetting[] = [
  {
    projectId: DEMO_PROJECT_ID,
    contentTypeId: 'booking',
    toField: 'email',
    kind: 'booking-confirmation',
    subject: 'Booking confirmed: {{linked.event.entryTitle}}',
    text: [
      'Thank you for booking. Your place at {{linked.event.entryTitle}} is saved.',
      '',
      'Places booked: {{entry.places}}',
      'Where: {{linked.event.venueName}}',
      '',
      'If you can no longer come, reply to this email so that we can give your place to someone else.',
      'If you did not book, you can ignore this email.',
      '',
      `${UNIVERSITY.name} events team`,
    ].join('\n'),
    // A booking made on a Welsh event page (a Welsh booking entry) is confirmed in Welsh.
    languages: {
      cy: {
        subject: 'Archeb wedi’i chadarnhau: {{linked.event.entryTitle}}',
        text: [
          'Diolch am archebu. Mae eich lle yn {{linked.event.entryTitle}} wedi’i gadw.',
          '',
          'Nifer y lleoedd: {{entry.places}}',
          'Ble: {{linked.event.venueName}}',
          '',
          'Os na allwch ddod mwyach, atebwch yr e-bost hwn er mwyn i ni roi eich lle i rywun arall.',
          'Os nad chi wnaeth archebu, gallwch anwybyddu’r e-bost hwn.',
          '',
          'Tîm digwyddiadau Prifysgol Aberwen',
        ].join('\n'),
      },
    },
  },
];
