import { generatePath, matchPath } from 'react-router';

// Entry forms: a form on the site whose submission becomes an entry on the platform (a booking,
// an enquiry), created by the site server with its API client. What the form asks and what it
// says when something is wrong is data here; reading and checking a submission is pure, so the
// server's route (server/forms/) only adds the request, the session and the platform calls.

/** A text field (`text`), or an email address (`email`). */
export interface EntryFormTextField {
  kind: 'text' | 'email';
  /** The form field's name, and the entry field it fills. */
  name: string;
  /** Message when it is empty; without one the field may be left empty. */
  required?: string;
  /** Longest value (default 200 characters). */
  maxLength?: number;
  /** Message when it is longer. */
  tooLong: string;
  /** `email`: message when it does not look like an email address. */
  invalid?: string;
}

/** A whole number between `min` and `max`. */
export interface EntryFormNumberField {
  kind: 'integer';
  name: string;
  required?: string;
  min: number;
  max: number;
  /** Message when it is not a whole number from `min` to `max`. */
  invalid: string;
}

/**
 * A link to a published entry, named by its id (usually a hidden field): the entry must exist,
 * be of `contentTypeId`, and meet each condition, else the form is refused with its message.
 */
export interface EntryFormLinkField {
  kind: 'entry';
  name: string;
  contentTypeId: string;
  required?: string;
  /** Message when there is no such published entry (of that content type). */
  notFound: string;
  /**
   * What the linked entry must be, each with the message when it is not: a field with a value
   * (`{ field: 'bookingRequired', equalTo: true, message }`), or a date and time still to come
   * (`{ field: 'eventDates.to', after: 'now', message }`). Fields are dotted paths.
   */
  conditions?: readonly EntryFormCondition[];
}

/** One condition of an {@link EntryFormLinkField}. */
export type EntryFormCondition =
  | { field: string; equalTo: string | number | boolean; message: string }
  | { field: string; after: 'now'; message: string };

/** One field of an {@link EntryFormDefinition}. */
export type EntryFormField = EntryFormTextField | EntryFormNumberField | EntryFormLinkField;

/**
 * A form whose submissions become entries (see `docs/web.md`, "Entry forms"). The page at
 * `path` shows the form and posts it to the same address; the site server checks it, creates
 * an entry of `contentTypeId` with the site's API client (which needs only `create` on that
 * content type), and sends the visitor (303) to `confirmationPath`, or back to `path` with the
 * messages. Both pages get the visitor's CSRF token and the outcome (`useEntryFormFeedback`).
 *
 * @example
 * export const bookingForm = defineEntryForm({
 *   id: 'booking', path: '/events/:slug/book', confirmationPath: '/events/:slug/book/confirmation',
 *   contentTypeId: 'booking', language: 'en-GB', confirm: ['email'],
 *   fields: [{ kind: 'email', name: 'email', required: 'Enter your email address', invalid: '…', tooLong: '…' }],
 *   messages: { unavailable: 'We could not take your booking. Try again later.', tooMany: '…' },
 * });
 */
export interface EntryFormDefinition {
  /** Names the form: the outcome on the next page carries it (`user.form.form`). */
  id: string;
  /** The form's page and the address it posts to: a React Router pattern, e.g. `/events/:slug/book`. */
  path: string;
  /** Where a good submission leads; the parameters of `path` fill its own. */
  confirmationPath: string;
  /** Content type of the entries created, and their language. */
  contentTypeId: string;
  language: string;
  fields: readonly EntryFormField[];
  /** Submitted values the confirmation page may repeat (e.g. the address the mail went to). */
  confirm?: readonly string[];
  messages: {
    /** The platform could not take the submission (down, or refused it). */
    unavailable: string;
    /** The visitor's address sent too many submissions; `{minutes}` is replaced. */
    tooMany: string;
  };
  /** Submissions one address may send (a token bucket; default 10 a minute after a burst of 10). */
  rateLimit?: { perMinute: number; burst: number };
}

/** Declares an entry form (an identity function, for type checking). */
export function defineEntryForm(form: EntryFormDefinition): EntryFormDefinition {
  return form;
}

/** The key of a form-level problem in `fieldErrors` (one not about any field the visitor filled). */
export const FORM_PROBLEM = '_form';

/** Longest text value when a field names no `maxLength`. */
export const DEFAULT_MAX_LENGTH = 200;

/** A submission read against its form: what to create, or what to tell the visitor. */
export interface EntryFormReading {
  /** Messages by field name; empty when the submission can go ahead. */
  fieldErrors: Record<string, string>;
  /** The values as typed (trimmed), to fill the form again. */
  values: Record<string, string>;
  /** The entry's fields, once every field is good. */
  fields: Record<string, unknown>;
  /** Ids of the linked entries to check on the platform, by field name. */
  links: Record<string, string>;
}

