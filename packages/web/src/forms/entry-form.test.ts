import { describe, expect, it } from 'vitest';
import {
  confirmedValues,
  defineEntryForm,
  entryFormAt,
  entryFormPaths,
  linkedEntryProblem,
  readEntryForm,
} from './entry-form.js';

const form = defineEntryForm({
  id: 'booking',
  path: '/events/:slug/book',
  confirmationPath: '/events/:slug/book/confirmation',
  contentTypeId: 'booking',
  language: 'en-GB',
  confirm: ['email', 'places'],
  fields: [
    { kind: 'text', name: 'name', required: 'Enter your name', maxLength: 10, tooLong: 'Name too long' },
    {
      kind: 'email',
      name: 'email',
      required: 'Enter your email',
      invalid: 'Enter a real email',
      tooLong: 'Email too long',
    },
    { kind: 'integer', name: 'places', required: 'Choose places', min: 1, max: 4, invalid: 'From 1 to 4' },
    {
      kind: 'entry',
      name: 'event',
      contentTypeId: 'event',
      required: 'Choose an event',
      notFound: 'No such event',
      conditions: [{ field: 'bookingRequired', equalTo: true, message: 'No booking needed' }],
    },
    { kind: 'text', name: 'notes', tooLong: 'Notes too long' },
  ],
  messages: { unavailable: 'Try later', tooMany: 'Wait {minutes} minutes' },
});

describe('readEntryForm', () => {
  it('makes the entry fields of a good submission: trimmed text, numbers, entry links', () => {
    const reading = readEntryForm(form, {
      name: '  Ann  ',
      email: 'ann@example.org',
      places: '2',
      event: 'e-1',
      _csrf: 'token',
    });
    expect(reading.fieldErrors).toEqual({});
    expect(reading.fields).toEqual({
      name: 'Ann',
      email: 'ann@example.org',
      places: 2,
      event: { sys: { id: 'e-1', contentTypeId: 'event', dataFormat: 'entry' } },
    });
    expect(reading.links).toEqual({ event: 'e-1' });
    expect(reading.values).toEqual({ name: 'Ann', email: 'ann@example.org', places: '2', event: 'e-1' });
  });

  it('gives each wrong field its message and keeps what was typed', () => {
    const reading = readEntryForm(form, {
      name: 'A name far too long',
      email: 'not an address',
      places: '5',
      event: '../../etc',
    });
    expect(reading.fieldErrors).toEqual({
      name: 'Name too long',
      email: 'Enter a real email',
      places: 'From 1 to 4',
      event: 'No such event',
    });
    expect(reading.values.email).toBe('not an address');
  });

  it('asks for every required field left empty, and lets optional ones be', () => {
    const reading = readEntryForm(form, { name: ' ', places: ['2'] as unknown as string });
    expect(reading.fieldErrors).toEqual({
      name: 'Enter your name',
      email: 'Enter your email',
      places: 'Choose places',
      event: 'Choose an event',
    });
  });

  it('refuses numbers that are not whole numbers in range', () => {
    for (const places of ['0', '-1', '1.5', '1e1', '0x2', '9999999999']) {
      expect(readEntryForm(form, { places }).fieldErrors.places, places).toBe('From 1 to 4');
    }
  });
});

describe('linkedEntryProblem', () => {
  const field = form.fields[3] as Parameters<typeof linkedEntryProblem>[0];

  it('accepts an entry of the content type that meets every condition', () => {
    expect(
      linkedEntryProblem(field, { sys: { contentTypeId: 'event' }, bookingRequired: true } as never),
    ).toBeNull();
  });

  it('refuses a missing entry, one of another type, and one that fails a condition', () => {
    expect(linkedEntryProblem(field, null)).toBe('No such event');
    expect(
      linkedEntryProblem(field, { sys: { contentTypeId: 'course' }, bookingRequired: true } as never),
    ).toBe('No such event');
    expect(
      linkedEntryProblem(field, { sys: { contentTypeId: 'event' }, bookingRequired: false } as never),
    ).toBe('No booking needed');
    expect(linkedEntryProblem(field, { sys: { contentTypeId: 'event' } } as never)).toBe('No booking needed');
  });

  it('checks dates still to come against the clock it is given, on dotted paths', () => {
    const dated = {
      ...field,
      conditions: [{ field: 'eventDates.to', after: 'now', message: 'Over' }],
    } as Parameters<typeof linkedEntryProblem>[0];
    const event = { sys: { contentTypeId: 'event' }, eventDates: { to: '2026-09-10T12:00:00Z' } } as never;
    const at = Date.parse('2026-09-10T12:00:00Z');
    expect(linkedEntryProblem(dated, event, at - 1)).toBeNull();
    expect(linkedEntryProblem(dated, event, at)).toBe('Over');
    expect(linkedEntryProblem(dated, { sys: { contentTypeId: 'event' } } as never, at)).toBe('Over');
    expect(
      linkedEntryProblem(dated, { sys: { contentTypeId: 'event' }, eventDates: { to: 'soon' } } as never, at),
    ).toBe('Over');
  });
});

describe('entryFormAt and entryFormPaths', () => {
  it('finds the form of its page or its confirmation page, with the parameters', () => {
    expect(entryFormAt([form], '/events/open-day/book')).toMatchObject({
      form,
      params: { slug: 'open-day' },
    });
    expect(entryFormAt([form], '/events/open-day/book/confirmation')).toBeNull();
    expect(entryFormAt([form], '/events/open-day/book/confirmation', 'either')?.params).toEqual({
      slug: 'open-day',
    });
    expect(entryFormAt([form], '/events/open-day')).toBeNull();
    expect(entryFormAt(undefined, '/events/open-day/book')).toBeNull();
  });

  it('builds both addresses back from the parameters, each one segment on this site', () => {
    expect(entryFormPaths(form, { slug: 'open-day' })).toEqual({
      page: '/events/open-day/book',
      confirmation: '/events/open-day/book/confirmation',
    });
    for (const path of ['/events/a%20b/book', '/events/%2F%2Fevil.example/book', '/events/a%2Fb/book']) {
      const found = entryFormAt([form], path);
      expect(found, path).not.toBeNull();
      const paths = entryFormPaths(form, found?.params ?? {});
      expect(paths.page, path).toBe(path);
      expect(paths.confirmation.startsWith('/events/')).toBe(true);
    }
  });
});

describe('confirmedValues', () => {
  it('keeps only what the form lets its confirmation page repeat', () => {
    expect(confirmedValues(form, { name: 'Ann', email: 'ann@example.org', places: '2', event: 'e' })).toEqual(
      {
        email: 'ann@example.org',
        places: '2',
      },
    );
  });
});
