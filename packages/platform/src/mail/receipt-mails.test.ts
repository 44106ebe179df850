import { describe, expect, it } from 'vitest';
import type { PlatformEvent } from '../events/bus.js';
import { DEMO_RECEIPT_MAILS } from '../seed/demo/bookings.js';
import { type ReceiptMailSetting, receiptFor } from './receipt-mails.js';

const event = (resource: Record<string, unknown>, overrides: Partial<PlatformEvent> = {}): PlatformEvent => ({
  projectId: 'website',
  resourceType: 'entry',
  event: 'created',
  resourceId: 'b1',
  contentTypeId: 'booking',
  language: 'en-GB',
  resource,
  actor: 'Canopy website',
  timestamp: '2026-09-10T12:00:00Z',
  ...overrides,
});

const booking = (email: unknown) => ({
  sys: { id: 'b1', contentTypeId: 'booking' },
  title: 'Ann {{entry.email}}',
  email,
  places: 3,
  event: { sys: { id: 'e1', contentTypeId: 'event', dataFormat: 'entry' } },
});

const openDay = { sys: { id: 'e1' }, entryTitle: 'Open day', venueName: 'Great Hall' };
const read = (id: string) => (id === 'e1' ? openDay : undefined);

describe('receiptFor', () => {
  it('writes the demo booking confirmation from the booking and the event it names', () => {
    const mail = receiptFor(DEMO_RECEIPT_MAILS, event(booking('ann@example.org')), read);
    expect(mail).toMatchObject({
      to: 'ann@example.org',
      kind: 'booking-confirmation',
      subject: 'Booking confirmed: Open day',
    });
    expect(mail?.text).toContain('Your place at Open day is saved.');
    expect(mail?.text).toContain('Places booked: 3');
    expect(mail?.text).toContain('Where: Great Hall');
    // Nothing the visitor typed but the number of places, placeholders in it included.
    expect(mail?.text).not.toContain('Ann');
  });

  it('writes the confirmation of a booking made in Welsh in Welsh, with the Welsh event', () => {
    const welshEvent = { sys: { id: 'e1' }, entryTitle: 'Diwrnod agored', venueName: 'Y Neuadd Fawr' };
    const readIn = (id: string, language: string) =>
      id === 'e1' && language === 'cy' ? welshEvent : undefined;
    const mail = receiptFor(
      DEMO_RECEIPT_MAILS,
      event(booking('ann@example.org'), { language: 'cy' }),
      readIn,
    );
    expect(mail?.subject).toBe('Archeb wedi’i chadarnhau: Diwrnod agored');
    expect(mail?.text).toContain('Mae eich lle yn Diwrnod agored wedi’i gadw.');
    expect(mail?.text).toContain('Nifer y lleoedd: 3');
    expect(mail?.text).toContain('Ble: Y Neuadd Fawr');
    expect(mail?.text).not.toContain('Ann');
    // A language the setting has no words for gets the default ones.
    const french = receiptFor(
      DEMO_RECEIPT_MAILS,
      event(booking('ann@example.org'), { language: 'fr' }),
      read,
    );
    expect(french?.subject.startsWith('Booking confirmed:')).toBe(true);
    expect(french?.text).toContain('Thank you for booking.');
  });

  it('sends nothing for other events, other content types, other projects, or without an address', () => {
    const good = booking('ann@example.org');
    expect(receiptFor(DEMO_RECEIPT_MAILS, event(good, { event: 'updated' }), read)).toBeNull();
    expect(receiptFor(DEMO_RECEIPT_MAILS, event(good, { contentTypeId: 'event' }), read)).toBeNull();
    expect(receiptFor(DEMO_RECEIPT_MAILS, event(good, { projectId: 'other' }), read)).toBeNull();
    expect(receiptFor(DEMO_RECEIPT_MAILS, event(good, { resourceType: 'asset' }), read)).toBeNull();
    for (const email of [undefined, 42, 'no address', 'a@b', `${'a'.repeat(250)}@example.org`]) {
      expect(receiptFor(DEMO_RECEIPT_MAILS, event(booking(email)), read), String(email)).toBeNull();
    }
  });

  it('keeps the subject on one line whatever the linked entry holds', () => {
    const setting: ReceiptMailSetting = { ...(DEMO_RECEIPT_MAILS[0] as ReceiptMailSetting) };
    const mail = receiptFor([setting], event(booking('ann@example.org')), () => ({
      entryTitle: 'Open\r\nBcc: someone@example.org',
    }));
    expect(mail?.subject).toBe('Booking confirmed: Open Bcc: someone@example.org');
  });

  it('renders a link to an entry that is not published as nothing', () => {
    const mail = receiptFor(DEMO_RECEIPT_MAILS, event(booking('ann@example.org')), () => undefined);
    expect(mail?.subject).toBe('Booking confirmed: ');
  });
});