/**
 * Reads a submitted form body against the form: trimmed values, a message for each field that
 * is wrong, and the entry's fields (text as text, numbers as numbers, links as entry links).
 *
 * @example
 * readEntryForm(bookingForm, { name: 'Ann', email: 'ann@example.org', places: '2', event: 'e1' });
 * // { fieldErrors: {}, fields: { name: 'Ann', email: 'ann@example.org', places: 2, event: { sys: … } }, … }
 */
export function readEntryForm(
  form: EntryFormDefinition,
  body: Readonly<Record<string, unknown>>,
): EntryFormReading {
  const fieldErrors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  const links: Record<string, string> = {};
  for (const field of form.fields) {
    const raw = body[field.name];
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text !== '') values[field.name] = text.slice(0, 2 * maxLengthOf(field));
    if (text === '') {
      if (field.required) fieldErrors[field.name] = field.required;
      continue;
    }
    const problem = problemOf(field, text);
    if (problem) {
      fieldErrors[field.name] = problem;
      continue;
    }
    if (field.kind === 'integer') fields[field.name] = Number(text);
    else if (field.kind === 'entry') {
      links[field.name] = text;
      fields[field.name] = { sys: { id: text, contentTypeId: field.contentTypeId, dataFormat: 'entry' } };
    } else fields[field.name] = text;
  }
  return { fieldErrors, values, fields, links };
}

function maxLengthOf(field: EntryFormField): number {
  return field.kind === 'text' || field.kind === 'email' ? (field.maxLength ?? DEFAULT_MAX_LENGTH) : 100;
}

function problemOf(field: EntryFormField, text: string): string | null {
  switch (field.kind) {
    case 'text':
    case 'email':
      if (text.length > maxLengthOf(field)) return field.tooLong;
      if (field.kind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text))
        return field.invalid ?? field.tooLong;
      return null;
    case 'integer': {
      if (!/^\d{1,9}$/.test(text)) return field.invalid;
      const value = Number(text);
      return value < field.min || value > field.max ? field.invalid : null;
    }
    case 'entry':
      // Ids are GUIDs or slugs: anything else names no entry, and never reaches the platform.
      return /^[A-Za-z0-9_-]{1,100}$/.test(text) ? null : field.notFound;
  }
}

/**
 * What is wrong with a linked entry as the platform answered it (`null`: there is none of that
 * content type), or `null` when it is good.
 */
export function linkedEntryProblem(
  field: EntryFormLinkField,
  entry: { sys?: { contentTypeId?: unknown } } | null,
  now: number = Date.now(),
): string | null {
  if (!entry || entry.sys?.contentTypeId !== field.contentTypeId) return field.notFound;
  for (const condition of field.conditions ?? []) {
    const value = valueAt(entry, condition.field);
    const met =
      'after' in condition
        ? typeof value === 'string' && Date.parse(value) > now
        : value === condition.equalTo;
    if (!met) return condition.message;
  }
  return null;
}

/** The value at a dotted path of an entry (own properties only). */
function valueAt(entry: object, path: string): unknown {
  let current: unknown = entry;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The form whose page or confirmation page is at `pathname`, with the address's parameters. */
export function entryFormAt(
  forms: readonly EntryFormDefinition[] | undefined,
  pathname: string,
  which: 'form' | 'confirmation' | 'either' = 'form',
): { form: EntryFormDefinition; params: Record<string, string> } | null {
  for (const form of forms ?? []) {
    const patterns =
      which === 'form'
        ? [form.path]
        : which === 'confirmation'
          ? [form.confirmationPath]
          : [form.path, form.confirmationPath];
    for (const pattern of patterns) {
      const match = matchPath({ path: pattern, end: true, caseSensitive: false }, pathname);
      if (match) return { form, params: paramsOf(match.params) };
    }
  }
  return null;
}

// React Router decodes some escapes in parameters and not others (`%2F` but not `%20`):
// decoded here once more, so that generating the paths again gives back the same address.
function paramsOf(params: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    try {
      result[key] = decodeURIComponent(value);
    } catch {
      result[key] = value;
    }
  }
  return result;
}

/**
 * The form's page and its confirmation page for the parameters of an address, each
 * parameter encoded as one segment (so neither can lead off the site).
 */
export function entryFormPaths(
  form: EntryFormDefinition,
  params: Readonly<Record<string, string>>,
): { page: string; confirmation: string } {
  // generatePath encodes each parameter.
  return {
    page: generatePath(form.path, params),
    confirmation: generatePath(form.confirmationPath, params),
  };
}

/** The values a confirmation page may show: only the form's `confirm` fields. */
export function confirmedValues(
  form: EntryFormDefinition,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of form.confirm ?? []) if (values[name] !== undefined) kept[name] = values[name];
  return kept;
}
